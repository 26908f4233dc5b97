package logging

import (
	"errors"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

func TestSlogWritesToZap(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	l := slog.New(Slog(zap.New(core))).With("lib", "oidc")
	l.Debug("hidden")
	l.Warn("request error", slog.Any("oidc_error", errors.New("invalid_grant")), slog.Group("req", slog.String("client_id", "c")))
	require.Equal(t, 1, logs.Len())
	e := logs.All()[0]
	require.Equal(t, "request error", e.Message)
	m := e.ContextMap()
	require.Equal(t, "oidc", m["lib"])
	require.Equal(t, "client_id=c", m["req"])
	require.NotNil(t, m["oidc_error"])
}
