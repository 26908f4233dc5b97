// Package logging builds the service's zap logger.
package logging

import (
	"errors"
	"fmt"
	"os"
	"sync/atomic"
	"syscall"
	"time"

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
	return NewTo(level, env, format, os.Stderr)
}

// FlushInterval is the longest a JSON line at info level or below waits in the buffer. Warnings and errors are
// written at once, together with whatever is buffered before them, so the file stays in order.
const FlushInterval = time.Second

// bufferSize holds a few hundred access-log lines: at thousands of requests per second a write system call per
// line cost more than encoding it (docs/scaling.md), so lines go out in batches.
const bufferSize = 64 << 10

// NewTo is New writing to w (benchmarks and tests).
func NewTo(level, env, format string, w zapcore.WriteSyncer) (*zap.Logger, error) {
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
	enc := zap.NewProductionEncoderConfig()
	enc.TimeKey = "time"
	enc.EncodeTime = iso8601Millis
	// Sampling (zap's production default) is left off: it drops repeated lines, which would hide access-log
	// entries.
	w = syncWhereItCan{w}
	opts := []zap.Option{zap.ErrorOutput(zapcore.Lock(w))}
	if format == FormatConsole {
		// For people: short time, coloured level, the message, then the fields; no caller or stack noise. A
		// terminal gets each line at once.
		enc.EncodeTime = zapcore.TimeEncoderOfLayout("15:04:05")
		enc.EncodeLevel = zapcore.CapitalColorLevelEncoder
		enc.CallerKey = ""
		enc.StacktraceKey = ""
		core := zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(w), zap.NewAtomicLevelAt(lvl))
		return zap.New(core, opts...), nil
	}
	buffered := &zapcore.BufferedWriteSyncer{WS: zapcore.Lock(w), Size: bufferSize, FlushInterval: FlushInterval}
	core := &jsonCore{level: lvl, enc: zapcore.NewJSONEncoder(enc), out: buffered}
	// No stack trace on error lines: the caller names the place, a panic's own stack is logged where it is
	// recovered, and a trace on every error (a relay's refusal, each /readyz while the database is down) filled the
	// log with source paths (QA operations round). DPanic and worse keep theirs.
	opts = append(opts, zap.AddCaller(), zap.AddStacktrace(zapcore.DPanicLevel), zap.Fields(zap.String("env", env)))
	return zap.New(core, opts...), nil
}

// jsonCore writes JSON lines through the buffer, and flushes it after a warning or an error, so that line is on
// disk before the service goes on (and the lines buffered before it with it, in order). It is zap's own core
// (zapcore.NewCore) but for the flush: one core instead of a Tee of a buffered core below warnings and a flushing
// one above, which checked both for every line (about a twentieth of an access-log line's CPU, 2026-11-30, issue 16).
type jsonCore struct {
	level zapcore.Level
	enc   zapcore.Encoder
	out   *zapcore.BufferedWriteSyncer
}

func (c *jsonCore) Enabled(l zapcore.Level) bool { return c.level.Enabled(l) }

// Level tells zap.Logger.Level and zapcore.LevelOf the level without trying each one.
func (c *jsonCore) Level() zapcore.Level { return c.level }

func (c *jsonCore) With(fields []zapcore.Field) zapcore.Core {
	clone := &jsonCore{level: c.level, enc: c.enc.Clone(), out: c.out}
	for i := range fields {
		fields[i].AddTo(clone.enc)
	}
	return clone
}

func (c *jsonCore) Check(ent zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(ent.Level) {
		return ce.AddCore(ent, c)
	}
	return ce
}

func (c *jsonCore) Write(ent zapcore.Entry, fields []zapcore.Field) error {
	buf, err := c.enc.EncodeEntry(ent, fields)
	if err != nil {
		return err
	}
	_, err = c.out.Write(buf.Bytes())
	buf.Free()
	if err != nil || ent.Level < zapcore.WarnLevel {
		return err
	}
	return c.out.Sync()
}

func (c *jsonCore) Sync() error { return c.out.Sync() }

// syncWhereItCan flushes to disk when the output is a file and does nothing otherwise: a pipe (docker's log
// driver, `| cat`) or a terminal refuses fsync with EINVAL or ENOTSUP, which zap would report after every
// warning as a line that is not JSON ("write error: sync /dev/stderr: invalid argument").
type syncWhereItCan struct{ zapcore.WriteSyncer }

func (s syncWhereItCan) Sync() error {
	if err := s.WriteSyncer.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	return nil
}

// IsTerminal reports whether f is a character device (a terminal), without a dependency for it.
func IsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// iso8601Millis writes what zapcore.ISO8601TimeEncoder writes ("2006-01-02T15:04:05.000Z0700"), formatting each
// millisecond once: under load most lines share their millisecond with the line before, and formatting the
// time was a fifth of encoding an access-log line.
func iso8601Millis(t time.Time, enc zapcore.PrimitiveArrayEncoder) {
	ms, loc := t.UnixMilli(), t.Location()
	if c := lastTime.Load(); c != nil && c.ms == ms && c.loc == loc {
		enc.AppendString(c.text)
		return
	}
	c := &formattedTime{ms: ms, loc: loc, text: t.Format(iso8601Layout)}
	lastTime.Store(c)
	enc.AppendString(c.text)
}

// iso8601Layout is zapcore.ISO8601TimeEncoder's layout.
const iso8601Layout = "2006-01-02T15:04:05.000Z0700"

// formattedTime is one millisecond's text in one location.
type formattedTime struct {
	ms   int64
	loc  *time.Location
	text string
}

var lastTime atomic.Pointer[formattedTime]
