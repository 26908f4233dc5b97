package httpapi

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"maps"
	"net/http"
	"path"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
)

// HeaderRequestID carries the id that ties a response to its log line.
const HeaderRequestID = "X-Request-Id"

// An incoming id is reused only when it is short and plain, so a client cannot
// write arbitrary text into the logs.
var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// chainOnce joins the service's middleware into one, built once. Echo v4 applies e.Use middleware to the
// route's handler on every request, so each layer's closure was allocated per request; here the layers wrap a
// dispatcher that calls the route's handler (c.Handler(), the very handler echo passes as next), so the chain
// is built at start-up and a request allocates none of it.
func chainOnce(mw ...echo.MiddlewareFunc) echo.MiddlewareFunc {
	h := func(c echo.Context) error { return c.Handler()(c) }
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return func(echo.HandlerFunc) echo.HandlerFunc { return h }
}

func requestID() echo.MiddlewareFunc {
	// Ids must be unique, not secret: a random prefix per process and a counter give that without a system
	// call for randomness on every request.
	prefix := make([]byte, 6)
	_, _ = rand.Read(prefix)
	base := hex.EncodeToString(prefix) + "-"
	var counter atomic.Uint64
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			id := c.Request().Header.Get(HeaderRequestID)
			// Most requests bring none: no regular expression to run for them.
			if id == "" || !validRequestID.MatchString(id) {
				// Appended in a buffer on the stack: one allocation for the id instead of three.
				var buf [32]byte
				id = string(strconv.AppendUint(append(buf[:0], base...), counter.Add(1), 36))
			}
			// The response header is where the id is kept for the log too: echo's context store would allocate a
			// map for every request.
			c.Response().Header()[HeaderRequestID] = []string{id}
			return next(c)
		}
	}
}

// RequestID returns the id of the request being handled.
func RequestID(c echo.Context) string {
	if v := c.Response().Header()[HeaderRequestID]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// accessLog writes one line per request. It logs the route template, never
// the URL: paths and query strings can carry e-mail addresses and tokens.
// Client addresses are personal data and are not logged either.
func accessLog(logger *zap.Logger) echo.MiddlewareFunc {
	// The caller would always be this file; finding it costs a stack walk per request.
	logger = logger.WithOptions(zap.WithCaller(false))
	routes := newRouteLogs(logger)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				// Render the error now, so the status logged is the one sent.
				c.Error(err)
			}
			res := c.Response()
			route := c.Path()
			if route == "" {
				route = "(unmatched)"
			}
			elapsed := time.Since(start)
			r := routes.of(route, methodLabel(c.Request().Method), res.Status)
			r.requests.Inc()
			r.duration.Observe(elapsed.Seconds())
			level := zap.InfoLevel
			if isFailure(res.Status, err) {
				level = zap.ErrorLevel
			}
			if ce := r.log.Check(level, "request"); ce != nil {
				// The fields go in a pooled array: as a variadic argument they escaped, 384 bytes per request.
				// The encoder is done with them when Write returns (it copies what it keeps).
				f := accessLogFields.Get().(*[3]zap.Field)
				f[0] = zap.Duration("duration", elapsed)
				f[1] = zap.String("request_id", RequestID(c))
				f[2] = zap.Int64("bytes", res.Size)
				ce.Write(f[:]...)
				*f = [3]zap.Field{}
				accessLogFields.Put(f)
			}
			return nil
		}
	}
}

var accessLogFields = sync.Pool{New: func() any { return new([3]zap.Field) }}

// methodLabel names the request's method for the metrics and the access log: one of HTTP's own, or OTHER. Any
// token is a method to net/http, and each one a caller made up became a metric series of its own and went into
// the log whole (QA operations round: 5 KB a method, from anyone).
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete,
		http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return "OTHER"
}

