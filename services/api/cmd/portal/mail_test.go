package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/mail"
)

func TestMailRequeueFailed(t *testing.T) {
	ctx := context.Background()
	dbURL, db := migratedSQLite(t)
	_, err := db.ExecContext(ctx, `INSERT INTO mail_outbox (recipient, kind, language, subject, body_text, status, attempts, created_at)
		VALUES ('eva@example.com', 'verification', 'de', 's', 't', 'failed', 30, '2026-11-28T10:00:00.000000000Z')`)
	require.NoError(t, err)

	var out bytes.Buffer
	require.NoError(t, run(ctx, []string{"mail", "requeue-failed", "--database-url", dbURL}, &out, &bytes.Buffer{}))
	require.Equal(t, "1 mail queued again\n", out.String())
	stored, err := mail.NewOutbox(db, nil).Latest(ctx, "eva@example.com", 1)
	require.NoError(t, err)
	require.Equal(t, mail.StatusPending, stored[0].Status)

	require.ErrorContains(t, run(ctx, []string{"mail", "resend"}, &bytes.Buffer{}, &bytes.Buffer{}), "requeue-failed")
}
