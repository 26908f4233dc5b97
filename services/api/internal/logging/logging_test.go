package logging_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap/zapcore"

	"github.com/grocer-portal/portal/services/api/internal/logging"
)

func TestNew(t *testing.T) {
	tests := []struct {
		name    string
		level   string
		env     string
		want    zapcore.Level
		wantErr bool
	}{
		{"debug development", "debug", "development", zapcore.DebugLevel, false},
		{"warn production", "warn", "production", zapcore.WarnLevel, false},
		{"unknown level", "loud", "development", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			logger, err := logging.New(tc.level, tc.env, logging.FormatJSON)
			if tc.wantErr {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, logger.Level())
		})
	}
}
