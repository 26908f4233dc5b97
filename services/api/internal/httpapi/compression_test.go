package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"testing"

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
