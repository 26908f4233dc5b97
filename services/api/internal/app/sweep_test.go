package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

// tinyByDesign are tables the sweep may read whole: they hold a handful of rows whatever the traffic.
var tinyByDesign = map[string]string{
	"sso_signing_keys":      "the current signing key and the few still verifying tokens",
	"sso_signing_keys_pkey": "the same table's primary key",
}

// Every statement of the sweep finds its rows through an index. The sweep runs every few minutes on tables that
// grow with every login, link and mail (sessions, tokens, the outbox: docs/scaling.md), so a statement that read a
// table whole would cost more with every row the table keeps. The statements are the ones the sweep really runs
// (its database spans); each one's plan is asked of the database: SQLite's query plan, PostgreSQL's generic plan
// with sequential scans priced out, so that an index is used wherever one exists.
func TestSweepFindsItsRowsThroughIndexes(t *testing.T) {
	recorder := tracetest.NewSpanRecorder()
	previous := otel.GetTracerProvider()
	otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(recorder)))
	t.Cleanup(func() { otel.SetTracerProvider(previous) })

	for name, url := range map[string]func(testing.TB) string{"sqlite": dbtest.SQLiteURL, "postgres": dbtest.PostgresURL} {
		t.Run(name, func(t *testing.T) {
			s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Database.URL = url(t) }))
			ctx, sweep := otel.Tracer("test").Start(context.Background(), "sweep")
			s.App.Sweep(ctx)
			sweep.End()

			seen := map[string]bool{}
			for _, span := range recorder.Ended() {
				if span.SpanContext().TraceID() != sweep.SpanContext().TraceID() {
					continue
				}
				for _, kv := range span.Attributes() {
					if kv.Key == "db.query.text" && readsRows.MatchString(kv.Value.AsString()) {
						seen[strings.Join(strings.Fields(kv.Value.AsString()), " ")] = true
					}
				}
			}
			require.NotEmpty(t, seen, "the sweep's statements are spans of its trace")
			for statement := range seen {
				plan := queryPlan(t, s.DB, statement)
				for _, table := range fullScans(s.DB.Dialect, plan) {
					if _, tiny := tinyByDesign[table]; !tiny {
						assert.Fail(t, "the sweep reads a table whole", "%s\nplan:\n%s", statement, plan)
					}
				}
			}
		})
	}
}

// readsRows matches the statements that look rows up (not BEGIN, COMMIT or a plain INSERT).
var readsRows = regexp.MustCompile(`(?is)^\s*(SELECT|UPDATE|DELETE)\b`)

func queryPlan(t *testing.T, db *database.DB, statement string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	var query string
	var args []any
	if db.Dialect == database.SQLite {
		query, args = "EXPLAIN QUERY PLAN "+statement, make([]any, strings.Count(statement, "?"))
	} else {
		// A generic plan keeps the parameters as parameters: with NULL values a custom plan would fold every
		// comparison away and read nothing at all.
		for _, set := range []string{"SET plan_cache_mode = force_generic_plan", "SET enable_seqscan = off", "PREPARE sweep_statement AS " + statement} {
			_, err := conn.ExecContext(ctx, set)
			require.NoError(t, err, set)
		}
		defer func() { _, _ = conn.ExecContext(ctx, "DEALLOCATE sweep_statement") }()
		nulls := strings.TrimSuffix(strings.Repeat("NULL, ", len(regexp.MustCompile(`\$\d+`).FindAllString(statement, -1))), ", ")
		query = "EXPLAIN (FORMAT JSON) EXECUTE sweep_statement"
		if nulls != "" {
			query += "(" + nulls + ")"
		}
	}
	rows, err := conn.QueryContext(ctx, query, args...)
	require.NoError(t, err, query)
	defer rows.Close()
	columns, err := rows.Columns()
	require.NoError(t, err)
	var plan strings.Builder
	for rows.Next() {
		values := make([]any, len(columns))
		pointers := make([]any, len(columns))
		for i := range values {
			pointers[i] = &values[i]
		}
		require.NoError(t, rows.Scan(pointers...))
		if b, ok := values[len(values)-1].([]byte); ok {
			values[len(values)-1] = string(b)
		}
		fmt.Fprintln(&plan, values[len(values)-1])
	}
	require.NoError(t, rows.Err())
	return plan.String()
}

// fullScans names the tables (or indexes) a plan reads whole: SQLite's "SCAN t" or "SCAN t USING INDEX i" (where
// "SEARCH t USING INDEX i (c<?)" is a lookup); PostgreSQL's sequential scans and index scans without an index
// condition.
func fullScans(dialect database.Dialect, plan string) []string {
	var tables []string
	if dialect == database.SQLite {
		for _, m := range regexp.MustCompile(`(?m)^SCAN (\w+)`).FindAllStringSubmatch(plan, -1) {
			if m[1] != "CONSTANT" {
				tables = append(tables, m[1])
			}
		}
		return tables
	}
	var nodes []map[string]any
	if err := json.Unmarshal([]byte(plan), &nodes); err != nil {
		return []string{"(unreadable plan: " + err.Error() + ")"}
	}
	var walk func(node map[string]any)
	walk = func(node map[string]any) {
		switch node["Node Type"] {
		case "Seq Scan":
			tables = append(tables, fmt.Sprint(node["Relation Name"]))
		case "Index Scan", "Index Only Scan", "Bitmap Index Scan":
			if _, ok := node["Index Cond"]; !ok {
				tables = append(tables, fmt.Sprint(node["Index Name"]))
			}
		}
		children, _ := node["Plans"].([]any)
		for _, child := range children {
			if c, ok := child.(map[string]any); ok {
				walk(c)
			}
		}
	}
	for _, n := range nodes {
		if p, ok := n["Plan"].(map[string]any); ok {
			walk(p)
		}
	}
	return tables
}
