package embedded

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
)

// SQLStore keeps the provider's state in the service database (SQLite or PostgreSQL, migration 0005). A look-up by
// an identifier a caller may have given (an address, a uid, a passkey's id, a social subject) asks database.Storable
// first: PostgreSQL answers a NUL or invalid UTF-8 with an error, a 500 where SQLite found nothing (QA round of
// 2026-11-29); no row holds such text, so it is not found. Tokens and sessions are looked up by their hashes.
type SQLStore struct {
	db *database.DB
	// x runs the queries: the pool, or the transaction of InTx.
	x  querier
	tx *sql.Tx
}

// querier is what *sql.DB and *sql.Tx share.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// NewSQLStore returns a store on a migrated database.
func NewSQLStore(db *database.DB) *SQLStore { return &SQLStore{db: db, x: db} }

// InTx runs fn with a store whose every call belongs to one transaction, committed when fn returns nil and
// rolled back otherwise; inside a transaction it joins it.
func (s *SQLStore) InTx(ctx context.Context, fn func(Store) error) error {
	if s.tx != nil {
		return fn(s)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("identity: begin: %w", err)
	}
	if err := fn(&SQLStore{db: s.db, x: tx, tx: tx}); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("identity: commit: %w", err)
	}
	return nil
}

// Also implements Store.
func (s *SQLStore) Also(ctx context.Context, fn func(database.Tx) error) error {
	return s.inTx(ctx, func(tx querier) error { return fn(database.Tx{Querier: tx, Dialect: s.db.Dialect}) })
}

var _ Store = (*SQLStore)(nil)

func ms(t time.Time) int64 { return t.UnixMilli() }

func nullMS(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func fromNullMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return fromMS(v.Int64)
}

func isUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint") || strings.Contains(s, "23505") || strings.Contains(s, "duplicate key")
}

func encodeDoc(m map[string]any) (string, error) {
	if m == nil {
		return "{}", nil
	}
	b, err := json.Marshal(m)
	return string(b), err
}

func decodeDoc(s string) map[string]any {
	m := map[string]any{}
	_ = json.Unmarshal([]byte(s), &m)
	if m == nil {
		m = map[string]any{}
	}
	return m
}

const accountColumns = `uid, email, password_hash, profile, data, preferences, subscriptions, is_registered, is_verified,
	disabled, origin, reg_source, lang, created_at, registered_at, verified_at, last_login_at, updated_at, version`

// registrantColumn holds Account.Registrant as JSON, NULL without one. It is read and updated beside accountColumns
// but not inserted: a new account and a seeded one have none.
const registrantColumn = `registrant`

func encodeRegistrant(r *AccountSections) (sql.NullString, error) {
	if r == nil {
		return sql.NullString{}, nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return sql.NullString{}, fmt.Errorf("identity: encode account: %w", err)
	}
	return sql.NullString{String: string(b), Valid: true}, nil
}

func decodeRegistrant(v sql.NullString) *AccountSections {
	if !v.Valid {
		return nil
	}
	r := emptySections()
	_ = json.Unmarshal([]byte(v.String), &r)
	for _, m := range []*map[string]any{&r.Profile, &r.Data, &r.Preferences, &r.Subscriptions} {
		if *m == nil {
			*m = map[string]any{}
		}
	}
	return &r
}

func (s *SQLStore) docs(a Account) ([4]string, error) {
	var out [4]string
	for i, m := range []map[string]any{a.Profile, a.Data, a.Preferences, a.Subscriptions} {
		v, err := encodeDoc(m)
		if err != nil {
			return out, fmt.Errorf("identity: encode account: %w", err)
		}
		out[i] = v
	}
	return out, nil
}

