package main

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// The operator's requeue sends again what is worth sending and says what it left: a mail whose link has expired
// (QA operator round of 2026-11-30: a requeued reset mail was delivered with a dead link) and, unless asked with
// --refused, one the relay refused for good.
func TestMailRequeueFailed(t *testing.T) {
	ctx := context.Background()
	dbURL, db := migratedSQLite(t)
	at := func(d time.Duration) string { return time.Now().Add(d).UTC().Format("2006-01-02T15:04:05.000000000Z") }
	for _, m := range []struct {
		to, kind, status string
		linkExpires      any
	}{
		{"eva@example.com", "verification", "failed", at(13 * 24 * time.Hour)},
		{"ida@example.com", "password-changed-notice", "failed", nil},
		{"max@example.com", "password-reset", "failed", at(-22 * time.Hour)},
		{"gone@example.com", "verification", "refused", at(13 * 24 * time.Hour)},
	} {
		_, err := db.ExecContext(ctx, `INSERT INTO mail_outbox (recipient, kind, language, subject, body_text, status, attempts, created_at, link_expires_at)
			VALUES (?, ?, 'de', 's', 't', ?, 30, '2026-11-28T10:00:00.000000000Z', ?)`, m.to, m.kind, m.status, m.linkExpires)
		require.NoError(t, err)
	}
	status := func(to string) string {
		stored, err := mail.NewOutbox(db, nil).Latest(ctx, to, 1)
		require.NoError(t, err)
		return stored[0].Status
	}

	var out bytes.Buffer
	require.NoError(t, run(ctx, []string{"mail", "requeue-failed", "--database-url", dbURL}, &out, &bytes.Buffer{}))
	require.Equal(t, "2 mails queued again\n"+
		"1 mail left failed, the link expired (the shopper asks for a new one)\n"+
		"1 mail left refused, refused by the relay for good (once the cause is fixed: portal mail requeue-failed --refused)\n", out.String())
	require.Equal(t, mail.StatusPending, status("eva@example.com"))
	require.Equal(t, mail.StatusPending, status("ida@example.com"))
	require.Equal(t, mail.StatusFailed, status("max@example.com"))
	require.Equal(t, mail.StatusRefused, status("gone@example.com"))

	out.Reset()
	require.NoError(t, run(ctx, []string{"mail", "requeue-failed", "--refused", "--database-url", dbURL}, &out, &bytes.Buffer{}))
	require.Equal(t, "1 mail queued again\n1 mail left failed, the link expired (the shopper asks for a new one)\n", out.String())
	require.Equal(t, mail.StatusPending, status("gone@example.com"))

	require.ErrorContains(t, run(ctx, []string{"mail", "resend"}, &bytes.Buffer{}, &bytes.Buffer{}), "requeue-failed")
}
