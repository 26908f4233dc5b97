package httpapi

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/clientaddr"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/crossorigin"
)

// ipExtractor reads the client address: from the connection when no proxy is trusted (the default), else from
// X-Forwarded-For, believing only the hops that come from http.trustedProxies. Loopback, link-local and private
// ranges are not trusted unless configured, so nobody picks their own address by sending the header.
func ipExtractor(cfg config.Config) (echo.IPExtractor, error) {
	nets, err := cfg.TrustedProxyNets()
	if err != nil {
		return nil, err
	}
	if len(nets) == 0 {
		return echo.ExtractIPDirect(), nil
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range nets {
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...), nil
}

// withClientAddress puts the client address into the request's context for the domain's throttles and audit log.
// When the connection's context already carries it (peerAddress: the peer is the client unless a trusted proxy
// forwarded the request), the request is left as it is: a copy of the request and two context values per
// request were a tenth of the region endpoint's allocations.
func withClientAddress() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if ip := c.RealIP(); clientaddr.From(r.Context()) != ip {
				c.SetRequest(r.WithContext(clientaddr.With(r.Context(), ip)))
			}
			return next(c)
		}
	}
}

// peerAddress is the server's ConnContext: it puts the connection's peer address into the context every
// request on the connection starts from, once per connection. withClientAddress replaces it per request where
// the client address differs (a request forwarded by a trusted proxy).
func peerAddress(ctx context.Context, c net.Conn) context.Context {
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		return ctx
	}
	return clientaddr.With(ctx, host)
}

// DevPrefix is where the development aids live: the outbox viewer, the clock, QA mode and the development
// OpenID issuer.
const DevPrefix = "/dev/"

// loopbackOnlyDev hides the development aids from everything but the machine itself: /dev/outbox shows every
// reset and verification link, so on any other address it is a plain 404. The connection, the client address
// (through trusted proxies) and every forwarded hop must be loopback: a local reverse proxy forwarding someone
// else's request is not the developer.
func loopbackOnlyDev() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			if strings.HasPrefix(r.URL.Path, DevPrefix) && !fromThisMachine(r, c.RealIP()) {
				return echo.ErrNotFound
			}
			return next(c)
		}
	}
}

func fromThisMachine(r *http.Request, realIP string) bool {
	if !clientaddr.IsLoopback(r.RemoteAddr) || !clientaddr.IsLoopback(realIP) {
		return false
	}
	if r.Header.Get("Forwarded") != "" {
		return false
	}
	for _, h := range []string{echo.HeaderXForwardedFor, echo.HeaderXRealIP} {
		for _, v := range r.Header.Values(h) {
			for _, hop := range strings.Split(v, ",") {
				if !clientaddr.IsLoopback(strings.TrimSpace(hop)) {
					return false
				}
			}
		}
	}
	return true
}

// Paths whose state-changing requests carry their own authorisation instead of a cookie, so a cross-site
// request cannot abuse a shopper's session on them and they stay open to other sites.
var crossOriginBypass = []string{
	// Apple answers social logins with response_mode=form_post: a cross-site POST from appleid.apple.com,
	// protected by the login state cookie and PKCE.
	"POST /identity/social/{provider}/callback",
	// RFC 8058 one-click unsubscribe: mail providers post it (usually without Origin); the signed token in the
	// path is the authorisation.
	"POST /rest/v1/subscriber/unsubscribe/{token}",
	// The provider's back-channel endpoints: a partner's code with its PKCE verifier or secret, a bearer or refresh
	// token authorise them, never a cookie, and a partner app in the browser calls them from its own origin (the
	// provider's CORS answers name registered partners only).
	// OpenID Connect Core 3.1.2.1: the authorisation endpoint takes POST as well as GET, from the partner's page;
	// the shopper's session cookie (SameSite=Lax) does not come with another site's POST, so it grants nothing.
	"POST /oidc/authorize",
	"POST /oidc/oauth/token",
	"POST /oidc/oauth/introspect",
	"POST /oidc/revoke",
	"POST /oidc/userinfo",
	// OpenID Connect RP-Initiated Logout 1.0 §2: the end-session endpoint takes POST as well as GET, from the
	// partner's page. It ends only the session of the shopper its id_token_hint names (without a hint it goes
	// through the portal's logout page, as a link would), and another site's POST brings no Lax session cookie
	// (ssoapi then sends the browser on as a navigation, which does).
	"POST /oidc/end_session",
}

// crossOriginProtection refuses cross-site state-changing requests on every route (crossorigin.Rule: net/http's
// CrossOriginProtection, Sec-Fetch-Site, else Origin against Host, with the trusted origins' schemes; requests with
// neither header, from non-browser clients such as mail providers and the shop, pass). The identity API's
// accounts.* methods check the same rule themselves and answer in the vendor's envelope (403000), so they are left
// to it. The refusal names the header that refused the request, as every error names what is at fault (QA
// robustness round of 2026-11-30: it named nothing).
func crossOriginProtection(trustedOrigins []string) (echo.MiddlewareFunc, error) {
	rule, err := crossorigin.New(trustedOrigins, crossOriginBypass...)
	if err != nil {
		return nil, err
	}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			switch r.Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
				return next(c)
			}
			if strings.HasPrefix(r.URL.Path, "/identity/accounts.") {
				return next(c)
			}
			var refused *crossorigin.Refusal
			if err := rule.Check(r); errors.As(err, &refused) {
				return &apierror.Error{Status: http.StatusForbidden, Code: "cross_origin", Message: "Cross-origin request refused.", Field: refused.Header}
			}
			return next(c)
		}
	}, nil
}

// TrustedOrigins are the origins besides a request's own whose pages may send state-changing requests: the
// public URL's and the apps' own hosts.
func TrustedOrigins(cfg config.Config) []string {
	var out []string
	if u, err := url.Parse(cfg.HTTP.PublicURL); err == nil && u.Scheme != "" && u.Host != "" {
		out = append(out, u.Scheme+"://"+u.Host)
	}
	for _, host := range []string{cfg.Apps.AccountPortal.Host, cfg.Apps.PreferenceCentre.Host} {
		if host == "" {
			continue
		}
		out = append(out, "https://"+host)
		if cfg.Env != config.EnvProduction {
			out = append(out, "http://"+host)
		}
	}
	return out
}

// tracing makes one OpenTelemetry span per request, named by its route template (never the URL, which can hold
// addresses and tokens), continuing a trace the caller propagated. It is mounted only when traces are sent.
func tracing() echo.MiddlewareFunc {
	tracer := otel.Tracer("github.com/grocer-portal/portal/services/api/internal/httpapi")
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			ctx := otel.GetTextMapPropagator().Extract(r.Context(), propagation.HeaderCarrier(r.Header))
			ctx, span := tracer.Start(ctx, r.Method+" "+c.Path(), trace.WithSpanKind(trace.SpanKindServer))
			defer span.End()
			c.SetRequest(r.WithContext(ctx))
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			status := c.Response().Status
			span.SetAttributes(attribute.String("http.request.method", r.Method), attribute.String("http.route", c.Path()),
				attribute.Int("http.response.status_code", status))
			if status >= 500 {
				span.SetStatus(codes.Error, http.StatusText(status))
			}
			return nil
		}
	}
}
