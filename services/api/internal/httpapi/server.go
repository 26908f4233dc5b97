// Package httpapi is the HTTP edge of the service: it builds the echo router
// with its middleware, maps errors to JSON, and mounts the handlers for
// health, metadata, CMS content and the two web apps.
package httpapi

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/metadata"
	"github.com/grocer-portal/portal/services/api/internal/region"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
	"github.com/grocer-portal/portal/services/api/internal/thirdparty"
	"github.com/grocer-portal/portal/services/api/internal/webapp"
)

// Pinger is what the readiness probe needs from the database.
type Pinger interface {
	Ping(ctx context.Context) error
}

// ErrStopping is a Pinger's answer once the service has begun to stop (http.shutdownDrain): the replica still
// answers, but takes no new traffic.
var ErrStopping = errors.New("the service is stopping")

// ErrNotReady is the cause of /readyz's 503: the answer a probe is there to get, not a failure of the request.
var ErrNotReady = errors.New("not ready")

// Deps is everything the router is built from.
type Deps struct {
	Config config.Config
	Logger *zap.Logger
	DB     Pinger
	// Apps holds account-portal/ and preference-centre/; nil means the files embedded in the binary.
	Apps fs.FS
	// Content is the CMS content; nil loads the embedded documents and content.dir's.
	Content *content.Library
	// Services are the domain services behind the REST endpoints; all are required.
	Services Services
}

// Services are the domain services the REST contract answers from.
type Services struct {
	Identity    identity.Backend
	Stores      *stores.Service
	Subscribers *subscribers.Service
	Reminders   *reminders.Service
}

func (s Services) missing() string {
	switch {
	case s.Identity == nil:
		return "Identity"
	case s.Stores == nil:
		return "Stores"
	case s.Subscribers == nil:
		return "Subscribers"
	case s.Reminders == nil:
		return "Reminders"
	}
	return ""
}

// MaxBodyBytes caps request bodies; the API takes small JSON documents only.
const MaxBodyBytes = "64K"

// ShutdownTimeout is how long in-flight requests may take to finish on shutdown.
const ShutdownTimeout = 15 * time.Second

