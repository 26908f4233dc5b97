// Package apitest wires the real service (real router, middleware and
// handlers on a migrated SQLite file in a temporary folder) for handler tests
// through httptest.
package apitest

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

// Service is a running instance of the service, without a network listener.
type Service struct {
	Echo   *echo.Echo
	App    *app.App
	DB     *database.DB
	Config config.Config
	// Logs holds every line the service logged, for assertions on what is (not) logged.
	Logs *observer.ObservedLogs
	t    testing.TB
}

// Option changes how the service is built.
type Option func(*options)

type options struct {
	configure []func(*config.Config)
	apps      fs.FS
	logger    *zap.Logger
}

// WithLogger sends the service's log to logger instead of Logs (benchmarks: the production encoder, without
// keeping every line in memory).
func WithLogger(l *zap.Logger) Option {
	return func(o *options) { o.logger = l }
}

// WithConfig edits the configuration before the service is built.
func WithConfig(fn func(*config.Config)) Option {
	return func(o *options) { o.configure = append(o.configure, fn) }
}

// WithApps serves these app files instead of TestApps().
func WithApps(fsys fs.FS) Option {
	return func(o *options) { o.apps = fsys }
}

// TestApps is a small stand-in for both built apps, shaped like Vite output, with a file for each picture the
// shipped content names (the builds copy them from libs/ui/assets; start-up refuses content naming a missing one).
func TestApps() fstest.MapFS {
	apps := fstest.MapFS{
		"account-portal/index.html":                {Data: []byte(`<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>account portal</body></html>`)},
		"account-portal/favicon.svg":               {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
		"account-portal/assets/index-AbC123.js":    {Data: []byte(strings.Repeat("console.log('account portal');\n", 100))},
		"account-portal/assets/index-AbC123.css":   {Data: []byte(`body{margin:0}`)},
		"account-portal/assets/logo-XyZ.png":       {Data: []byte("\x89PNG\r\n\x1a\n")},
		"preference-centre/index.html":             {Data: []byte(`<!doctype html><html><head><script type="module" src="/preferences/assets/index-DeF456.js"></script></head><body>preference centre</body></html>`)},
		"preference-centre/assets/index-DeF456.js": {Data: []byte(`console.log('preference centre')`)},
	}
	shipped, err := content.Load(content.Embedded())
	if err != nil {
		panic(err) // the content's own tests name the problem
	}
	for _, picture := range shipped.PicturePaths() {
		for _, app := range []string{"account-portal", "preference-centre"} {
			apps[app+picture] = &fstest.MapFile{Data: []byte("<svg/>")}
		}
	}
	return apps
}

// WithRequestTracing mounts the HTTP edge's tracing (as config tracing.otlpEndpoint does) without sending anything
// anywhere: apitest starts no exporter, so each request's span, and the query spans under it, reach whatever tracer
// provider the test set (dbtest.RecordStatements).
func WithRequestTracing() Option {
	return WithConfig(func(c *config.Config) { c.Tracing.OTLPEndpoint = "http://127.0.0.1:4318" })
}

// EachDatabase runs fn as a subtest on a service over SQLite and one over PostgreSQL (skipped without
// PORTAL_TEST_POSTGRES_URL, as dbtest.PostgresURL says).
func EachDatabase(t *testing.T, fn func(t *testing.T, s *Service), opts ...Option) {
	t.Helper()
	ForEachDatabase(t, func(t *testing.T, database Option) { fn(t, New(t, append(opts, database)...)) })
}

// ForEachDatabase runs fn as a subtest twice, with the option that puts a service on a fresh SQLite database and
// then with the one that puts it on a fresh PostgreSQL database (skipped without PORTAL_TEST_POSTGRES_URL): for a
// test that builds its service itself.
func ForEachDatabase(t *testing.T, fn func(t *testing.T, database Option)) {
	t.Helper()
	for _, db := range []struct {
		name string
		url  func(testing.TB) string
	}{{"sqlite", dbtest.SQLiteURL}, {"postgres", dbtest.PostgresURL}} {
		t.Run(db.name, func(t *testing.T) {
			fn(t, WithConfig(func(c *config.Config) { c.Database.URL = db.url(t) }))
		})
	}
}

// testPublicURL is the service's address in tests (https://portal.test in production, which requires HTTPS).
const testPublicURL = "http://portal.test"

// New builds the service with a fresh SQLite database in t.TempDir().
func New(t testing.TB, opts ...Option) *Service {
	t.Helper()
	o := options{apps: TestApps()}
	for _, opt := range opts {
		opt(&o)
	}
	cfg := config.Default()
	cfg.Database.URL = dbtest.SQLiteURL(t)
	cfg.HTTP.PublicURL = testPublicURL
	for _, fn := range o.configure {
		fn(&cfg)
	}
	fillTestSecrets(&cfg)
	require.NoError(t, cfg.Validate(), "apitest: configuration")

	db, err := database.Open(context.Background(), cfg.Database.URL)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	_, err = db.Migrate(context.Background())
	require.NoError(t, err)

	core, logs := observer.New(zap.DebugLevel)
	logger := zap.New(core)
	if o.logger != nil {
		logger = o.logger
	}
	a, err := app.New(context.Background(), cfg, logger, db, app.Options{Apps: o.apps})
	require.NoError(t, err)
	return &Service{Echo: a.Echo, App: a, DB: db, Config: cfg, Logs: logs, t: t}
}

// Request is a request to send through the service.
type Request struct {
	Method string
	Target string
	Body   string
	Header map[string]string
	// Host overrides the Host header (default example.com).
	Host string
	// RemoteAddr is the connection's peer (default 127.0.0.1:40000, a developer's own machine).
	RemoteAddr string
}

// Do sends a request through the full router and returns the recorded response.
func (s *Service) Do(r Request) *httptest.ResponseRecorder {
	s.t.Helper()
	method := r.Method
	if method == "" {
		method = http.MethodGet
	}
	var body io.Reader
	if r.Body != "" {
		body = strings.NewReader(r.Body)
	}
	req := httptest.NewRequest(method, r.Target, body)
	if r.Host != "" {
		req.Host = r.Host
	}
	req.RemoteAddr = "127.0.0.1:40000"
	if r.RemoteAddr != "" {
		req.RemoteAddr = r.RemoteAddr
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.Echo.ServeHTTP(rec, req)
	return rec
}

// Get is Do for a plain GET.
func (s *Service) Get(target string) *httptest.ResponseRecorder {
	s.t.Helper()
	return s.Do(Request{Target: target})
}

// ErrorBody decodes the service's JSON error document, failing the test when
// the response is not one.
func ErrorBody(t testing.TB, rec *httptest.ResponseRecorder) apierror.BodyError {
	t.Helper()
	require.Contains(t, rec.Header().Get(echo.HeaderContentType), "application/json", "error responses are JSON: %s", rec.Body.String())
	var body apierror.Body
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), rec.Body.String())
	require.NotEmpty(t, body.Error.Code, rec.Body.String())
	require.NotEmpty(t, body.Error.Message, rec.Body.String())
	return body.Error
}