// CreateAccount inserts a new account; ErrEmailTaken when the e-mail exists.
func (s *SQLStore) CreateAccount(ctx context.Context, a Account) error {
	d, err := s.docs(a)
	if err != nil {
		return err
	}
	_, err = s.x.ExecContext(ctx, s.db.Rebind(`INSERT INTO identity_accounts (`+accountColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`),
		a.UID, a.Email, a.PasswordHash, d[0], d[1], d[2], d[3], a.IsRegistered, a.IsVerified, a.Disabled, a.Origin,
		a.RegSource, a.Lang, ms(a.CreatedAt), nullMS(a.RegisteredAt), nullMS(a.VerifiedAt), nullMS(a.LastLoginAt), ms(a.UpdatedAt))
	if isUniqueViolation(err) {
		return ErrEmailTaken
	}
	if err != nil {
		return fmt.Errorf("identity: create account: %w", err)
	}
	return nil
}

func (s *SQLStore) scanAccount(row *sql.Row) (Account, error) {
	var a Account
	var profile, data, prefs, subs string
	var created, updated int64
	var registered, verified, lastLogin sql.NullInt64
	var registrant sql.NullString
	err := row.Scan(&a.UID, &a.Email, &a.PasswordHash, &profile, &data, &prefs, &subs, &a.IsRegistered, &a.IsVerified,
		&a.Disabled, &a.Origin, &a.RegSource, &a.Lang, &created, &registered, &verified, &lastLogin, &updated, &a.Version, &registrant)
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, ErrNotFound
	}
	if err != nil {
		return Account{}, fmt.Errorf("identity: read account: %w", err)
	}
	a.Profile, a.Data, a.Preferences, a.Subscriptions = decodeDoc(profile), decodeDoc(data), decodeDoc(prefs), decodeDoc(subs)
	a.CreatedAt, a.UpdatedAt = fromMS(created), fromMS(updated)
	a.RegisteredAt, a.VerifiedAt, a.LastLoginAt = fromNullMS(registered), fromNullMS(verified), fromNullMS(lastLogin)
	a.Registrant = decodeRegistrant(registrant)
	return a, nil
}

// AccountByUID loads an account.
func (s *SQLStore) AccountByUID(ctx context.Context, uid string) (Account, error) {
	if !database.Storable(uid) {
		return Account{}, ErrNotFound
	}
	return s.scanAccount(s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT `+accountColumns+`, `+registrantColumn+` FROM identity_accounts WHERE uid = ?`), uid))
}

// AccountByEmail loads an account by its (lower-cased) e-mail.
func (s *SQLStore) AccountByEmail(ctx context.Context, email string) (Account, error) {
	if !database.Storable(email) {
		return Account{}, ErrNotFound
	}
	return s.scanAccount(s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT `+accountColumns+`, `+registrantColumn+` FROM identity_accounts WHERE email = ?`), strings.ToLower(email)))
}

// UpdateAccount writes every column of a when its version is current.
func (s *SQLStore) UpdateAccount(ctx context.Context, a Account) (Account, error) {
	d, err := s.docs(a)
	if err != nil {
		return Account{}, err
	}
	registrant, err := encodeRegistrant(a.Registrant)
	if err != nil {
		return Account{}, err
	}
	res, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_accounts SET email = ?, password_hash = ?, profile = ?,
		data = ?, preferences = ?, subscriptions = ?, is_registered = ?, is_verified = ?, disabled = ?, origin = ?,
		reg_source = ?, lang = ?, registered_at = ?, verified_at = ?, updated_at = ?, `+registrantColumn+` = ?, version = version + 1
		WHERE uid = ? AND version = ?`),
		a.Email, a.PasswordHash, d[0], d[1], d[2], d[3], a.IsRegistered, a.IsVerified, a.Disabled, a.Origin, a.RegSource,
		a.Lang, nullMS(a.RegisteredAt), nullMS(a.VerifiedAt), ms(a.UpdatedAt), registrant, a.UID, a.Version)
	if isUniqueViolation(err) {
		return Account{}, ErrEmailTaken
	}
	if err != nil {
		return Account{}, fmt.Errorf("identity: update account: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := s.AccountByUID(ctx, a.UID); errors.Is(err, ErrNotFound) {
			return Account{}, ErrNotFound
		}
		return Account{}, ErrConflict
	}
	a.Version++
	return a, nil
}

