package app_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

// tinyByDesign are what the sweep may read whole: a table of a handful of rows whatever the traffic.
var tinyByDesign = map[string]string{
	"sso_signing_keys":      "the current signing key and the few still verifying tokens",
	"sso_signing_keys_pkey": "the same table's primary key",
}

// Every statement of the sweep finds its rows through an index. The sweep runs every few minutes on tables that
// grow with every login, link and mail (sessions, tokens, the outbox: docs/scaling.md), so a statement that read a
// table whole would cost more with every row the table keeps. The statements are the ones the sweep really runs
// (its database spans), each one's plan asked of the database (dbtest.TablesReadWhole).
func TestSweepFindsItsRowsThroughIndexes(t *testing.T) {
	statements := dbtest.RecordStatements(t)
	for name, url := range map[string]func(testing.TB) string{"sqlite": dbtest.SQLiteURL, "postgres": dbtest.PostgresURL} {
		t.Run(name, func(t *testing.T) {
			s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Database.URL = url(t) }))
			statements.Take() // what building the service ran
			ctx, sweep := otel.Tracer("test").Start(context.Background(), "sweep")
			s.App.Sweep(ctx)
			sweep.End()

			swept := statements.Take()
			require.NotEmpty(t, swept, "the sweep's statements are spans of its trace")
			for _, statement := range swept {
				tables, plan := dbtest.TablesReadWhole(t, s.DB, statement)
				for _, table := range tables {
					if _, tiny := tinyByDesign[table]; !tiny {
						assert.Fail(t, "the sweep reads a table whole", "%s\nplan:\n%s", statement, plan)
					}
				}
			}
		})
	}
}
