package config_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/config/configtest"
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

	configtest.SetProduction(t)
	_, err = config.Load(config.Sources{})
	require.ErrorContains(t, err, "config: dev.clock.enabled:", "the development clock is refused in production")

	t.Setenv("PORTAL_DEV_CLOCK_ENABLED", "false")
	_, err = config.Load(config.Sources{})
	require.NoError(t, err)
}
