package main

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// TestAuditCommand: `portal accounts disable` is recorded, and `portal audit --email` prints the account's events.
func TestAuditCommand(t *testing.T) {
	ctx := context.Background()
	dbURL, db := migratedSQLite(t)
	now := time.Now()
	require.NoError(t, embedded.NewSQLStore(db).CreateAccount(ctx, embedded.Account{UID: "u1", Email: "eva@example.com", Origin: embedded.OriginSite, CreatedAt: now, UpdatedAt: now}))

	var out, errOut bytes.Buffer
	require.NoError(t, run(ctx, []string{"accounts", "disable", "eva@example.com", "--database-url", dbURL}, &out, &errOut))
	out.Reset()
	require.NoError(t, run(ctx, []string{"audit", "--email", "Eva@Example.com", "--database-url", dbURL}, &out, &errOut))
	require.Contains(t, out.String(), "account.disabled")
	require.Contains(t, out.String(), "operator")

	out.Reset()
	require.NoError(t, run(ctx, []string{"audit", "--email", "nobody@example.com", "--database-url", dbURL}, &out, &errOut))
	require.Contains(t, out.String(), "no events for nobody@example.com")
	require.Error(t, run(ctx, []string{"audit", "--email", "not-an-address", "--database-url", dbURL}, &out, &errOut))

	typo := filepath.Join(filepath.Dir(dbURL[len("sqlite:"):]), "portl.db")
	require.ErrorContains(t, run(ctx, []string{"audit", "--email", "eva@example.com", "--database-url", "sqlite:" + typo}, &out, &errOut), "there is no database at")
	require.NoFileExists(t, typo, "a mistyped path makes no new database")
}

// TestOperatorCommandsRefuseADatabaseNoMigrateMade: on PostgreSQL a URL names any database of the server; the
// commands about the running service's data refuse one that `portal migrate` never prepared instead of writing the
// whole schema into it (QA operations round: `portal audit` on an empty database migrated it, "no events").
func TestOperatorCommandsRefuseADatabaseNoMigrateMade(t *testing.T) {
	empty := dbtest.PostgresURL(t)
	ctx := context.Background()
	var out, errOut bytes.Buffer
	for _, args := range [][]string{
		{"audit", "--email", "eva@example.com"},
		{"accounts", "disable", "eva@example.com"},
		{"mail", "requeue-failed"},
		{"sso-clients", "list"},
		{"link", "--email", "eva@example.com"},
	} {
		err := run(ctx, append(args, "--database-url", empty), &out, &errOut)
		require.ErrorContains(t, err, "holds no portal data", args[0])
	}
	db, err := database.Open(ctx, empty)
	require.NoError(t, err)
	defer func() { _ = db.Close() }()
	var tables int
	require.NoError(t, db.QueryRowContext(ctx, `SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'`).Scan(&tables))
	require.Zero(t, tables, "nothing was written into it")
}
