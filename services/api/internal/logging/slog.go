package logging

import (
	"context"
	"log/slog"
	"strings"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// Slog is a log/slog handler writing to a zap logger, for libraries that log through slog (zitadel/oidc), so
// that their lines are the service's JSON lines at the service's level.
func Slog(z *zap.Logger) slog.Handler { return &slogHandler{z: z} }

type slogHandler struct {
	z      *zap.Logger
	group  string
	fields []zap.Field
}

func zapLevel(l slog.Level) zapcore.Level {
	switch {
	case l >= slog.LevelError:
		return zapcore.ErrorLevel
	case l >= slog.LevelWarn:
		return zapcore.WarnLevel
	case l >= slog.LevelInfo:
		return zapcore.InfoLevel
	default:
		return zapcore.DebugLevel
	}
}

func (h *slogHandler) Enabled(_ context.Context, l slog.Level) bool {
	return h.z.Core().Enabled(zapLevel(l))
}

// callersText are the attributes whose value the caller of a request chose, which the OpenID Connect library
// logs with a refused request: a partner's state or a login hint may be an e-mail address, a code or token a
// credential (QA security round: "state=alice@example.org" in a warning any caller could write). Their values
// never reach the log.
var callersText = map[string]bool{
	"state": true, "login_hint": true, "id_token_hint": true, "nonce": true, "code": true, "code_verifier": true,
	"client_secret": true, "access_token": true, "refresh_token": true, "token": true, "assertion": true,
}

const redacted = "[redacted]"

func (h *slogHandler) field(a slog.Attr) zap.Field {
	key := a.Key
	if h.group != "" {
		key = h.group + "." + key
	}
	if callersText[a.Key] {
		return zap.String(key, redacted)
	}
	v := a.Value.Resolve()
	if v.Kind() == slog.KindGroup {
		return zap.String(key, groupText(v.Group()))
	}
	return zap.Any(key, v.Any())
}

// groupText writes a group's attributes as "key=value …", nested groups in braces.
func groupText(attrs []slog.Attr) string {
	parts := make([]string, 0, len(attrs))
	for _, g := range attrs {
		v := g.Value.Resolve()
		switch {
		case callersText[g.Key]:
			parts = append(parts, g.Key+"="+redacted)
		case v.Kind() == slog.KindGroup:
			parts = append(parts, g.Key+"={"+groupText(v.Group())+"}")
		default:
			parts = append(parts, g.Key+"="+v.String())
		}
	}
	return strings.Join(parts, " ")
}

func (h *slogHandler) Handle(_ context.Context, r slog.Record) error {
	fields := append([]zap.Field(nil), h.fields...)
	r.Attrs(func(a slog.Attr) bool {
		fields = append(fields, h.field(a))
		return true
	})
	if ce := h.z.Check(zapLevel(r.Level), r.Message); ce != nil {
		ce.Write(fields...)
	}
	return nil
}

func (h *slogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	next := &slogHandler{z: h.z, group: h.group, fields: append([]zap.Field(nil), h.fields...)}
	for _, a := range attrs {
		next.fields = append(next.fields, h.field(a))
	}
	return next
}

func (h *slogHandler) WithGroup(name string) slog.Handler {
	g := name
	if h.group != "" {
		g = h.group + "." + name
	}
	return &slogHandler{z: h.z, group: g, fields: h.fields}
}
