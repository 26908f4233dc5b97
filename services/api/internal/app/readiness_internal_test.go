package app

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

type pingerFunc func(context.Context) error

func (f pingerFunc) Ping(ctx context.Context) error { return f(ctx) }

// The database's outage and its return are logged once each, however often the probes ask (QA operator round: an
// error line per probe).
func TestReadinessLogsTheChangesOnly(t *testing.T) {
	core, logs := observer.New(zap.DebugLevel)
	var down error
	r := &readiness{db: pingerFunc(func(context.Context) error { return down }), logger: zap.New(core)}
	for _, answer := range []error{nil, errors.New("connection refused"), errors.New("connection refused"), nil, nil} {
		down = answer
		require.Equal(t, answer, r.Ping(context.Background()))
	}
	var messages []string
	for _, e := range logs.AllUntimed() {
		messages = append(messages, e.Level.String()+" "+e.Message)
	}
	require.Equal(t, []string{"warn not ready: the database does not answer", "info ready: the database answers again"}, messages)
}