// RecordLogin writes the time of the account's latest login.
func (s *SQLStore) RecordLogin(ctx context.Context, uid string, at time.Time) error {
	if _, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_accounts SET last_login_at = ? WHERE uid = ?`), ms(at), uid); err != nil {
		return fmt.Errorf("identity: record login: %w", err)
	}
	return nil
}

// DeleteAccount removes an account with its sessions, social links and tokens.
func (s *SQLStore) DeleteAccount(ctx context.Context, uid string) error {
	return s.inTx(ctx, func(tx querier) error {
		for _, q := range []string{
			`DELETE FROM identity_sessions WHERE uid = ?`,
			`DELETE FROM social_identities WHERE uid = ?`,
			`DELETE FROM identity_passkeys WHERE uid = ?`,
			`DELETE FROM identity_tokens WHERE uid = ?`,
			`DELETE FROM identity_accounts WHERE uid = ?`,
		} {
			if _, err := tx.ExecContext(ctx, s.db.Rebind(q), uid); err != nil {
				return fmt.Errorf("identity: delete account: %w", err)
			}
		}
		return nil
	})
}

// EraseAccount implements Store.
func (s *SQLStore) EraseAccount(ctx context.Context, uid, loginKey string, also func(database.Tx) error) error {
	return s.inTx(ctx, func(tx querier) error {
		for _, st := range []struct {
			q   string
			arg string
		}{
			{`DELETE FROM identity_sessions WHERE uid = ?`, uid},
			{`DELETE FROM social_identities WHERE uid = ?`, uid},
			{`DELETE FROM identity_passkeys WHERE uid = ?`, uid},
			// A challenge holds the account's uid, address and session (QA round of 2026-11-29: they outlived it).
			{`DELETE FROM identity_passkey_challenges WHERE uid = ?`, uid},
			{`DELETE FROM identity_tokens WHERE uid = ?`, uid},
			{`DELETE FROM identity_login_failures WHERE key = ?`, loginKey},
			{`DELETE FROM identity_login_locks WHERE key = ?`, loginKey},
			{`DELETE FROM identity_accounts WHERE uid = ?`, uid},
		} {
			if _, err := tx.ExecContext(ctx, s.db.Rebind(st.q), st.arg); err != nil {
				return fmt.Errorf("identity: erase account: %w", err)
			}
		}
		if also == nil {
			return nil
		}
		return also(database.Tx{Querier: tx, Dialect: s.db.Dialect})
	})
}

// deleteUnverified removes a swept registration like DeleteAccount, but keeps its verification tokens: a link
// followed after the sweep then still answers 403002 (expired) rather than 404000 (unknown), as it does before
// the sweep. They are spent or expired, point at a uid that no longer exists, and Purge removes them later.
func (s *SQLStore) deleteUnverified(ctx context.Context, uid string) error {
	return s.inTx(ctx, func(tx querier) error {
		for _, st := range []struct {
			q    string
			args []any
		}{
			{`DELETE FROM identity_sessions WHERE uid = ?`, []any{uid}},
			{`DELETE FROM social_identities WHERE uid = ?`, []any{uid}},
			{`DELETE FROM identity_passkeys WHERE uid = ?`, []any{uid}},
			{`DELETE FROM identity_tokens WHERE uid = ? AND kind <> ?`, []any{uid, TokenVerification}},
			{`DELETE FROM identity_accounts WHERE uid = ?`, []any{uid}},
		} {
			if _, err := tx.ExecContext(ctx, s.db.Rebind(st.q), st.args...); err != nil {
				return fmt.Errorf("identity: delete unverified account: %w", err)
			}
		}
		return nil
	})
}

// SweepUnverified implements the spec's "if the link expires no account is created".
func (s *SQLStore) SweepUnverified(ctx context.Context, cutoff time.Time) (int, error) {
	// A verification link mailed again later (a resend) keeps its 14 days: a registration goes only when no link
	// of it was mailed after the cutoff (code review round: a link resent on day 13 was dead on day 15).
	rows, err := s.x.QueryContext(ctx, s.db.Rebind(`SELECT uid, origin FROM identity_accounts a
		WHERE is_verified = ? AND is_registered = ? AND registered_at IS NOT NULL AND registered_at < ?
		AND NOT EXISTS (SELECT 1 FROM identity_tokens t WHERE t.uid = a.uid AND t.kind = ? AND t.used_at IS NULL AND t.created_at >= ?)`),
		false, true, ms(cutoff), TokenVerification, ms(cutoff))
	if err != nil {
		return 0, fmt.Errorf("identity: find unverified: %w", err)
	}
	type victim struct{ uid, origin string }
	var list []victim
	for rows.Next() {
		var v victim
		if err := rows.Scan(&v.uid, &v.origin); err != nil {
			_ = rows.Close()
			return 0, err
		}
		list = append(list, v)
	}
	_ = rows.Close()
	n := 0
	for _, v := range list {
		if v.origin == OriginLite {
			// It was a newsletter subscriber before: keep the subscriber, drop the unconfirmed registration.
			if _, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_accounts SET password_hash = '', is_registered = ?,
				registered_at = NULL, `+registrantColumn+` = NULL, version = version + 1 WHERE uid = ?`), false, v.uid); err != nil {
				return n, fmt.Errorf("identity: revert lite account: %w", err)
			}
			if _, err := s.x.ExecContext(ctx, s.db.Rebind(`DELETE FROM identity_sessions WHERE uid = ?`), v.uid); err != nil {
				return n, err
			}
			// A passkey made while registering belongs to the registration that was not confirmed.
			if _, err := s.x.ExecContext(ctx, s.db.Rebind(`DELETE FROM identity_passkeys WHERE uid = ?`), v.uid); err != nil {
				return n, err
			}
			// So do its links and regTokens: followed later, a link verified the subscriber's account, which the
			// next registration of the address then took over without a mail (code review round).
			if _, err := s.x.ExecContext(ctx, s.db.Rebind(`DELETE FROM identity_tokens WHERE uid = ? AND kind IN (?, ?)`), v.uid, TokenVerification, TokenRegistration); err != nil {
				return n, err
			}
		} else if err := s.deleteUnverified(ctx, v.uid); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// CreateSession stores a session.
