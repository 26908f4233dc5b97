// Package audit keeps the log of security events in the database: logins and their failures, lockouts, password
// and e-mail changes, resets, verification links, social links, passkeys, deletions. An entry names the account,
// the client address and a short detail; never a password, a token or a link. Entries older than the retention
// are removed by the sweep. `portal audit --email ADDRESS` reads an account's entries.
package audit

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
)

// Event types. Issue 14 (passkeys) records the Passkey* events through Log.Record.
const (
	LoginSucceeded    = "login.succeeded"
	LoginFailed       = "login.failed"
	LoginLocked       = "login.locked"   // a login refused because the login ID is locked
	LockedOut         = "account.locked" // this failure locked the login ID
	PasswordChanged   = "password.changed"
	PasswordResetSent = "password.reset.requested"
	PasswordReset     = "password.reset.completed"
	EmailChangeAsked  = "email.change.requested"
	EmailChanged      = "email.changed"
	EmailVerified     = "email.verified"
	Registered        = "account.registered"
	SocialLinked      = "social.linked"
	SocialUnlinked    = "social.unlinked"
	SocialLogin       = "social.login"
	SocialRefused     = "social.refused" // a social login refused for an existing account: its provider had not confirmed the address, or, in link mode, the account does not have the identity
	PasskeyAdded      = "passkey.added"
	PasskeyRemoved    = "passkey.removed"
	PasskeyLogin      = "passkey.login"
	PasskeyFailed     = "passkey.failed"
	AccountDisabled   = "account.disabled"
	AccountEnabled    = "account.enabled"
	AccountDeleted    = "account.deleted"
	Logout            = "logout"
)

// Event is one entry of the audit log.
type Event struct {
	At            time.Time `json:"at"`
	Type          string    `json:"event"`
	UID           string    `json:"uid,omitempty"`
	Email         string    `json:"email,omitempty"`
	ClientAddress string    `json:"clientAddress,omitempty"`
	// Detail is a short, fixed text (a provider name, a reason); never a password, token or link.
	Detail string `json:"detail,omitempty"`
}

// Recorder is what a domain package needs to write the audit log.
type Recorder interface {
	Record(ctx context.Context, e Event) error
}

// Log is the audit log in the database (table audit_events, migration 0008).
type Log struct {
	db  *database.DB
	now func() time.Time
}

// New returns the log on a migrated database; now nil is time.Now.
func New(db *database.DB, now func() time.Time) *Log {
	if now == nil {
		now = time.Now
	}
	return &Log{db: db, now: now}
}

// maxDetail bounds a detail, so a mistake cannot write a document into the log.
const maxDetail = 200

// maxEmail bounds the address of an entry.
const maxEmail = 254

// Record writes one event; a zero At is now.
func (l *Log) Record(ctx context.Context, e Event) error {
	if e.Type == "" {
		return fmt.Errorf("audit: an event needs a type")
	}
	if e.At.IsZero() {
		e.At = l.now()
	}
	// An address is at most 254 characters (RFC 5321); a caller's mistake must not write a document into the log.
	if len(e.Email) > maxEmail {
		e.Email = strings.ToValidUTF8(e.Email[:maxEmail], "")
	}
	if len(e.Detail) > maxDetail {
		e.Detail = strings.ToValidUTF8(e.Detail[:maxDetail], "") // cut between characters: PostgreSQL refuses a half one
	}
	_, err := l.db.ExecContext(ctx, l.db.Rebind(`INSERT INTO audit_events (at, event, uid, email, client_address, detail)
		VALUES (?, ?, ?, ?, ?, ?)`), e.At.UnixMilli(), e.Type, e.UID, strings.ToLower(strings.TrimSpace(e.Email)), e.ClientAddress, e.Detail)
	if err != nil {
		return fmt.Errorf("audit: record %s: %w", e.Type, err)
	}
	return nil
}

// ByEmail returns the newest events (at most limit) recorded with this e-mail address or for the accounts that
// had it, newest first. Text PostgreSQL cannot take (database.Storable) is no address's: it has none.
func (l *Log) ByEmail(ctx context.Context, email string, limit int) ([]Event, error) {
	if !database.Storable(email) {
		return nil, nil
	}
	email = strings.ToLower(strings.TrimSpace(email))
	return l.read(ctx, `WHERE email = ? OR (uid <> '' AND uid IN (SELECT uid FROM audit_events WHERE email = ? AND uid <> ''))
		ORDER BY at DESC, id DESC LIMIT ?`, email, email, limit)
}

// OfAccount returns every event recorded for the account uid, newest first: the account's data export (GDPR
// Art. 15). By uid only: events of an address (a failed login under it) may be a former holder's.
func (l *Log) OfAccount(ctx context.Context, uid string) ([]Event, error) {
	if uid == "" || !database.Storable(uid) {
		return []Event{}, nil
	}
	out, err := l.read(ctx, `WHERE uid = ? ORDER BY at DESC, id DESC`, uid)
	if out == nil && err == nil {
		out = []Event{} // the export lists none as an empty list
	}
	return out, err
}

// read returns the events a condition (with its order and limit) selects.
func (l *Log) read(ctx context.Context, condition string, args ...any) ([]Event, error) {
	rows, err := l.db.QueryContext(ctx, l.db.Rebind(`SELECT at, event, uid, email, client_address, detail FROM audit_events `+condition), args...)
	if err != nil {
		return nil, fmt.Errorf("audit: read: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []Event
	for rows.Next() {
		var e Event
		var at int64
		if err := rows.Scan(&at, &e.Type, &e.UID, &e.Email, &e.ClientAddress, &e.Detail); err != nil {
			return nil, fmt.Errorf("audit: read: %w", err)
		}
		e.At = time.UnixMilli(at).UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}

// Purge removes events older than before and reports how many.
func (l *Log) Purge(ctx context.Context, before time.Time) (int64, error) {
	res, err := l.db.ExecContext(ctx, l.db.Rebind(`DELETE FROM audit_events WHERE at < ?`), before.UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("audit: purge: %w", err)
	}
	return res.RowsAffected()
}

// Discard is a Recorder that keeps nothing (tools and tests that do not look at the log).
type Discard struct{}

// Record does nothing.
func (Discard) Record(context.Context, Event) error { return nil }
