// Package logging builds the service's zap logger.
package logging

import (
	"fmt"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// New returns a JSON logger writing to stderr at the given level
// (debug|info|warn|error). Stdout stays free for the CLI's own messages.
func New(level, env string) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("logging: %w", err)
	}
	cfg := zap.NewProductionConfig()
	cfg.Level = zap.NewAtomicLevelAt(lvl)
	cfg.EncoderConfig.TimeKey = "time"
	cfg.EncoderConfig.EncodeTime = zapcore.ISO8601TimeEncoder
	// Sampling drops repeated lines, which would hide access-log entries.
	cfg.Sampling = nil
	cfg.OutputPaths = []string{"stderr"}
	cfg.ErrorOutputPaths = []string{"stderr"}
	logger, err := cfg.Build(zap.Fields(zap.String("env", env)))
	if err != nil {
		return nil, fmt.Errorf("logging: %w", err)
	}
	return logger, nil
}