func (s *SQLStore) CreateSession(ctx context.Context, se Session) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`INSERT INTO identity_sessions (token_hash, uid, created_at, last_seen_at, expires_at, credentials)
		VALUES (?, ?, ?, ?, ?, ?)`), se.Hash, se.UID, ms(se.CreatedAt), ms(se.LastSeenAt), ms(se.ExpiresAt), se.Credentials)
	if err != nil {
		return fmt.Errorf("identity: create session: %w", err)
	}
	return nil
}

// SessionByHash loads a session, revoked or not.
func (s *SQLStore) SessionByHash(ctx context.Context, hash string) (Session, error) {
	var se Session
	var created, seen, expires int64
	var revoked sql.NullInt64
	err := s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT token_hash, uid, created_at, last_seen_at, expires_at, revoked_at, credentials
		FROM identity_sessions WHERE token_hash = ?`), hash).Scan(&se.Hash, &se.UID, &created, &seen, &expires, &revoked, &se.Credentials)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, ErrNotFound
	}
	if err != nil {
		return Session{}, fmt.Errorf("identity: read session: %w", err)
	}
	se.CreatedAt, se.LastSeenAt, se.ExpiresAt, se.RevokedAt = fromMS(created), fromMS(seen), fromMS(expires), fromNullMS(revoked)
	return se, nil
}

// TouchSession records activity, which slides the idle expiry.
func (s *SQLStore) TouchSession(ctx context.Context, hash string, at time.Time) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_sessions SET last_seen_at = ? WHERE token_hash = ?`), ms(at), hash)
	return err
}

// RevokeSession ends one session.
func (s *SQLStore) RevokeSession(ctx context.Context, hash string, at time.Time) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL`), ms(at), hash)
	return err
}

// RevokeOtherSessions ends every session of an account but the one of keepHash.
func (s *SQLStore) RevokeOtherSessions(ctx context.Context, uid, keepHash string, at time.Time) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_sessions SET revoked_at = ? WHERE uid = ? AND token_hash <> ? AND revoked_at IS NULL`), ms(at), uid, keepHash)
	return err
}

