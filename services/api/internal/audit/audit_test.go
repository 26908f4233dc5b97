package audit_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
)

// An address PostgreSQL cannot take as text (a NUL, bytes that are not UTF-8) has no entries, on either database;
// PostgreSQL answered it with an error.
func TestByEmailOfTextNoAddressHolds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		log := audit.New(db, nil)
		require.NoError(t, log.Record(ctx, audit.Event{Type: audit.LoginFailed, Email: "eva@example.com"}))
		events, err := log.ByEmail(ctx, "eva@example.com", 10)
		require.NoError(t, err)
		require.Len(t, events, 1)
		for _, bad := range []string{"eva@example.com\x00", "ev\xe4@example.com"} {
			events, err := log.ByEmail(ctx, bad, 10)
			require.NoError(t, err, "%q", bad)
			require.Empty(t, events, "%q", bad)
		}
	})
}
