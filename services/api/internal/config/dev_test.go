package config_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/config"
)

func TestDevClockSetting(t *testing.T) {
	isolate(t)
	cfg, err := config.Load(config.Sources{})
	require.NoError(t, err)
	require.False(t, cfg.Dev.Clock.Enabled, "off by default")

	t.Setenv("PORTAL_DEV_CLOCK_ENABLED", "true")
	cfg, err = config.Load(config.Sources{})
	require.NoError(t, err)
	require.True(t, cfg.Dev.Clock.Enabled)

	// What production needs from other sections (subscribers.go, validate.go).
	t.Setenv("PORTAL_ENV", "production")
	t.Setenv("PORTAL_SUBSCRIBERS_JWT_KEYS", "k1:0123456789abcdef0123456789abcdef")
	t.Setenv("PORTAL_REMINDERS_APIKEYS", "shop-key-0123456789")
	t.Setenv("PORTAL_HTTP_PUBLICURL", "https://konto.example.com")
	t.Setenv("PORTAL_MAIL_FROM", "noreply@example.com")
	t.Setenv("PORTAL_MAIL_SMTP_URL", "smtp://mail.example.com:25")
	_, err = config.Load(config.Sources{})
	require.ErrorContains(t, err, "config: dev.clock.enabled:", "the development clock is refused in production")

	t.Setenv("PORTAL_DEV_CLOCK_ENABLED", "false")
	_, err = config.Load(config.Sources{})
	require.NoError(t, err)
}
