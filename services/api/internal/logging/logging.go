// Package logging builds the service's zap logger.
package logging

import (
	"fmt"
	"os"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// Formats of the log.
const (
	// FormatAuto is Console when stderr is a terminal (a person runs `make run`) and JSON otherwise (files,
	// containers, log collectors).
	FormatAuto    = "auto"
	FormatJSON    = "json"
	FormatConsole = "console"
)

// New returns a logger writing to stderr at the given level (debug|info|warn|error) in the given format
// (auto|json|console). Stdout stays free for the CLI's own messages.
func New(level, env, format string) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("logging: %w", err)
	}
	if format == FormatAuto || format == "" {
		format = FormatJSON
		if IsTerminal(os.Stderr) {
			format = FormatConsole
		}
	}
	cfg := zap.NewProductionConfig()
	cfg.Level = zap.NewAtomicLevelAt(lvl)
	cfg.EncoderConfig.TimeKey = "time"
	cfg.EncoderConfig.EncodeTime = zapcore.ISO8601TimeEncoder
	// Sampling drops repeated lines, which would hide access-log entries.
	cfg.Sampling = nil
	cfg.OutputPaths = []string{"stderr"}
	cfg.ErrorOutputPaths = []string{"stderr"}
	fields := []zap.Option{zap.Fields(zap.String("env", env))}
	if format == FormatConsole {
		// For people: short time, coloured level, the message, then the fields; no caller or stack noise.
		cfg.Encoding = "console"
		cfg.EncoderConfig.EncodeTime = zapcore.TimeEncoderOfLayout("15:04:05")
		cfg.EncoderConfig.EncodeLevel = zapcore.CapitalColorLevelEncoder
		cfg.EncoderConfig.CallerKey = ""
		cfg.EncoderConfig.StacktraceKey = ""
		cfg.DisableStacktrace = true
		fields = nil
	}
	logger, err := cfg.Build(fields...)
	if err != nil {
		return nil, fmt.Errorf("logging: %w", err)
	}
	return logger, nil
}

// IsTerminal reports whether f is a character device (a terminal), without a dependency for it.
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