// routeLogs holds, for each route, method and status, the request metrics' children and the access logger with
// the three fields already encoded (logger.With, after env and in the line's order: method, route, status), looked
// up once and together: the vectors hash their label values and lock on every lookup, and the three fields were
// half of the fields each line encoded (2026-11-30, issue 16). Routes are templates and methods and statuses few,
// so the map stays as small as the metrics' own children. It is copied for every new key and read without a lock:
// a sync.Map hashed its struct key through an interface, about a twentieth of the line's CPU.
type routeLogs struct {
	logger *zap.Logger
	mu     sync.Mutex // held by writers only
	byKey  atomic.Pointer[map[requestKey]*routeLog]
}

type requestKey struct {
	route, method string
	status        int
}

type routeLog struct {
	requests prometheus.Counter
	duration prometheus.Observer
	log      *zap.Logger
}

func newRouteLogs(logger *zap.Logger) *routeLogs {
	l := &routeLogs{logger: logger}
	l.byKey.Store(&map[requestKey]*routeLog{})
	return l
}

func (l *routeLogs) of(route, method string, status int) *routeLog {
	k := requestKey{route, method, status}
	if r, ok := (*l.byKey.Load())[k]; ok {
		return r
	}
	return l.add(k)
}

func (l *routeLogs) add(k requestKey) *routeLog {
	l.mu.Lock()
	defer l.mu.Unlock()
	old := *l.byKey.Load()
	if r, ok := old[k]; ok {
		return r
	}
	r := &routeLog{
		requests: metrics.Requests.WithLabelValues(k.route, k.method, statusText(k.status)),
		duration: metrics.RequestDuration.WithLabelValues(k.route),
		log:      l.logger.With(zap.String("method", k.method), zap.String("route", k.route), zap.Int("status", k.status)),
	}
	m := maps.Clone(old)
	m[k] = r
	l.byKey.Store(&m)
	return r
}

// statusTexts holds the label of every status code, so counting a request allocates nothing.
var statusTexts = func() [600]string {
	var out [600]string
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}()

func statusText(status int) string {
	if status >= 0 && status < len(statusTexts) {
		return statusTexts[status]
	}
	return strconv.Itoa(status)
}

// recoverPanics turns a panic into a plain 500; the stack goes to the log only.
func recoverPanics(logger *zap.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) (err error) {
			defer func() {
				if r := recover(); r != nil {
					logger.Error("panic while handling request",
						zap.String("route", c.Path()),
						zap.String("request_id", RequestID(c)),
						zap.String("panic", fmt.Sprint(r)),
						zap.ByteString("stack", debug.Stack()),
					)
					err = apierror.Internal(fmt.Errorf("panic: %v", r))
				}
			}()
			return next(c)
		}
	}
}

// ContentSecurityPolicy returns the one policy of the service. Extra script
// and connect sources (e.g. an identity provider's SDK host) are appended;
// inline scripts stay forbidden.
func ContentSecurityPolicy(extraScriptSrc, extraConnectSrc []string) string {
	script := append([]string{"'self'"}, extraScriptSrc...)
	connect := append([]string{"'self'"}, extraConnectSrc...)
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src 'self'",
		"img-src 'self' data: https:",
		"font-src 'self' data:",
		"connect-src " + strings.Join(connect, " "),
		"frame-ancestors 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"object-src 'none'",
	}, "; ")
}

// apiContentSecurityPolicy is the policy of the JSON answers: nothing loads and nothing frames them, should one
// be opened in a tab (OWASP REST Security Cheat Sheet).
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"

// isAPIPath tells the JSON API (REST, content and the identity API's calls) from the pages and everything else on
// the site. The other identity paths are navigations (the social login's start and callback, the mail links),
// answered with redirects that keep the pages' set.
func isAPIPath(p string) bool {
	return strings.HasPrefix(p, "/rest/") || strings.HasPrefix(p, "/cms/") || strings.HasPrefix(p, identityAPIPrefix)
}

