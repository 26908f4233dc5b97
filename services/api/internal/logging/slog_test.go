package logging

import (
	"encoding/json"
	"errors"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/zitadel/oidc/v3/pkg/oidc"
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

// TestSlogKeepsCallersTextOut: a refused authorisation request's state (which a partner may fill with anything,
// an e-mail address among them) and hints or codes never reach the log (QA security round).
func TestSlogKeepsCallersTextOut(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	l := slog.New(Slog(zap.New(core)))
	refused := oidc.ErrInvalidRequest().WithDescription("code_challenge required")
	refused.State = "alice@example.org"
	l.Warn("auth request", slog.Any("oidc_error", refused), slog.String("login_hint", "bob@example.org"),
		slog.Group("request", slog.String("client_id", "partner"), slog.Group("hints", slog.String("id_token_hint", "eyJ"))))
	require.Equal(t, 1, logs.Len())
	line, err := json.Marshal(logs.All()[0].ContextMap())
	require.NoError(t, err)
	require.NotContains(t, string(line), "alice@example.org")
	require.NotContains(t, string(line), "bob@example.org")
	require.NotContains(t, string(line), "eyJ")
	require.Contains(t, string(line), "code_challenge required", "the library's own description stays")
	require.Contains(t, string(line), "client_id=partner")
}
