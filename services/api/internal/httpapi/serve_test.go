package httpapi_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/httpapi"
)

func TestGracefulShutdownLetsInFlightRequestsFinish(t *testing.T) {
	svc := apitest.New(t)
	entered := make(chan struct{})
	release := make(chan struct{})
	svc.Echo.GET("/rest/v1/test-slow", func(c echo.Context) error {
		close(entered)
		<-release
		return c.JSON(http.StatusOK, map[string]string{"status": "finished"})
	})

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	served := make(chan error, 1)
	go func() { served <- httpapi.Serve(ctx, svc.Echo, ln, 5*time.Second) }()

	type result struct {
		status int
		body   string
		err    error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := http.Get("http://" + addr + "/rest/v1/test-slow")
		if err != nil {
			done <- result{err: err}
			return
		}
		defer func() { _ = resp.Body.Close() }()
		b, err := io.ReadAll(resp.Body)
		done <- result{status: resp.StatusCode, body: string(b), err: err}
	}()

	select {
	case <-entered:
	case <-time.After(5 * time.Second):
		t.Fatal("slow request never reached the handler")
	}
	stop() // what SIGINT/SIGTERM does in serve

	// The listener closes at once: new connections are refused while the
	// in-flight request is still running.
	require.Eventually(t, func() bool {
		c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond)
		if err != nil {
			return true
		}
		_ = c.Close()
		return false
	}, 2*time.Second, 20*time.Millisecond)

	select {
	case <-served:
		t.Fatal("Serve returned before the in-flight request finished")
	default:
	}
	close(release)

	r := <-done
	require.NoError(t, r.err)
	require.Equal(t, http.StatusOK, r.status)
	require.JSONEq(t, `{"status":"finished"}`, r.body)
	select {
	case err := <-served:
		require.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after shutdown")
	}
}

// TestShutdownCutsOffAClientThatNeverFinishes: a request whose body never completes holds the stop for the
// shutdown's time only; then its connection is closed and Serve says so with ErrShutdownCut, which serve treats as
// a stop (exit 0), not a failure (QA operations round: exit 1 after 15 s).
func TestShutdownCutsOffAClientThatNeverFinishes(t *testing.T) {
	svc := apitest.New(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	served := make(chan error, 1)
	go func() { served <- httpapi.Serve(ctx, svc.Echo, ln, 300*time.Millisecond) }()

	conn, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer func() { _ = conn.Close() }()
	_, err = io.WriteString(conn, "POST /identity/accounts.login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"loginID\":")
	require.NoError(t, err)
	time.Sleep(100 * time.Millisecond) // the request is in
	stop()
	select {
	case err := <-served:
		require.ErrorIs(t, err, httpapi.ErrShutdownCut)
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after the shutdown's time")
	}
}
