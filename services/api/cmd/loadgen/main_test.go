package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

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

func TestLoadgenComparesWithTheCeiling(t *testing.T) {
	fast := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) }))
	defer fast.Close()
	var out bytes.Buffer
	require.NoError(t, run([]string{"-name", "same", "-duration", "200ms", "-warmup", "20ms", "-rounds", "2", "-connections", "2",
		"-ceiling", fast.URL, fast.URL}, &out))
	require.Regexp(t, `^same\s+\d+ req/s\s+p99\s+[\d.]+ ms \| ceiling\s+\d+ req/s\s+p99\s+[\d.]+ ms \| share: throughput [\d.]+\s+p99 [\d.]+`, out.String())

	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(5 * time.Millisecond)
		_, _ = w.Write([]byte("ok"))
	}))
	defer slow.Close()
	out.Reset()
	// Slices long enough that a machine busy with a whole test run still completes requests in each (CI once saw
	// none in a 100 ms slice of the slow server).
	err := run([]string{"-name", "slow", "-duration", "1s", "-warmup", "20ms", "-rounds", "2", "-connections", "2",
		"-ceiling", fast.URL, "-target", "0.8", slow.URL}, &out)
	require.ErrorIs(t, err, errBelowTarget)
	require.Contains(t, out.String(), "BELOW TARGET")
}

func TestLoadgenPostsTheBody(t *testing.T) {
	var got atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		got.Store(r.Method + " " + r.PostForm.Get("loginID") + " " + r.Header.Get("Cookie"))
		_, _ = w.Write([]byte("ok"))
	}))
	defer srv.Close()
	var out bytes.Buffer
	require.NoError(t, run([]string{"-duration", "50ms", "-warmup", "10ms", "-connections", "1", "-method", "POST",
		"-body", "loginID=a%40example.com", "-header", "Cookie: s=1", srv.URL}, &out))
	require.Equal(t, "POST a@example.com s=1", got.Load())
}

// TestLoadgenSendsTheQueryInTheBody: the identity API reads no URL parameter, so a growth curve's login IDs, one
// per URL, travel in the form body (the curve once measured answers to logins without a login ID).
func TestLoadgenSendsTheQueryInTheBody(t *testing.T) {
	var got atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		got.Store(r.URL.RequestURI() + " " + r.PostForm.Get("loginID") + " " + r.PostForm.Get("password"))
		_, _ = w.Write([]byte("ok"))
	}))
	defer srv.Close()
	var out bytes.Buffer
	require.NoError(t, run([]string{"-duration", "50ms", "-warmup", "10ms", "-connections", "1", "-method", "POST", "-query-in-body",
		"-body", "password=x", srv.URL + "/identity/accounts.login?loginID=a%40example.com"}, &out))
	require.Equal(t, "/identity/accounts.login a@example.com x", got.Load())
}

// TestLoadgenReadsEveryFraming: fixed length, chunked (a streamed answer), no body on 304, several answers in a
// row on one keep-alive connection.
func TestLoadgenReadsEveryFraming(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/chunked":
			for range 3 {
				_, _ = w.Write([]byte(strings.Repeat("x", 5000)))
				w.(http.Flusher).Flush()
			}
		case "/cached":
			w.WriteHeader(http.StatusNotModified)
		default:
			w.Header().Set("X-Many", strings.Repeat("y", 300))
			_, _ = w.Write([]byte("ok"))
		}
	}))
	defer srv.Close()
	var out bytes.Buffer
	require.NoError(t, run([]string{"-duration", "100ms", "-warmup", "10ms", "-connections", "2",
		srv.URL + "/chunked", srv.URL + "/cached", srv.URL + "/plain"}, &out))
	require.Contains(t, out.String(), " 0 failed")
}

// TestLoadgenDrawsACurve: two points measured in alternation, each with its own header; a point much slower than
// the first goes over the limit.
func TestLoadgenDrawsACurve(t *testing.T) {
	var sawSmall, sawLarge atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/large" {
			sawLarge.Store(r.Header.Get("Cookie") == "s=large")
			time.Sleep(3 * time.Millisecond)
		} else {
			sawSmall.Store(r.Header.Get("Cookie") == "s=small")
		}
		_, _ = w.Write([]byte("ok"))
	}))
	defer srv.Close()
	var out bytes.Buffer
	err := run([]string{"-name", "info", "-duration", "200ms", "-warmup", "10ms", "-rounds", "2", "-connections", "1", "-max-spread", "1.2",
		"-series", "small " + srv.URL + "/small", "-series", "large " + srv.URL + "/large",
		"-series-header", "small|Cookie: s=small", "-series-header", "large|Cookie: s=large"}, &out)
	require.ErrorIs(t, err, errBelowTarget)
	require.Regexp(t, `info\s+small\s+\d+ req/s`, out.String())
	require.Regexp(t, `info\s+end to end\s+p99 large / small = [\d.]+ over the whole run, [\d.]+ median of 2 rounds \(limit 1.20\)  OVER LIMIT`, out.String())
	require.True(t, sawSmall.Load())
	require.True(t, sawLarge.Load())
}

// TestReferenceWithTheServicesHeaders: the ceiling answers bare on /ceiling and, on /ceiling-with-headers, with the
// headers the sample URL answered with (not its framing).
func TestReferenceWithTheServicesHeaders(t *testing.T) {
	sample := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{}`))
	}))
	defer sample.Close()
	ref, err := newReference(sample.URL)
	require.NoError(t, err)
	srv := httptest.NewServer(ref)
	defer srv.Close()
	for path, want := range map[string]string{"/ceiling": "", "/ceiling-with-headers": "DENY"} {
		res, err := http.Get(srv.URL + path)
		require.NoError(t, err)
		body, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		require.JSONEq(t, `{"region":{"id":"NORD"}}`, string(body))
		require.Equal(t, want, res.Header.Get("X-Frame-Options"), path)
		require.Equal(t, "application/json", res.Header.Get("Content-Type"))
	}
}

// TestReferenceReplaysAnAnswer: /ceiling-as-NAME sends what the sample URL sent a browser, its status, headers
// and body byte for byte (here a gzip body, left compressed), with fresh framing.
func TestReferenceReplaysAnAnswer(t *testing.T) {
	var compressed bytes.Buffer
	zw := gzip.NewWriter(&compressed)
	_, _ = zw.Write([]byte(`{"locales":["de_DE"]}`))
	require.NoError(t, zw.Close())
	sample := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.Equal(t, "gzip", r.Header.Get("Accept-Encoding"))
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Etag", `"v1"`)
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write(compressed.Bytes())
	}))
	defer sample.Close()
	ref, err := newReference("", "metadata="+sample.URL)
	require.NoError(t, err)
	srv := httptest.NewServer(ref)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	res, err := client.Get(srv.URL + "/ceiling-as-metadata")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	require.Equal(t, http.StatusCreated, res.StatusCode)
	require.Equal(t, compressed.Bytes(), body)
	require.Equal(t, "gzip", res.Header.Get("Content-Encoding"))
	require.Equal(t, `"v1"`, res.Header.Get("Etag"))
	require.Equal(t, strconv.Itoa(compressed.Len()), res.Header.Get("Content-Length"))

	_, err = newReference("", "no-url-here")
	require.ErrorContains(t, err, "want NAME=URL")
}
