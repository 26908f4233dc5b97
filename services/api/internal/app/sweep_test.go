package app_test

import (
	"context"
	"testing"

	"go.opentelemetry.io/otel"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

// Every statement of the sweep finds its rows through an index. The sweep runs every few minutes on tables that
// grow with every login, link and mail (sessions, tokens, the outbox: docs/scaling.md), so a statement that read a
// table whole would cost more with every row the table keeps. The statements are the ones the sweep really runs
// (its database spans), each one's plan asked of the database (dbtest.Statements.RequireIndexed).
func TestSweepFindsItsRowsThroughIndexes(t *testing.T) {
	statements := dbtest.RecordStatements(t)
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		statements.Take() // what building the service ran
		ctx, sweep := otel.Tracer("test").Start(context.Background(), "sweep")
		s.App.Sweep(ctx)
		sweep.End()
		statements.RequireIndexed(t, s.DB, map[string]string{
			"sso_signing_keys":      "the current signing key and the few still verifying tokens",
			"sso_signing_keys_pkey": "the same table's primary key",
		})
	})
}