// securityHeaders are set before the handler runs, so error responses carry them too. Pages get the full set;
// the JSON API gets the headers that protect an API answer (OWASP REST Security Cheat Sheet: its own
// Content-Security-Policy, nosniff, framing denied, HSTS) and not those that only a document reads (referrer,
// permissions and opener policies): the region check and metadata are the hottest answers, and each extra
// header costs them a share of their throughput (issue 16).
func securityHeaders(csp string, production bool) echo.MiddlewareFunc {
	document := sharedHeaders(map[string]string{
		"Content-Security-Policy":    csp,
		"X-Content-Type-Options":     "nosniff",
		"Referrer-Policy":            "strict-origin-when-cross-origin",
		"X-Frame-Options":            "DENY",
		"Permissions-Policy":         "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
		"Cross-Origin-Opener-Policy": "same-origin",
	}, production)
	api := sharedHeaders(map[string]string{
		"Content-Security-Policy": apiContentSecurityPolicy,
		"X-Content-Type-Options":  "nosniff",
		"X-Frame-Options":         "DENY",
	}, production)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			set := document
			if isAPIPath(c.Request().URL.Path) {
				set = api
			}
			h := c.Response().Header()
			for _, kv := range set {
				h[kv.key] = kv.value
			}
			return next(c)
		}
	}
}

// sharedHeader is a header whose value is built once and shared by every response.
type sharedHeader struct {
	key   string
	value []string
}

// sharedHeaders builds a header set once. Each value slice has length and capacity 1, so a later Header.Add
// copies it instead of writing into the shared array. A slice, not a map: ranging over a map costs an iterator
// per request.
func sharedHeaders(headers map[string]string, production bool) []sharedHeader {
	// HSTS pins browsers to HTTPS for a year; on a developer's http://localhost that would break other local
	// services.
	if production {
		headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains"
	}
	shared := make([]sharedHeader, 0, len(headers))
	for k, v := range headers {
		shared = append(shared, sharedHeader{http.CanonicalHeaderKey(k), []string{v}})
	}
	return shared
}

// bodyLimit refuses request bodies over limit (413). A request without a body (http.NoBody: every GET a
// browser sends) has nothing to count, so it is not wrapped in a counting reader. The identity API's calls
// (identityAPIPrefix) are left to the identity API, which limits their bodies itself and answers one over its
// limit in the vendor's envelope, as every other refusal of a call: the REST API's 413 was answered there (QA
// bad-input round of 2026-11-29).
func bodyLimit(limit string) echo.MiddlewareFunc {
	limited := middleware.BodyLimit(limit)
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		withLimit := limited(next)
		return func(c echo.Context) error {
			if b := c.Request().Body; b == nil || b == http.NoBody || strings.HasPrefix(c.Request().URL.Path, identityAPIPrefix) {
				return next(c)
			}
			return withLimit(c)
		}
	}
}

// identityAPIPrefix starts the path of every call of the embedded identity provider's API (identityapi.Mount).
const identityAPIPrefix = "/identity/accounts."

// compressedExtensions are formats that gzip cannot shrink.
var compressedExtensions = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".avif": true,
	".woff": true, ".woff2": true, ".gz": true, ".br": true, ".zip": true, ".mp4": true, ".webm": true,
}

func skipCompressed(c echo.Context) bool {
	p := c.Request().URL.Path
	if compressedExtensions[strings.ToLower(path.Ext(p))] {
		return true
	}
	// Metadata, content, store search answers and the apps' files are prepared answers, each with its
	// compressed copy made once; the region answers are fixed documents of some 25 bytes, below any size worth
	// compressing.
	dynamic := strings.HasPrefix(p, "/rest/") || strings.HasPrefix(p, "/identity/") || strings.HasPrefix(p, "/dev/")
	return p == "/rest/v1/metadata" || p == "/rest/v1/region" || p == "/rest/v1/retailstores/search" ||
		strings.HasPrefix(p, "/cms/") || !dynamic
}
