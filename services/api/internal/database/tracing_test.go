package database_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

// A query made while a request is traced is a span of that trace, with its statement and placeholders but never
// its arguments (an e-mail address must not reach the tracing backend); a query outside any trace starts none.
func TestQueriesAreSpansOfTheRequestsTrace(t *testing.T) {
	recorder := tracetest.NewSpanRecorder()
	previous := otel.GetTracerProvider()
	otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(recorder)))
	t.Cleanup(func() { otel.SetTracerProvider(previous) })

	for name, url := range map[string]func(testing.TB) string{"sqlite": dbtest.SQLiteURL, "postgres": dbtest.PostgresURL} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db, err := database.Open(ctx, url(t))
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close() })
			before := len(recorder.Ended())
			var n int
			require.NoError(t, db.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM (SELECT ? AS e) AS x WHERE e <> ''`), "nobody@example.com").Scan(&n))
			require.Len(t, recorder.Ended(), before, "no trace, no span")

			ctx, request := otel.Tracer("test").Start(ctx, "GET /rest/v1/something")
			require.NoError(t, db.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM (SELECT ? AS e) AS x WHERE e <> ''`), "eva@example.com").Scan(&n))
			request.End()
			var query sdktrace.ReadOnlySpan
			for _, s := range recorder.Ended()[before:] {
				if s.SpanContext().TraceID() == request.SpanContext().TraceID() && s.Parent().SpanID() == request.SpanContext().SpanID() {
					query = s
				}
			}
			require.NotNil(t, query, "the query is a child span of the request")
			attrs := map[string]string{}
			for _, kv := range query.Attributes() {
				attrs[string(kv.Key)] = kv.Value.Emit()
			}
			require.Contains(t, attrs["db.query.text"], "SELECT COUNT(*)")
			require.Equal(t, map[string]string{"sqlite": "sqlite", "postgres": "postgresql"}[name], attrs["db.system.name"])
			for _, v := range attrs {
				require.False(t, strings.Contains(v, "eva@example.com"), "an argument reached the span")
			}
		})
	}
}
