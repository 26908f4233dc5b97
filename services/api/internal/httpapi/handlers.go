package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/thirdparty"
	"github.com/grocer-portal/portal/services/api/internal/webapp"
)

type handlers struct {
	db           Pinger
	content      *content.Library
	metadataJSON []byte
	metadataETag string
	site         *webapp.Site
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
		e := apierror.Unavailable("not_ready", "The database is not reachable.")
		e.Err = err
		return e
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, statusBody{Status: "ok"})
}

func (h *handlers) metadata(c echo.Context) error {
	// no-cache: clients revalidate every time, so a configuration change shows at once.
	return sendCached(c, h.metadataJSON, echo.MIMEApplicationJSON, h.metadataETag, "no-cache")
}

func (h *handlers) cmsDefault(c echo.Context) error {
	doc := h.content.Default()
	return sendCached(c, doc.Body, echo.MIMEApplicationJSON, doc.ETag, cmsCacheControl)
}

// cmsCacheControl lets browsers and proxies reuse content for five minutes.
const cmsCacheControl = "public, max-age=300"

func (h *handlers) cmsDocument(c echo.Context) error {
	cmsID := c.Param("cmsId")
	if !content.CMSIDPattern.MatchString(cmsID) {
		return apierror.InvalidParameter("cmsId", "cmsId must be 1 to 40 lower-case letters, digits or hyphens.")
	}
	language, ok := strings.CutSuffix(c.Param("file"), ".json")
	if !ok || !content.LanguagePattern.MatchString(language) {
		return apierror.InvalidParameter("language", "language must look like de or de_DE, followed by .json.")
	}
	doc, err := h.content.Document(cmsID, language)
	if err != nil {
		return err
	}
	return sendCached(c, doc.Body, echo.MIMEApplicationJSON, doc.ETag, cmsCacheControl)
}

func (h *handlers) webapp(c echo.Context) error {
	asset, _, err := h.site.Resolve(c.Request().Host, c.Request().URL.Path)
	if err != nil {
		return err
	}
	return sendCached(c, asset.Body, asset.ContentType, asset.ETag, asset.CacheControl)
}

// thirdPartyScript serves the script that starts the consent manager and, after consent, the tag manager.
func (h *handlers) thirdPartyScript(c echo.Context) error {
	return sendCached(c, thirdparty.Script, "text/javascript; charset=utf-8", thirdPartyScriptETag, webapp.CacheRevalidate)
}

var thirdPartyScriptETag = strongETag(thirdparty.Script)

// sendCached writes a precomputed body with its validator, answering 304 when
// the client already holds this version.
func sendCached(c echo.Context, body []byte, contentType, etag, cacheControl string) error {
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, cacheControl)
	if etag != "" {
		h.Set(headerETag, etag)
		if etagMatches(c.Request().Header.Get("If-None-Match"), etag) {
			return c.NoContent(http.StatusNotModified)
		}
	}
	if c.Request().Method == http.MethodHead {
		// net/http would drop the body anyway; skipping it also keeps the
		// gzip middleware from announcing an encoding it never applied.
		h.Set(echo.HeaderContentType, contentType)
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
		return c.NoContent(http.StatusOK)
	}
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	if gz, ok := precompressed(c.Request(), body, etag, contentType); ok {
		h.Set(echo.HeaderContentEncoding, "gzip")
		body = gz
	}
	// The length is known, so the answer goes out in one piece: without it net/http would switch to chunked
	// encoding for anything over 2 KB.
	h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
	return c.Blob(http.StatusOK, contentType, body)
}

// gzipVariants holds the compressed form of each cached body, keyed by its ETag. Bodies behind sendCached
// never change while the process runs and are few (content, metadata, app files), so each is compressed once
// instead of on every request.
var gzipVariants sync.Map

// precompressed returns the gzip variant of a body when the client accepts gzip and compressing is worth it.
func precompressed(r *http.Request, body []byte, etag, contentType string) ([]byte, bool) {
	if etag == "" || len(body) < 1024 || !compressible(contentType) || !acceptsGzip(r.Header.Get(echo.HeaderAcceptEncoding)) {
		return nil, false
	}
	if gz, ok := gzipVariants.Load(etag); ok {
		return gz.([]byte), true
	}
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(body)
	_ = w.Close()
	gz, _ := gzipVariants.LoadOrStore(etag, buf.Bytes())
	return gz.([]byte), true
}

func compressible(contentType string) bool {
	ct := strings.ToLower(contentType)
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "json") || strings.Contains(ct, "javascript") || strings.Contains(ct, "svg")
}

// acceptsGzip reads Accept-Encoding, honouring an explicit q=0 refusal.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
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

const headerETag = "ETag"

// strongETag derives a validator from a body.
func strongETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}