// fillTestSecrets sets the keys, the public URL, the sender and the relay that production requires (and the shop key that config.Load adds in
// development) when a test left them empty, so tests of other behaviour can run with env production. A test
// of these settings sets its own.
func fillTestSecrets(cfg *config.Config) {
	if cfg.Env == config.EnvProduction && (cfg.HTTP.PublicURL == "" || cfg.HTTP.PublicURL == testPublicURL) {
		cfg.HTTP.PublicURL = "https://portal.test" // production's address is HTTPS
	}
	if cfg.Env == config.EnvProduction && cfg.Mail.SMTP.URL == "" {
		// Nothing delivers in these tests (the service's Run is not started); the setting only has to be there.
		cfg.Mail.SMTP.URL = "smtp://127.0.0.1:1"
	}
	if cfg.Env == config.EnvProduction && strings.HasSuffix(cfg.Mail.From, ".localhost>") {
		cfg.Mail.From = "Kundenkonto <noreply@apitest.example>"
	}
	if len(cfg.Subscribers.JWT.Keys) == 0 && cfg.Env == config.EnvProduction {
		cfg.Subscribers.JWT.Keys = []config.SigningKey{{KID: "apitest", Secret: "apitest-link-signing-secret-0123456789"}}
	}
	if len(cfg.Reminders.APIKeys) == 0 {
		if cfg.Env == config.EnvProduction {
			cfg.Reminders.APIKeys = []string{"apitest-shop-key-0123456789"}
		} else {
			cfg.Reminders.APIKeys = []string{config.DevShopAPIKey}
		}
	}
}

// OpenMailLink does what a recipient's click on a mail link does (package maillink): the link's GET, which may
// only land on its app page with the token in the fragment, then that page's POST of the token. It returns the
// page that shows the outcome.
func (s *Service) OpenMailLink(link string) string {
	s.t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		s.t.Fatalf("mail link %q: %v", link, err)
	}
	landed := s.Get(u.RequestURI())
	if landed.Code != http.StatusSeeOther {
		s.t.Fatalf("GET %s answered %d, want 303 to its page", u.Path, landed.Code)
	}
	_, fragment, found := strings.Cut(landed.Header().Get("Location"), "#")
	values, err := url.ParseQuery(fragment)
	if !found || err != nil || len(values) != 1 {
		s.t.Fatalf("GET %s landed on %q, want a page with the token in its fragment", u.Path, landed.Header().Get("Location"))
	}
	var token string
	for _, v := range values {
		token = v[0]
	}
	rec := s.Do(Request{Method: http.MethodPost, Target: u.Path, Body: url.Values{"token": {token}}.Encode(),
		Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://example.com"}})
	var out struct {
		Next string `json:"next"`
	}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &out) != nil || out.Next == "" {
		s.t.Fatalf("POST %s answered %d %s", u.Path, rec.Code, rec.Body.String())
	}
	return out.Next
}