// New builds the service's echo instance. It loads and checks the CMS
// content and the web apps, so a broken file stops start-up here.
func New(d Deps) (*echo.Echo, error) {
	if d.Logger == nil {
		d.Logger = zap.NewNop()
	}
	library := d.Content
	if library == nil {
		var err error
		if library, err = content.LoadWithDir(d.Config.Content.Dir); err != nil {
			return nil, err
		}
	}
	metadataJSON, err := metadataDocument(d.Config).JSON()
	if err != nil {
		return nil, fmt.Errorf("metadata: %w", err)
	}
	apps := d.Apps
	if apps == nil {
		apps = webapp.Embedded()
	}
	site, err := webapp.New(apps, webapp.Hosts{
		AccountPortal:    d.Config.Apps.AccountPortal.Host,
		PreferenceCentre: d.Config.Apps.PreferenceCentre.Host,
	})
	if err != nil {
		return nil, err
	}
	site.Localize(d.Config.Metadata.Locales, d.Config.Metadata.DefaultLocale)
	thirdParty := thirdparty.Settings{SettingsID: d.Config.Metadata.UserCentrics.SettingsID, LaunchURL: d.Config.Metadata.AdobeTagManager.LaunchURL}
	site.AddToHead(thirdParty.HeadTag())
	built := false
	for _, app := range []webapp.App{webapp.AccountPortal, webapp.PreferenceCentre} {
		if !site.Built(app) {
			d.Logger.Warn("web app not built; its pages answer 503 until `make build` embeds it", zap.String("app", string(app)))
		}
		built = built || site.Built(app)
	}
	if err := checkContent(d, library, site, built); err != nil {
		return nil, err
	}

	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(d.Logger)
	// The client address feeds the per-address slowdown, the mail throttles and the audit log, so it is the
	// peer's own unless the peer is a configured proxy: a header like X-Forwarded-For would let anyone pick it.
	if e.IPExtractor, err = ipExtractor(d.Config); err != nil {
		return nil, fmt.Errorf("http.trustedProxies: %w", err)
	}
	cop, err := crossOriginProtection(TrustedOrigins(d.Config))
	if err != nil {
		return nil, fmt.Errorf("cross-origin protection: %w", err)
	}

	csp := ContentSecurityPolicy(d.Config.ContentSecuritySources())
	edge := []echo.MiddlewareFunc{
		requestID(),
		accessLog(d.Logger),
		recoverPanics(d.Logger),
		securityHeaders(csp, d.Config.Env == config.EnvProduction),
		loopbackOnlyDev(),
		withClientAddress(),
		cop,
		// Answers computed per request (store search, identity) are small JSON: the fastest level keeps most of
		// the saving at a fraction of the CPU; cached bodies are compressed once at the best level instead.
		middleware.GzipWithConfig(middleware.GzipConfig{Skipper: skipCompressed, MinLength: 1024, Level: gzip.BestSpeed}),
		bodyLimit(MaxBodyBytes),
	}
	if d.Config.Tracing.OTLPEndpoint != "" {
		edge = append(edge, tracing())
	}
	e.Use(chainOnce(edge...))

	if name := d.Services.missing(); name != "" {
		return nil, fmt.Errorf("httpapi: the %s service is required", name)
	}
	// no-cache: clients revalidate every time, so a configuration change shows at once.
	metadata := prepare(metadataJSON, nil, echo.MIMEApplicationJSON, strongETag(metadataJSON), "no-cache")
	h := &handlers{db: d.DB, content: library, locales: d.Config.Metadata.Locales, metadata: metadata, site: site, localOrigin: LocalOriginOf(d.Config.HTTP.PublicURL)}
	regions := &regionHandlers{regions: region.Default()}
	rest := &restServer{
		handlers:            h,
		regionHandlers:      regions,
		accountHandlers:     &accountHandlers{identity: d.Services.Identity},
		storeEndpoints:      &storeHandlers{stores: d.Services.Stores},
		subscriberEndpoints: newSubscriberHandlers(d.Services.Subscribers, d.Config.Identity.Embedded.Session.CookieName, d.Config.Metadata.Identity.Provider == "cdc"),
		reminderEndpoints:   newReminderHandlers(d.Services.Reminders, d.Config.Reminders.APIKeys, d.Logger),
	}
	restapi.RegisterHandlersWithOptions(e, rest, restapi.RegisterHandlersOptions{OperationMiddlewares: restBodyMiddlewares()})
	// Registered again, in front of the generated binding: the region check's plain queries skip it (region.go).
	e.GET("/rest/v1/region", regions.plainZipQuery((&restapi.ServerInterfaceWrapper{Handler: rest}).GetRegion))
	// Unknown paths under the API prefixes are JSON 404s, never an app's index.html; so are the metrics and the
	// profiler, which the admin listener serves (admin.addr), and which answered 200 with an app's page here. The
	// single sign-on provider (/oidc, package ssoapi) routes each of its endpoints.
	for _, prefix := range []string{"/rest", "/cms", "/identity", "/dev", "/oidc", "/metrics", "/debug"} {
		e.Any(prefix, noSuchEndpoint(e))
		e.Any(prefix+"/*", noSuchEndpoint(e))
	}
	if thirdParty.Enabled() {
		get(e, thirdparty.ScriptPath, h.thirdPartyScript)
	}
	get(e, "/*", h.webapp)
	return e, nil
}

// checkContent refuses content the configuration and the apps cannot use (a market language without its
// document, an unknown cms id, a centre without its section, a picture no app serves) and says what was loaded:
// nothing told which documents a content.dir gave, or that a file there was skipped (QA content round).
func checkContent(d Deps, library *content.Library, site *webapp.Site, built bool) error {
	req := content.Requirements{
		CMSID:            d.Config.Metadata.CMS.ID,
		Locales:          d.Config.Metadata.Locales,
		PreferenceCentre: d.Config.Metadata.MarketingPreferenceCenter.APIKey != "",
	}
	if built {
		req.Serves = site.Serves
	}
	if err := library.Check(req); err != nil {
		return err
	}
	d.Logger.Info("content loaded", zap.Any("documents", library.ContentSets()), zap.Strings("fromContentDir", library.Overlaid()))
	for _, file := range library.Ignored() {
		d.Logger.Warn("content.dir: file ignored, not a content document", zap.String("file", file))
	}
	return nil
}

