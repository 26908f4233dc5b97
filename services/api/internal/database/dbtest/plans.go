package dbtest

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/grocer-portal/portal/services/api/internal/database"
)

// Statements records the SQL the service runs while a test traces it: every query made under a span becomes a
// span of its own with the statement (never its arguments; internal/database), and the recorder keeps them.
type Statements struct {
	recorder *tracetest.SpanRecorder
	mu       sync.Mutex
	taken    int // spans already answered by Take
}

// RecordStatements makes the global tracer provider record spans for the rest of the test. The service's
// queries are spans only under a request's or a job's span: start one (otel.Tracer(...).Start), or mount the
// HTTP edge's tracing (config tracing.otlpEndpoint).
func RecordStatements(t testing.TB) *Statements {
	t.Helper()
	s := &Statements{recorder: tracetest.NewSpanRecorder()}
	previous := otel.GetTracerProvider()
	otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(s.recorder)))
	t.Cleanup(func() { otel.SetTracerProvider(previous) })
	return s
}

// lookups matches the statements that look rows up (not BEGIN, COMMIT or a plain INSERT).
var lookups = regexp.MustCompile(`(?is)^\s*(SELECT|UPDATE|DELETE)\b`)

// Take answers the distinct SELECT, UPDATE and DELETE statements recorded since the last Take, whitespace
// collapsed.
func (s *Statements) Take() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ended := s.recorder.Ended()
	fresh := ended[min(s.taken, len(ended)):]
	s.taken = len(ended)
	seen := map[string]bool{}
	var out []string
	for _, span := range fresh {
		for _, kv := range span.Attributes() {
			if kv.Key != "db.query.text" || !lookups.MatchString(kv.Value.AsString()) {
				continue
			}
			statement := strings.Join(strings.Fields(kv.Value.AsString()), " ")
			if !seen[statement] {
				seen[statement] = true
				out = append(out, statement)
			}
		}
	}
	return out
}

// RequireIndexed checks the statements recorded since the last Take: each one's plan must find its rows through
// an index (tablesReadWhole), but for the tables or indexes of tinyByDesign (name: why it stays small). It fails t
// when nothing was recorded, and answers how many statements it checked.
func (s *Statements) RequireIndexed(t testing.TB, db *database.DB, tinyByDesign map[string]string) int {
	t.Helper()
	statements := s.Take()
	if len(statements) == 0 {
		t.Fatalf("dbtest: no statement was recorded: are the queries made under a span?")
	}
	for _, statement := range statements {
		tables, plan := tablesReadWhole(t, db, statement)
		for _, table := range tables {
			if _, tiny := tinyByDesign[table]; !tiny {
				t.Errorf("reads %s whole: %s\nplan:\n%s", table, statement, plan)
			}
		}
	}
	return len(statements)
}

// tablesReadWhole asks the database for the plan of statement and names the tables (or indexes) it would read
// whole, with the plan for a failure message. SQLite: "SCAN t" or "SCAN t USING INDEX i" (where "SEARCH t USING
// INDEX i (c<?)" is a lookup). PostgreSQL: the generic plan, so that the parameters stay parameters (NULL values
// would let the planner fold every comparison away), with sequential scans priced out so that an index is used
// wherever one exists; a sequential scan, or an index scan without an index condition, reads whole.
func tablesReadWhole(t testing.TB, db *database.DB, statement string) ([]string, string) {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	defer func() { _ = conn.Close() }()
	query := "EXPLAIN QUERY PLAN " + statement
	args := make([]any, strings.Count(statement, "?"))
	if db.Dialect == database.Postgres {
		args = nil
		for _, set := range []string{"SET plan_cache_mode = force_generic_plan", "SET enable_seqscan = off", "PREPARE planned AS " + statement} {
			if _, err := conn.ExecContext(ctx, set); err != nil {
				t.Fatalf("dbtest: %s: %v", set, err)
			}
		}
		defer func() {
			_, _ = conn.ExecContext(ctx, "DEALLOCATE planned; RESET enable_seqscan; RESET plan_cache_mode")
		}()
		query = "EXPLAIN (FORMAT JSON) EXECUTE planned"
		if n := len(postgresParameters.FindAllString(statement, -1)); n > 0 {
			query += "(" + strings.TrimSuffix(strings.Repeat("NULL, ", n), ", ") + ")"
		}
	}
	rows, err := conn.QueryContext(ctx, query, args...)
	if err != nil {
		t.Fatalf("dbtest: %s: %v", query, err)
	}
	defer func() { _ = rows.Close() }()
	columns, err := rows.Columns()
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	var plan strings.Builder
	for rows.Next() {
		values := make([]any, len(columns))
		pointers := make([]any, len(columns))
		for i := range values {
			pointers[i] = &values[i]
		}
		if err := rows.Scan(pointers...); err != nil {
			t.Fatalf("dbtest: %v", err)
		}
		detail := values[len(values)-1]
		if b, ok := detail.([]byte); ok {
			detail = string(b)
		}
		fmt.Fprintln(&plan, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	if db.Dialect == database.SQLite {
		return sqliteScans(plan.String()), plan.String()
	}
	return postgresScans(plan.String()), plan.String()
}

var (
	postgresParameters = regexp.MustCompile(`\$\d+`)
	sqliteScan         = regexp.MustCompile(`(?m)^SCAN (\w+)`)
)

func sqliteScans(plan string) []string {
	var tables []string
	for _, m := range sqliteScan.FindAllStringSubmatch(plan, -1) {
		if m[1] != "CONSTANT" {
			tables = append(tables, m[1])
		}
	}
	return tables
}

func postgresScans(plan string) []string {
	var nodes []struct {
		Plan map[string]any `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(plan), &nodes); err != nil {
		return []string{"(unreadable plan: " + err.Error() + ")"}
	}
	var tables []string
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
		walk(n.Plan)
	}
	return tables
}
