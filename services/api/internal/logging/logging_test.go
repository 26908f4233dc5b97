package logging

import (
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
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
			logger, err := New(tc.level, tc.env, FormatJSON)
			if tc.wantErr {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, logger.Level())
		})
	}
}

// TestWarningsFlushTheBuffer: info lines are batched, but a warning goes out at once with everything before it,
// in order; Sync writes the rest.
func TestWarningsFlushTheBuffer(t *testing.T) {
	var out syncBuffer
	logger, err := NewTo("info", "test", FormatJSON, &out)
	require.NoError(t, err)
	logger.Info("first")
	require.Empty(t, out.String(), "an info line waits in the buffer")
	logger.Warn("second")
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2)
	require.Contains(t, lines[0], `"msg":"first"`)
	require.Contains(t, lines[1], `"msg":"second"`)
	logger.Debug("hidden")
	logger.Info("third")
	require.NoError(t, logger.Sync())
	require.Contains(t, out.String(), `"msg":"third"`)
	require.NotContains(t, out.String(), "hidden")
}

// TestErrorLinesCarryNoStackTrace: the caller names the place; a trace on every error line (a relay's refusal, each
// /readyz while the database is down) filled the log with source paths (QA operations round).
func TestErrorLinesCarryNoStackTrace(t *testing.T) {
	var out syncBuffer
	logger, err := NewTo("info", "test", FormatJSON, &out)
	require.NoError(t, err)
	logger.Error("relay refused")
	require.NoError(t, logger.Sync())
	require.Contains(t, out.String(), `"caller":`)
	require.NotContains(t, out.String(), "stacktrace")
}

// TestJSONLinesThroughAPipe: on a pipe (docker's log driver, `| cat`), which refuses fsync, every line is still
// JSON: the flush after a warning once added "write error: sync /dev/stderr: invalid argument".
func TestJSONLinesThroughAPipe(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	logger, err := NewTo("info", "test", FormatJSON, w)
	require.NoError(t, err)
	logger.Info("first")
	logger.Warn("second")
	logger.Error("third")
	_ = logger.Sync()
	require.NoError(t, w.Close())
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, 3, string(out))
	for _, line := range lines {
		require.True(t, json.Valid([]byte(line)), line)
	}
}

type syncBuffer struct{ strings.Builder }

func (b *syncBuffer) Sync() error { return nil }

// TestTimeIsZapsISO8601: the cached encoder writes the very line zap's own does, within a millisecond, across
// milliseconds, seconds and locations.
func TestTimeIsZapsISO8601(t *testing.T) {
	encoder := func(te zapcore.TimeEncoder) zapcore.Encoder {
		cfg := zap.NewProductionEncoderConfig()
		cfg.EncodeTime = te
		return zapcore.NewJSONEncoder(cfg)
	}
	zaps, ours := encoder(zapcore.ISO8601TimeEncoder), encoder(iso8601Millis)
	base := time.Date(2026, 3, 29, 0, 59, 59, 998_000_000, time.UTC)
	var times []time.Time
	for _, step := range []time.Duration{0, 400 * time.Microsecond, time.Millisecond, 2 * time.Millisecond, time.Second, time.Hour} {
		tm := base.Add(step)
		times = append(times, tm, tm.In(time.FixedZone("CET", 3600)), tm.In(time.FixedZone("CEST", 7200)), tm.Local(), base.Add(-step))
	}
	times = append(times, time.Now(), time.Now(), time.Time{})
	for _, tm := range times {
		want, err := zaps.EncodeEntry(zapcore.Entry{Time: tm, Message: "request"}, nil)
		require.NoError(t, err)
		got, err := ours.EncodeEntry(zapcore.Entry{Time: tm, Message: "request"}, nil)
		require.NoError(t, err)
		require.Equal(t, want.String(), got.String(), tm.String())
	}
}

// TestOneCoreWritesWhatTheTeeWrote: the JSON log is one core that flushes after warnings (2026-11-30, issue 16);
// it writes the very lines, and flushes at the very points, of the two cores it replaced (a buffered one below
// warnings and a flushing one above, joined by zapcore.NewTee).
func TestOneCoreWritesWhatTheTeeWrote(t *testing.T) {
	var ours, tees syncBuffer
	logger, err := NewTo("info", "test", FormatJSON, &ours)
	require.NoError(t, err)
	loggers := []*zap.Logger{logger, teeOfTwoCores(t, zapcore.InfoLevel, &tees)}
	at := time.Date(2026, 11, 30, 12, 0, 0, 123_000_000, time.UTC)
	for i, l := range loggers {
		loggers[i] = l.WithOptions(zap.WithClock(fixedClock{at}))
	}
	steps := []func(l *zap.Logger){
		func(l *zap.Logger) {
			l.Info("request", zap.String("route", "/rest/v1/region"), zap.Duration("duration", 1234567))
		},
		func(l *zap.Logger) {
			l.With(zap.String("method", "GET"), zap.Int("status", 200)).Info("request", zap.Int64("bytes", 24))
		},
		func(l *zap.Logger) { l.Debug("hidden") },
		func(l *zap.Logger) { l.Warn("relay slow", zap.Error(io.ErrUnexpectedEOF)) },
		func(l *zap.Logger) { l.Info("after the warning") },
		func(l *zap.Logger) { l.With(zap.String("route", "/x")).Error("request", zap.String("quote", "a\"b\n")) },
		func(l *zap.Logger) { l.Info("buffered again") },
		func(l *zap.Logger) { require.NoError(t, l.Sync()) },
	}
	for i, step := range steps {
		for _, l := range loggers {
			step(l)
		}
		require.Equal(t, tees.String(), ours.String(), "after step %d", i)
	}
	require.Equal(t, loggers[1].Level(), loggers[0].Level())
	require.Contains(t, ours.String(), `"msg":"buffered again"`)
}

// teeOfTwoCores is the JSON logger NewTo built before 2026-11-30.
func teeOfTwoCores(t *testing.T, lvl zapcore.Level, w zapcore.WriteSyncer) *zap.Logger {
	t.Helper()
	enc := zap.NewProductionEncoderConfig()
	enc.TimeKey = "time"
	enc.EncodeTime = iso8601Millis
	w = syncWhereItCan{w}
	buffered := &zapcore.BufferedWriteSyncer{WS: zapcore.Lock(w), Size: bufferSize, FlushInterval: FlushInterval}
	json := zapcore.NewJSONEncoder(enc)
	core := zapcore.NewTee(
		zapcore.NewCore(json, buffered, zap.LevelEnablerFunc(func(l zapcore.Level) bool { return l >= lvl && l < zapcore.WarnLevel })),
		zapcore.NewCore(json, teeFlushing{buffered}, zap.LevelEnablerFunc(func(l zapcore.Level) bool { return l >= lvl && l >= zapcore.WarnLevel })),
	)
	return zap.New(core, zap.ErrorOutput(zapcore.Lock(w)), zap.AddCaller(), zap.AddStacktrace(zapcore.DPanicLevel), zap.Fields(zap.String("env", "test")))
}

// teeFlushing is the flushing writer of teeOfTwoCores.
type teeFlushing struct{ b *zapcore.BufferedWriteSyncer }

func (f teeFlushing) Write(p []byte) (int, error) {
	n, err := f.b.Write(p)
	if err != nil {
		return n, err
	}
	return n, f.b.Sync()
}

func (f teeFlushing) Sync() error { return f.b.Sync() }

type fixedClock struct{ at time.Time }

func (c fixedClock) Now() time.Time                         { return c.at }
func (c fixedClock) NewTicker(d time.Duration) *time.Ticker { return time.NewTicker(d) }