// get registers a GET route that answers HEAD the same way.
func get(e *echo.Echo, path string, h echo.HandlerFunc) {
	e.Match([]string{http.MethodGet, http.MethodHead}, path, h)
}

// sessionIdleSeconds is the embedded provider's idle limit, which the apps warn of; other providers keep their
// own sessions.
func sessionIdleSeconds(cfg config.Config) int {
	if cfg.Metadata.Identity.Provider != "embedded" {
		return 0
	}
	return int(cfg.Identity.Embedded.Session.IdleTimeout / time.Second)
}

func metadataDocument(cfg config.Config) metadata.Document {
	m := cfg.Metadata
	envType := m.EnvironmentType
	if envType == "" {
		envType = cfg.Env
	}
	overrides := make(map[string]metadata.ZipCodeRule, len(m.Validation.ZipCode))
	for country, r := range m.Validation.ZipCode {
		overrides[country] = metadata.ZipCodeRule{Regex: r.Regex, ErrorMessage: r.ErrorMessage}
	}
	return metadata.Document{
		Locales:                   m.Locales,
		DefaultLocale:             m.DefaultLocale,
		CMS:                       metadata.CMS{ID: m.CMS.ID},
		RestAPI:                   m.RestAPI,
		SSO:                       metadata.SSO{APIKey: m.SSO.APIKey, CustomLogin: m.SSO.CustomLogin},
		MarketingPreferenceCenter: metadata.APIKey{APIKey: m.MarketingPreferenceCenter.APIKey},
		ForceConsent:              m.ForceConsent,
		CountryGermany:            m.CountryGermany,
		OwnID:                     metadata.OwnID{Environment: m.OwnID.Environment, Application: m.OwnID.Application},
		UserCentrics:              metadata.UserCentrics{SettingsID: m.UserCentrics.SettingsID},
		AdobeTagManager:           metadata.AdobeTagManager{LaunchURL: m.AdobeTagManager.LaunchURL},
		EnvironmentType:           envType,
		Currency:                  m.Currency,
		Identity: metadata.Identity{
			Provider:           m.Identity.Provider,
			CDC:                metadata.CDC{APIKey: m.Identity.CDC.APIKey, DataCenter: m.Identity.CDC.DataCenter},
			SessionIdleSeconds: sessionIdleSeconds(cfg),
			SocialProviders:    cfg.OfferedSocialLogins(),
		},
		BackButtonReferrers: m.BackButtonReferrers,
	}.WithZipCodeRules(overrides)
}

// Serve answers requests on ln until ctx is done, then stops accepting
// connections and waits up to timeout for in-flight requests to finish.
func Serve(ctx context.Context, e *echo.Echo, ln net.Listener, timeout time.Duration) error {
	e.Listener = ln
	e.Server.ReadHeaderTimeout = 10 * time.Second
	e.Server.ReadTimeout = 30 * time.Second
	e.Server.WriteTimeout = 60 * time.Second
	e.Server.IdleTimeout = 120 * time.Second
	e.Server.ConnContext = peerAddress

	errc := make(chan error, 1)
	go func() { errc <- e.Start("") }()

	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return fmt.Errorf("http: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	err := e.Shutdown(shutdownCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		// A client that does not finish (a body that never completes) holds the stop no longer than timeout: its
		// connection is closed and the stop asked for is a stop, not a failure that systemd or Kubernetes would
		// report (QA operations round: exit 1 after 15 s).
		_ = e.Close()
		err = ErrShutdownCut
	}
	if serveErr := <-errc; serveErr != nil && !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
		err = serveErr
	}
	if err != nil && !errors.Is(err, ErrShutdownCut) {
		return fmt.Errorf("http: shutdown: %w", err)
	}
	return err
}

// ErrShutdownCut is Serve's answer when requests still open after the shutdown's time were cut off: the service
// stopped as asked, and says what it could not finish.
var ErrShutdownCut = errors.New("http: requests still open after the shutdown's time were cut off")