// RevokeSessions ends every session of an account.
func (s *SQLStore) RevokeSessions(ctx context.Context, uid string, at time.Time) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_sessions SET revoked_at = ? WHERE uid = ? AND revoked_at IS NULL`), ms(at), uid)
	return err
}

// CreateToken stores a token.
func (s *SQLStore) CreateToken(ctx context.Context, t Token) error {
	payload, err := json.Marshal(t.Payload)
	if err != nil || t.Payload == nil {
		payload = []byte("{}")
	}
	_, err = s.x.ExecContext(ctx, s.db.Rebind(`INSERT INTO identity_tokens (token_hash, kind, uid, payload, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`), t.Hash, t.Kind, t.UID, string(payload), ms(t.CreatedAt), ms(t.ExpiresAt))
	if err != nil {
		return fmt.Errorf("identity: create token: %w", err)
	}
	return nil
}

func (s *SQLStore) scanToken(row rowScanner) (Token, error) {
	var t Token
	var payload string
	var created, expires int64
	var used sql.NullInt64
	err := row.Scan(&t.Hash, &t.Kind, &t.UID, &payload, &created, &expires, &used, &t.Replaced, &t.ReplacedBy, &t.EndedBy)
	if errors.Is(err, sql.ErrNoRows) {
		return Token{}, ErrNotFound
	}
	if err != nil {
		return Token{}, fmt.Errorf("identity: read token: %w", err)
	}
	t.Payload = map[string]string{}
	_ = json.Unmarshal([]byte(payload), &t.Payload)
	t.CreatedAt, t.ExpiresAt, t.UsedAt = fromMS(created), fromMS(expires), fromNullMS(used)
	return t, nil
}

const tokenColumns = `token_hash, kind, uid, payload, created_at, expires_at, used_at, replaced, replaced_by, ended_by`

// TokenByHash loads a token, used or not.
func (s *SQLStore) TokenByHash(ctx context.Context, hash string) (Token, error) {
	return s.scanToken(s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT `+tokenColumns+` FROM identity_tokens WHERE token_hash = ?`), hash))
}

// UseToken marks a token used once.
func (s *SQLStore) UseToken(ctx context.Context, hash string, at time.Time) (bool, error) {
	res, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL`), ms(at), hash)
	if err != nil {
		return false, fmt.Errorf("identity: use token: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// RevokeTokens marks every unused token of kind for uid used, ended by why.
func (s *SQLStore) RevokeTokens(ctx context.Context, uid, kind string, at time.Time, why string) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_tokens SET used_at = ?, ended_by = ? WHERE uid = ? AND kind = ? AND used_at IS NULL`), ms(at), why, uid, kind)
	return err
}

// ReplaceTokens marks every unused token of kind for uid used and replaced by the token of hash by.
func (s *SQLStore) ReplaceTokens(ctx context.Context, uid, kind string, at time.Time, by string) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_tokens SET used_at = ?, replaced = ?, replaced_by = ? WHERE uid = ? AND kind = ? AND used_at IS NULL`), ms(at), true, by, uid, kind)
	return err
}

// UnusedTokens returns every unused token of kind for uid, expired ones too, oldest first.
func (s *SQLStore) UnusedTokens(ctx context.Context, uid, kind string) ([]Token, error) {
	rows, err := s.x.QueryContext(ctx, s.db.Rebind(`SELECT `+tokenColumns+` FROM identity_tokens
		WHERE uid = ? AND kind = ? AND used_at IS NULL ORDER BY created_at`), uid, kind)
	if err != nil {
		return nil, fmt.Errorf("identity: read tokens: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []Token
	for rows.Next() {
		t, err := s.scanToken(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// LatestToken returns the newest token of kind for uid.
func (s *SQLStore) LatestToken(ctx context.Context, uid, kind string) (Token, error) {
	return s.scanToken(s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT `+tokenColumns+` FROM identity_tokens
		WHERE uid = ? AND kind = ? ORDER BY created_at DESC LIMIT 1`), uid, kind))
}

// RecordFailure notes one failed login for key.
func (s *SQLStore) RecordFailure(ctx context.Context, key string, at time.Time) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`INSERT INTO identity_login_failures (key, at) VALUES (?, ?)`), key, ms(at))
	return err
}

// CountFailures counts failures of key since the given time.
func (s *SQLStore) CountFailures(ctx context.Context, key string, since time.Time) (int, error) {
	var n int
	err := s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM identity_login_failures WHERE key = ? AND at >= ?`), key, ms(since)).Scan(&n)
	return n, err
}

// ClearFailures forgets the failures of key.
func (s *SQLStore) ClearFailures(ctx context.Context, key string) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`DELETE FROM identity_login_failures WHERE key = ?`), key)
	return err
}

// Lock locks key until the given time.
func (s *SQLStore) Lock(ctx context.Context, key string, until time.Time) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`INSERT INTO identity_login_locks (key, until) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET until = excluded.until`), key, ms(until))
	return err
}

// Claim implements Store.
func (s *SQLStore) Claim(ctx context.Context, key string, now, until time.Time) (bool, error) {
	res, err := s.x.ExecContext(ctx, s.db.Rebind(`INSERT INTO identity_login_locks (key, until) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET until = excluded.until WHERE identity_login_locks.until <= ?`), key, ms(until), ms(now))
	if err != nil {
		return false, fmt.Errorf("identity: claim: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// LockedUntil returns when the lock of key ends (zero when there is none).
func (s *SQLStore) LockedUntil(ctx context.Context, key string) (time.Time, error) {
	var until int64
	err := s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT until FROM identity_login_locks WHERE key = ?`), key).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, err
	}
	return fromMS(until), nil
}

