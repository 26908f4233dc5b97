package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHealthcheck: exit 0 when /healthz answers at http.addr, also when it is one address and not the loopback
// one (compose and Kubernetes probes run it inside the container).
func TestHealthcheck(t *testing.T) {
	for _, bind := range []string{"127.0.0.1:0", "[::1]:0"} {
		ln, err := net.Listen("tcp", bind)
		if err != nil {
			t.Logf("%s: %v", bind, err)
			continue
		}
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/healthz" {
				w.WriteHeader(http.StatusOK)
				return
			}
			w.WriteHeader(http.StatusNotFound)
		})}
		go func() { _ = srv.Serve(ln) }()
		var out bytes.Buffer
		require.NoError(t, run(context.Background(), []string{"healthcheck", "--http-addr", ln.Addr().String()}, &out, &bytes.Buffer{}), bind)
		require.Equal(t, "ok\n", out.String())
		_ = srv.Close()
		require.Error(t, run(context.Background(), []string{"healthcheck", "--http-addr", ln.Addr().String()}, &bytes.Buffer{}, &bytes.Buffer{}), "nothing listens any more")
	}
}
