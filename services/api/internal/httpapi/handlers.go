package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/clientaddr"
	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/thirdparty"
	"github.com/grocer-portal/portal/services/api/internal/webapp"
)

type handlers struct {
	db      Pinger
	content *content.Library
	// locales are metadata.locales: the order in which a language's locales stand in for one without a document.
	locales []string
	// metadata is prepared when the router is built: the document is fixed for the life of the process, so its
	// requests skip the lookup (a lock and a hash) that finds other prepared bodies.
	metadata *prepared
	site     *webapp.Site
	// localOrigin is the public URL's origin when that is http://localhost:PORT (make run's), else empty.
	localOrigin string
}

// LocalOriginOf returns the origin of a public URL on localhost over plain HTTP (a development one), else "".
func LocalOriginOf(publicURL string) string {
	u, err := url.Parse(publicURL)
	if err != nil || u.Scheme != "http" || u.Hostname() != "localhost" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

type statusBody struct {
	Status string `json:"status"`
}

// health answers whether the process runs; it checks nothing else, so a
// slow database never gets a healthy replica restarted.
func (h *handlers) health(c echo.Context) error {
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, statusBody{Status: "ok"})
}

// ready answers whether the replica can serve traffic: the database must answer.
func (h *handlers) ready(c echo.Context) error {
	if h.db == nil {
		return apierror.Unavailable("not_ready", "The database is not configured.")
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := h.db.Ping(ctx); err != nil {
		message := "The database is not reachable."
		if errors.Is(err, ErrStopping) {
			message = "The service is stopping."
		}
		e := apierror.Unavailable("not_ready", message)
		// ErrNotReady tells the log that this 503 is no failure (isFailure); the Pinger says when the database
		// stops or starts answering.
		e.Err = fmt.Errorf("%w: %w", ErrNotReady, err)
		return e
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, statusBody{Status: "ok"})
}

func (h *handlers) cmsDefault(c echo.Context) error {
	doc := h.content.Default()
	return sendCached(c, doc.Body, echo.MIMEApplicationJSON, doc.ETag, cmsCacheControl)
}

// cmsCacheControl has clients revalidate content every time, as metadata: with five minutes of max-age a reload
// after a release showed the old content with the new metadata, a newsletter taken out still offered (QA content
// round). The answer to a revalidation is a 304 without a body.
const cmsCacheControl = "no-cache"

func (h *handlers) cmsDocument(c echo.Context) error {
	cmsID := c.Param("cmsId")
	if !content.CMSIDPattern.MatchString(cmsID) {
		return apierror.InvalidParameter("cmsId", "cmsId must be 1 to 40 lower-case letters, digits or hyphens.")
	}
	// The error names the path parameter the request gave, {file} of /cms/{cmsId}/{file} (QA round of 2026-11-29:
	// it said "language", which no request carries).
	language, ok := strings.CutSuffix(c.Param("file"), ".json")
	if !ok || !content.LanguagePattern.MatchString(language) {
		return apierror.InvalidParameter("file", "file must be a language such as de or de_DE, followed by .json.")
	}
	// A locale without a document of its own gets its language's (en_IE: en_GB's) rather than the 404 after which
	// the apps show default.json's German; Content-Location names the document sent.
	doc, served, err := h.content.DocumentFor(cmsID, language, h.locales)
	if errors.Is(err, content.ErrNotFound) {
		// The 404 names the parameter without a document (QA robustness round of 2026-11-30: it named nothing): the
		// content set, or within one the language, after which the apps load default.json.
		e := apierror.NotFound("There is no content for this content set and language.")
		e.Field, e.Err = "file", err
		if h.content.ContentSets()[cmsID] == 0 {
			e.Field = "cmsId"
		}
		return e
	}
	if err != nil {
		return err
	}
	if served != language {
		c.Response().Header().Set("Content-Location", "/cms/"+cmsID+"/"+served+".json")
	}
	return sendCached(c, doc.Body, echo.MIMEApplicationJSON, doc.ETag, cmsCacheControl)
}

func (h *handlers) webapp(c echo.Context) error {
	// A page asked of a loopback address while the public URL is localhost (make run listens on 127.0.0.1 and
	// prints localhost) opens on localhost: the session and the social login's state cookie belong to one host,
	// passkeys to the relying party localhost, and mail links point there.
	if h.localOrigin != "" && clientaddr.IsLoopback(c.Request().Host) {
		return c.Redirect(http.StatusTemporaryRedirect, h.localOrigin+c.Request().URL.RequestURI())
	}
	asset, _, err := h.site.Resolve(c.Request().Host, c.Request().URL.Path, webapp.VisitorOf(c.Request()))
	var moved *webapp.OtherHostError
	if errors.As(err, &moved) {
		// The same path and query on the other app's host (keeping a development port).
		target := *c.Request().URL
		target.Scheme, target.Host = c.Scheme(), moved.Host
		if _, port, splitErr := net.SplitHostPort(c.Request().Host); splitErr == nil && port != "80" && port != "443" {
			target.Host = net.JoinHostPort(moved.Host, port)
		}
		return c.Redirect(http.StatusTemporaryRedirect, target.String())
	}
	if err != nil {
		return err
	}
	if asset.Vary != "" {
		// On the 304 as well: a cache that keeps the page keeps one for each language.
		c.Response().Header().Set(echo.HeaderVary, asset.Vary)
	}
	return writePrepared(c, preparedFor(asset.Body, asset.Brotli, asset.ContentType, asset.ETag, asset.CacheControl))
}

// thirdPartyScript serves the script that starts the consent manager and, after consent, the tag manager.
func (h *handlers) thirdPartyScript(c echo.Context) error {
	return sendCached(c, thirdparty.Script, "text/javascript; charset=utf-8", thirdPartyScriptETag, webapp.CacheRevalidate)
}

var thirdPartyScriptETag = strongETag(thirdparty.Script)

// sendCached writes a precomputed body with its validator, answering 304 when
// the client already holds this version.
func sendCached(c echo.Context, body []byte, contentType, etag, cacheControl string) error {
	return writePrepared(c, preparedFor(body, nil, contentType, etag, cacheControl))
}

// writePrepared writes a prepared answer: 304 when the client holds this version, else the brotli, gzip or plain
// body, the first the client accepts.
func writePrepared(c echo.Context, p *prepared) error {
	h := c.Response().Header()
	etag, body, contentType := p.etag[0], p.body, p.contentType[0]
	h[echo.HeaderCacheControl] = p.cacheControl
	if etag != "" {
		h[headerETag] = p.etag
		if inm := c.Request().Header.Get("If-None-Match"); inm != "" && etagMatches(inm, etag) {
			return c.NoContent(http.StatusNotModified)
		}
	}
	h[echo.HeaderContentType] = p.contentType
	if c.Request().Method == http.MethodHead {
		// net/http would drop the body anyway; skipping it also keeps the
		// gzip middleware from announcing an encoding it never applied.
		h[echo.HeaderContentLength] = p.length
		return c.NoContent(http.StatusOK)
	}
	if len(h[echo.HeaderVary]) == 0 {
		h[echo.HeaderVary] = varyAcceptEncoding
	} else {
		h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	}
	// The length is known, so the answer goes out in one piece: without it net/http would switch to chunked
	// encoding for anything over 2 KB.
	h[echo.HeaderContentLength] = p.length
	switch accepted := c.Request().Header.Get(echo.HeaderAcceptEncoding); {
	case p.brotli != nil && acceptsCoding(accepted, "br"):
		h[echo.HeaderContentEncoding] = contentEncodingBrotli
		h[echo.HeaderContentLength] = p.brotliLength
		body = p.brotli
	case p.gzip != nil && acceptsCoding(accepted, "gzip"):
		h[echo.HeaderContentEncoding] = contentEncodingGzip
		h[echo.HeaderContentLength] = p.gzipLength
		body = p.gzip
	}
	return c.Blob(http.StatusOK, contentType, body)
}

// Header values shared by every response; each slice has length and capacity 1, so a later Header.Add copies
// it instead of writing into the shared array.
var (
	varyAcceptEncoding    = []string{echo.HeaderAcceptEncoding}
	contentEncodingGzip   = []string{"gzip"}
	contentEncodingBrotli = []string{"br"}
)

// prepare makes the header values and, when worth it, the gzip form of a body that will be sent many times; brotli
// is its brotli form when the build made one (the apps' files), else nil.
func prepare(body, brotli []byte, contentType, etag, cacheControl string) *prepared {
	p := &prepared{
		body: body, contentType: []string{contentType}, cacheControl: []string{cacheControl}, etag: []string{etag},
		length: []string{strconv.Itoa(len(body))},
	}
	if brotli != nil {
		p.brotli, p.brotliLength = brotli, []string{strconv.Itoa(len(brotli))}
	}
	if etag != "" && len(body) >= 1024 && compressible(contentType) {
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = w.Write(body)
		_ = w.Close()
		p.gzip, p.gzipLength = buf.Bytes(), []string{strconv.Itoa(buf.Len())}
	}
	return p
}

// prepared holds what sendCached writes for one body besides the body: its header values and its gzip form.
// Bodies behind sendCached never change while the process runs and are few (content, metadata, app files), so
// each is prepared once, at its first request, instead of formatting headers and compressing on every one.
type prepared struct {
	body                             []byte
	contentType, cacheControl, etag  []string
	length, gzipLength, brotliLength []string
	gzip                             []byte // nil when compressing is not worth it
	brotli                           []byte // nil without a brotli form from the build
}

var (
	preparedMu     sync.RWMutex
	preparedBodies = map[string]*prepared{} // by ETag
)

func preparedFor(body, brotli []byte, contentType, etag, cacheControl string) *prepared {
	if etag != "" {
		preparedMu.RLock()
		p, ok := preparedBodies[etag]
		preparedMu.RUnlock()
		// One body is served with one type, policy and brotli copy; should two callers ever differ, the second is
		// simply prepared afresh each time.
		if ok && p.contentType[0] == contentType && p.cacheControl[0] == cacheControl && len(p.body) == len(body) && len(p.brotli) == len(brotli) {
			return p
		}
	}
	p := prepare(body, brotli, contentType, etag, cacheControl)
	if etag != "" {
		preparedMu.Lock()
		if _, ok := preparedBodies[etag]; !ok {
			preparedBodies[etag] = p
		}
		preparedMu.Unlock()
	}
	return p
}

func compressible(contentType string) bool {
	ct := strings.ToLower(contentType)
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "json") || strings.Contains(ct, "javascript") || strings.Contains(ct, "svg")
}

// acceptsCoding reads Accept-Encoding for one content coding, honouring an explicit q=0 refusal.
func acceptsCoding(header, wanted string) bool {
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), wanted) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// etagMatches applies the weak comparison RFC 9110 prescribes for If-None-Match.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, candidate := range strings.Split(header, ",") {
		candidate = strings.TrimSpace(candidate)
		if candidate == "*" || strings.TrimPrefix(candidate, "W/") == etag {
			return true
		}
	}
	return false
}

// headerETag is in canonical form ("Etag"), as direct assignments into a header map need.
const headerETag = "Etag"

// strongETag derives a validator from a body.
func strongETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}
