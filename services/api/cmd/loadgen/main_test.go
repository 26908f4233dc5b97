package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLoadgenPrintsFigures(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) }))
	defer srv.Close()
	var out bytes.Buffer
	require.NoError(t, run([]string{"-name", "demo", "-duration", "200ms", "-warmup", "50ms", "-connections", "2", srv.URL}, &out))
	require.Regexp(t, `^demo\s+\d+ req/s\s+p50\s+[\d.]+ ms\s+p99\s+[\d.]+ ms`, out.String())
}

func TestLoadgenFailsOnErrors(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	var out bytes.Buffer
	require.ErrorContains(t, run([]string{"-duration", "100ms", "-warmup", "10ms", "-connections", "1", srv.URL}, &out), "failed")
}