// LinkSocial links a provider identity to an account; ErrAlreadyLinked when the identity is linked already.
func (s *SQLStore) LinkSocial(ctx context.Context, provider, subject, uid string, at time.Time) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`INSERT INTO social_identities (provider, subject, uid, created_at) VALUES (?, ?, ?, ?)`),
		provider, subject, uid, ms(at))
	if isUniqueViolation(err) {
		return ErrAlreadyLinked
	}
	return err
}

// UnlinkSocial removes every provider identity linked to the account and reports how many there were.
func (s *SQLStore) UnlinkSocial(ctx context.Context, uid string) (int64, error) {
	res, err := s.x.ExecContext(ctx, s.db.Rebind(`DELETE FROM social_identities WHERE uid = ?`), uid)
	if err != nil {
		return 0, fmt.Errorf("identity: unlink social identities: %w", err)
	}
	return res.RowsAffected()
}

// SocialUID returns the account a provider identity is linked to.
func (s *SQLStore) SocialUID(ctx context.Context, provider, subject string) (string, error) {
	if !database.Storable(provider, subject) {
		return "", ErrNotFound
	}
	var uid string
	err := s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT uid FROM social_identities WHERE provider = ? AND subject = ?`), provider, subject).Scan(&uid)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return uid, err
}

// SocialProviders lists the providers linked to an account.
func (s *SQLStore) SocialProviders(ctx context.Context, uid string) ([]string, error) {
	rows, err := s.x.QueryContext(ctx, s.db.Rebind(`SELECT DISTINCT provider FROM social_identities WHERE uid = ? ORDER BY provider`), uid)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	out := []string{}
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// SocialIdentities implements Store.
func (s *SQLStore) SocialIdentities(ctx context.Context, uid string) ([]LinkedIdentity, error) {
	rows, err := s.x.QueryContext(ctx, s.db.Rebind(`SELECT provider, subject, created_at FROM social_identities WHERE uid = ?
		ORDER BY provider, created_at, subject`), uid)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	out := []LinkedIdentity{}
	for rows.Next() {
		var i LinkedIdentity
		var at int64
		if err := rows.Scan(&i.Provider, &i.Subject, &at); err != nil {
			return nil, err
		}
		i.LinkedAt = fromMS(at)
		out = append(out, i)
	}
	return out, rows.Err()
}

// Purge drops expired sessions and tokens, old failure records and ended locks, and counts them.
func (s *SQLStore) Purge(ctx context.Context, before PurgeBefore) (Purged, error) {
	var out Purged
	for _, st := range []struct {
		q      string
		cutoff time.Time
		count  *int64
	}{
		{`DELETE FROM identity_sessions WHERE expires_at < ?`, before.Sessions, &out.Sessions},
		{`DELETE FROM identity_tokens WHERE expires_at < ?`, before.Tokens, &out.Tokens},
		{`DELETE FROM identity_login_failures WHERE at < ?`, before.Failures, &out.Throttling},
		{`DELETE FROM identity_login_locks WHERE until < ?`, before.Locks, &out.Throttling},
		{`DELETE FROM identity_passkey_challenges WHERE expires_at < ?`, before.Challenges, &out.Throttling},
	} {
		res, err := s.x.ExecContext(ctx, s.db.Rebind(st.q), ms(st.cutoff))
		if err != nil {
			return out, fmt.Errorf("identity: purge: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return out, fmt.Errorf("identity: purge: %w", err)
		}
		*st.count += n
	}
	return out, nil
}

func (s *SQLStore) inTx(ctx context.Context, fn func(tx querier) error) error {
	return s.InTx(ctx, func(st Store) error { return fn(st.(*SQLStore).x) })
}
