package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
)

func TestCachedBodiesAreServedCompressedOnceWithTheirLength(t *testing.T) {
	svc := apitest.New(t)
	for _, target := range []string{"/cms/portal/de_DE.json", "/rest/v1/metadata", "/assets/index-AbC123.js"} {
		t.Run(target, func(t *testing.T) {
			plain := svc.Get(target)
			require.Equal(t, http.StatusOK, plain.Code)
			require.Empty(t, plain.Header().Get("Content-Encoding"))
			require.Equal(t, strconv.Itoa(plain.Body.Len()), plain.Header().Get("Content-Length"), "a known length, not chunked")
			require.Contains(t, plain.Header().Values("Vary"), "Accept-Encoding")

			for i := 0; i < 2; i++ { // the second answer comes from the cached variant
				gz := svc.Do(apitest.Request{Target: target, Header: map[string]string{"Accept-Encoding": "br, gzip;q=0.8"}})
				require.Equal(t, "gzip", gz.Header().Get("Content-Encoding"))
				require.Equal(t, strconv.Itoa(gz.Body.Len()), gz.Header().Get("Content-Length"))
				require.Less(t, gz.Body.Len(), plain.Body.Len())
				r, err := gzip.NewReader(bytes.NewReader(gz.Body.Bytes()))
				require.NoError(t, err)
				unpacked, err := io.ReadAll(r)
				require.NoError(t, err)
				require.Equal(t, plain.Body.Bytes(), unpacked, "compressed once, never twice")
			}

			refused := svc.Do(apitest.Request{Target: target, Header: map[string]string{"Accept-Encoding": "gzip;q=0"}})
			require.Empty(t, refused.Header().Get("Content-Encoding"))
			require.Equal(t, plain.Body.Bytes(), refused.Body.Bytes())
		})
	}
}

// The apps' code comes with a brotli copy from the build (tools/vite/plugins.ts brotliCopies): sent as it is to
// browsers that accept br, gzip to those that refuse it, and never at an address of its own (issue 16). That
// Chromium decodes the copies is what every browser test of `make test` runs on.
func TestAppFilesAreServedWithTheirBrotliCopy(t *testing.T) {
	apps := apitest.TestApps()
	code := apps["account-portal/assets/index-AbC123.js"].Data
	copyFromTheBuild := []byte("brotli copy of index-AbC123.js")
	apps["account-portal/assets/index-AbC123.js.br"] = &fstest.MapFile{Data: copyFromTheBuild}
	svc := apitest.New(t, apitest.WithApps(apps))
	const target = "/assets/index-AbC123.js"

	for _, accepted := range []string{"gzip, deflate, br, zstd", "br"} {
		br := svc.Do(apitest.Request{Target: target, Header: map[string]string{"Accept-Encoding": accepted}})
		require.Equal(t, http.StatusOK, br.Code)
		require.Equal(t, "br", br.Header().Get("Content-Encoding"), accepted)
		require.Equal(t, strconv.Itoa(len(copyFromTheBuild)), br.Header().Get("Content-Length"))
		require.Contains(t, br.Header().Values("Vary"), "Accept-Encoding")
		require.Equal(t, copyFromTheBuild, br.Body.Bytes())
	}

	gz := svc.Do(apitest.Request{Target: target, Header: map[string]string{"Accept-Encoding": "br;q=0, gzip"}})
	require.Equal(t, "gzip", gz.Header().Get("Content-Encoding"))
	plain := svc.Get(target)
	require.Empty(t, plain.Header().Get("Content-Encoding"))
	require.Equal(t, code, plain.Body.Bytes())

	require.NotEqual(t, http.StatusOK, svc.Get(target+".br").Code, "the copy has no address of its own")
}
