// Package ssosql keeps single sign-on's clients, requests, tokens, consents and keys in the service's database
// (SQLite or PostgreSQL, migration 0009); it implements sso.Store.
package ssosql

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/sso"
)

// Store is the SQL implementation of sso.Store. A look-up by text a caller may have given (a client_id, a sign-in
// request's id, a token's id, a subject) asks database.Storable first: PostgreSQL answers a NUL or invalid UTF-8
// with an error, which op and the hand-over turned into a 500 for anyone's request (QA round of 2026-11-29). No row
// holds such text, so it is not found. Hashes the service computed need no check.
type Store struct {
	db *database.DB
}

var _ sso.Store = (*Store)(nil)

// New returns a Store on db, which must be migrated.
func New(db *database.DB) *Store { return &Store{db: db} }

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

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

func list(v []string) string {
	if v == nil {
		v = []string{}
	}
	b, _ := json.Marshal(v) // a []string always marshals
	return string(b)
}

func unlist(s string) []string {
	var v []string
	_ = json.Unmarshal([]byte(s), &v) // written by list; a broken value reads as empty
	return v
}

func (s *Store) exec(ctx context.Context, what, query string, args ...any) (sql.Result, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(query), args...)
	if err != nil {
		return nil, fmt.Errorf("ssosql: %s: %w", what, err)
	}
	return res, nil
}

func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return sso.ErrNotFound
	}
	return fmt.Errorf("ssosql: %s: %w", what, err)
}

const clientColumns = `id, name, secret_hash, redirect_uris, post_logout_redirect_uris, first_party, refresh_tokens, home_url, created_at`

// SaveClient implements sso.Store.
func (s *Store) SaveClient(ctx context.Context, c sso.Client) error {
	_, err := s.exec(ctx, "save client", `INSERT INTO sso_clients (`+clientColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET name = excluded.name, secret_hash = excluded.secret_hash,
		redirect_uris = excluded.redirect_uris, post_logout_redirect_uris = excluded.post_logout_redirect_uris,
		first_party = excluded.first_party, refresh_tokens = excluded.refresh_tokens, home_url = excluded.home_url`,
		c.ID, c.Name, c.SecretHash, list(c.RedirectURIs), list(c.PostLogoutRedirectURIs), c.FirstParty, c.RefreshTokens, c.HomeURL, ms(c.CreatedAt))
	return err
}

type scanner interface{ Scan(dest ...any) error }

func scanClient(row scanner) (sso.Client, error) {
	var c sso.Client
	var redirects, logouts string
	var created int64
	if err := row.Scan(&c.ID, &c.Name, &c.SecretHash, &redirects, &logouts, &c.FirstParty, &c.RefreshTokens, &c.HomeURL, &created); err != nil {
		return sso.Client{}, err
	}
	c.RedirectURIs, c.PostLogoutRedirectURIs, c.CreatedAt = unlist(redirects), unlist(logouts), fromMS(created)
	return c, nil
}

// ClientByID implements sso.Store.
func (s *Store) ClientByID(ctx context.Context, id string) (sso.Client, error) {
	if !database.Storable(id) {
		return sso.Client{}, sso.ErrNotFound
	}
	c, err := scanClient(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+clientColumns+` FROM sso_clients WHERE id = ?`), id))
	if err != nil {
		return sso.Client{}, notFound(err, "client")
	}
	return c, nil
}

// Clients implements sso.Store.
func (s *Store) Clients(ctx context.Context) ([]sso.Client, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+clientColumns+` FROM sso_clients ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("ssosql: clients: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []sso.Client
	for rows.Next() {
		c, err := scanClient(rows)
		if err != nil {
			return nil, fmt.Errorf("ssosql: clients: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// DeleteClient implements sso.Store.
func (s *Store) DeleteClient(ctx context.Context, id string) error {
	if !database.Storable(id) {
		return sso.ErrNotFound
	}
	return s.db.InTx(ctx, func(tx database.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM sso_clients WHERE id = ?`), id)
		if err != nil {
			return fmt.Errorf("ssosql: delete client: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return sso.ErrNotFound
		}
		for _, q := range []string{
			`DELETE FROM sso_tokens WHERE client_id = ?`,
			`DELETE FROM sso_consents WHERE client_id = ?`,
			`DELETE FROM sso_auth_requests WHERE client_id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, tx.Rebind(q), id); err != nil {
				return fmt.Errorf("ssosql: delete client: %w", err)
			}
		}
		return nil
	})
}

// CreateAuthRequest implements sso.Store.
func (s *Store) CreateAuthRequest(ctx context.Context, r sso.AuthRequest) error {
	doc, err := json.Marshal(r.Request)
	if err != nil {
		return fmt.Errorf("ssosql: auth request: %w", err)
	}
	_, err = s.exec(ctx, "create auth request", `INSERT INTO sso_auth_requests (id, client_id, request, browser_hash, hint_subject, subject, auth_time, amr,
		created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.ID, r.ClientID, string(doc), r.Browser, r.Hint, r.Subject, nullMS(r.AuthTime),
		list(r.AMR), ms(r.CreatedAt), ms(r.ExpiresAt))
	return err
}

const requestColumns = `id, client_id, request, browser_hash, hint_subject, subject, auth_time, amr, code_hash, code_expires_at, code_used_at,
	ended_at, created_at, expires_at`

func scanRequest(row scanner) (sso.AuthRequest, error) {
	var r sso.AuthRequest
	var doc, amr string
	var code sql.NullString
	var authTime, codeExpires, codeUsed, ended sql.NullInt64
	var created, expires int64
	if err := row.Scan(&r.ID, &r.ClientID, &doc, &r.Browser, &r.Hint, &r.Subject, &authTime, &amr, &code, &codeExpires, &codeUsed, &ended,
		&created, &expires); err != nil {
		return sso.AuthRequest{}, err
	}
	if err := json.Unmarshal([]byte(doc), &r.Request); err != nil {
		return sso.AuthRequest{}, err
	}
	r.AuthTime, r.AMR, r.CodeHash = fromNullMS(authTime), unlist(amr), code.String
	r.CodeExpiresAt, r.CodeUsedAt, r.EndedAt = fromNullMS(codeExpires), fromNullMS(codeUsed), fromNullMS(ended)
	r.CreatedAt, r.ExpiresAt = fromMS(created), fromMS(expires)
	return r, nil
}

// AuthRequest implements sso.Store.
func (s *Store) AuthRequest(ctx context.Context, id string) (sso.AuthRequest, error) {
	if !database.Storable(id) {
		return sso.AuthRequest{}, sso.ErrNotFound
	}
	r, err := scanRequest(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+requestColumns+` FROM sso_auth_requests WHERE id = ?`), id))
	if err != nil {
		return sso.AuthRequest{}, notFound(err, "auth request")
	}
	return r, nil
}

func affectedOne(res sql.Result) error {
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return sso.ErrNotFound
	}
	return nil
}

// Authorize implements sso.Store.
func (s *Store) Authorize(ctx context.Context, id, subject string, authTime time.Time, amr []string) error {
	if !database.Storable(id) {
		return sso.ErrNotFound
	}
	res, err := s.exec(ctx, "authorize", `UPDATE sso_auth_requests SET subject = ?, auth_time = ?, amr = ?
		WHERE id = ? AND code_hash IS NULL AND ended_at IS NULL`, subject, ms(authTime), list(amr), id)
	if err != nil {
		return err
	}
	return affectedOne(res)
}

// SaveCode implements sso.Store.
func (s *Store) SaveCode(ctx context.Context, id, codeHash string, expiresAt time.Time) error {
	if !database.Storable(id) {
		return sso.ErrNotFound
	}
	res, err := s.exec(ctx, "save code", `UPDATE sso_auth_requests SET code_hash = ?, code_expires_at = ?
		WHERE id = ? AND code_hash IS NULL AND ended_at IS NULL AND subject <> ''`, codeHash, ms(expiresAt), id)
	if err != nil {
		return err
	}
	return affectedOne(res)
}

// EndRequest implements sso.Store.
func (s *Store) EndRequest(ctx context.Context, id string, at time.Time) error {
	if !database.Storable(id) {
		return sso.ErrNotFound
	}
	res, err := s.exec(ctx, "end auth request", `UPDATE sso_auth_requests SET ended_at = ? WHERE id = ? AND code_hash IS NULL AND ended_at IS NULL`,
		ms(at), id)
	if err != nil {
		return err
	}
	return affectedOne(res)
}

// RequestByCode implements sso.Store.
func (s *Store) RequestByCode(ctx context.Context, codeHash string) (sso.AuthRequest, error) {
	if codeHash == "" {
		return sso.AuthRequest{}, sso.ErrNotFound
	}
	r, err := scanRequest(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+requestColumns+` FROM sso_auth_requests WHERE code_hash = ?`), codeHash))
	if err != nil {
		return sso.AuthRequest{}, notFound(err, "code")
	}
	return r, nil
}

// UseCode implements sso.Store.
func (s *Store) UseCode(ctx context.Context, codeHash string, at time.Time) (sso.AuthRequest, error) {
	if codeHash == "" {
		return sso.AuthRequest{}, sso.ErrNotFound
	}
	res, err := s.exec(ctx, "use code", `UPDATE sso_auth_requests SET code_used_at = ? WHERE code_hash = ? AND code_used_at IS NULL`, ms(at), codeHash)
	if err != nil {
		return sso.AuthRequest{}, err
	}
	first := affectedOne(res) == nil
	r, err := scanRequest(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+requestColumns+` FROM sso_auth_requests WHERE code_hash = ?`), codeHash))
	if err != nil {
		return sso.AuthRequest{}, notFound(err, "code")
	}
	if !first {
		return r, sso.ErrCodeUsed
	}
	return r, nil
}

const tokenColumns = `id, refresh_hash, client_id, subject, scopes, audience, auth_time, amr, auth_request_id, created_at, expires_at, refresh_expires_at, revoked_at`

// CreateToken implements sso.Store.
func (s *Store) CreateToken(ctx context.Context, t sso.Token) error {
	return insertToken(ctx, s.db, t)
}

// execer is the pool or a transaction.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	Rebind(query string) string
}

func insertToken(ctx context.Context, q execer, t sso.Token) error {
	_, err := q.ExecContext(ctx, q.Rebind(`INSERT INTO sso_tokens (`+tokenColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		t.ID, nullString(t.RefreshHash), t.ClientID, t.Subject, list(t.Scopes), list(t.Audience), nullMS(t.AuthTime), list(t.AMR),
		t.AuthRequestID, ms(t.CreatedAt), ms(t.ExpiresAt), nullMS(t.RefreshExpiresAt), nullMS(t.RevokedAt))
	if err != nil {
		return fmt.Errorf("ssosql: create token: %w", err)
	}
	return nil
}

func scanToken(row scanner) (sso.Token, error) {
	var t sso.Token
	var refresh sql.NullString
	var scopes, audience, amr string
	var authTime, refreshExpires, revoked sql.NullInt64
	var created, expires int64
	if err := row.Scan(&t.ID, &refresh, &t.ClientID, &t.Subject, &scopes, &audience, &authTime, &amr, &t.AuthRequestID, &created, &expires, &refreshExpires, &revoked); err != nil {
		return sso.Token{}, err
	}
	t.RefreshHash, t.Scopes, t.Audience, t.AuthTime, t.AMR = refresh.String, unlist(scopes), unlist(audience), fromNullMS(authTime), unlist(amr)
	t.CreatedAt, t.ExpiresAt, t.RefreshExpiresAt, t.RevokedAt = fromMS(created), fromMS(expires), fromNullMS(refreshExpires), fromNullMS(revoked)
	return t, nil
}

// TokenByID implements sso.Store.
func (s *Store) TokenByID(ctx context.Context, id string) (sso.Token, error) {
	if !database.Storable(id) {
		return sso.Token{}, sso.ErrNotFound
	}
	t, err := scanToken(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+tokenColumns+` FROM sso_tokens WHERE id = ?`), id))
	if err != nil {
		return sso.Token{}, notFound(err, "token")
	}
	return t, nil
}

// TokenByRefreshHash implements sso.Store.
func (s *Store) TokenByRefreshHash(ctx context.Context, hash string) (sso.Token, error) {
	if hash == "" {
		return sso.Token{}, sso.ErrNotFound
	}
	t, err := scanToken(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+tokenColumns+` FROM sso_tokens WHERE refresh_hash = ?`), hash))
	if err != nil {
		return sso.Token{}, notFound(err, "refresh token")
	}
	return t, nil
}

// RevokeToken implements sso.Store.
func (s *Store) RevokeToken(ctx context.Context, id string, at time.Time) (bool, error) {
	if !database.Storable(id) {
		return false, nil
	}
	res, err := s.exec(ctx, "revoke token", `UPDATE sso_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, ms(at), id)
	if err != nil {
		return false, err
	}
	return affectedOne(res) == nil, nil
}

// RevokeTokensOfRequest implements sso.Store.
func (s *Store) RevokeTokensOfRequest(ctx context.Context, authRequestID string, at time.Time) error {
	if authRequestID == "" || !database.Storable(authRequestID) {
		return nil
	}
	_, err := s.exec(ctx, "revoke tokens of request", `UPDATE sso_tokens SET revoked_at = ? WHERE auth_request_id = ? AND revoked_at IS NULL`, ms(at), authRequestID)
	return err
}

// RevokeTokensOf implements sso.Store.
func (s *Store) RevokeTokensOf(ctx context.Context, subject, clientID string, at time.Time) error {
	if !database.Storable(subject, clientID) {
		return nil // no token is the subject's or the client's
	}
	if clientID == "" {
		_, err := s.exec(ctx, "revoke tokens", `UPDATE sso_tokens SET revoked_at = ? WHERE subject = ? AND revoked_at IS NULL`, ms(at), subject)
		return err
	}
	_, err := s.exec(ctx, "revoke tokens", `UPDATE sso_tokens SET revoked_at = ? WHERE subject = ? AND client_id = ? AND revoked_at IS NULL`, ms(at), subject, clientID)
	return err
}

// SaveConsent implements sso.Store.
func (s *Store) SaveConsent(ctx context.Context, c sso.Consent) error {
	_, err := s.exec(ctx, "save consent", `INSERT INTO sso_consents (uid, client_id, scopes, granted_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (uid, client_id) DO UPDATE SET scopes = excluded.scopes, granted_at = excluded.granted_at`,
		c.UID, c.ClientID, list(c.Scopes), ms(c.GrantedAt))
	return err
}

// Consent implements sso.Store.
func (s *Store) Consent(ctx context.Context, uid, clientID string) (sso.Consent, error) {
	if !database.Storable(uid, clientID) {
		return sso.Consent{}, sso.ErrNotFound
	}
	c := sso.Consent{UID: uid, ClientID: clientID}
	var scopes string
	var granted int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT scopes, granted_at FROM sso_consents WHERE uid = ? AND client_id = ?`), uid, clientID).Scan(&scopes, &granted)
	if err != nil {
		return sso.Consent{}, notFound(err, "consent")
	}
	c.Scopes, c.GrantedAt = unlist(scopes), fromMS(granted)
	return c, nil
}

// CreateSigningKey implements sso.Store.
func (s *Store) CreateSigningKey(ctx context.Context, k sso.SigningKey) error {
	_, err := s.exec(ctx, "create signing key", `INSERT INTO sso_signing_keys (id, algorithm, private_key, created_at, sign_until, verify_until) VALUES (?, ?, ?, ?, ?, ?)`,
		k.ID, k.Algorithm, k.PrivateKey, ms(k.CreatedAt), ms(k.SignUntil), ms(k.VerifyUntil))
	return err
}

// SigningKeys implements sso.Store.
func (s *Store) SigningKeys(ctx context.Context, at time.Time) ([]sso.SigningKey, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, algorithm, private_key, created_at, sign_until, verify_until FROM sso_signing_keys
		WHERE verify_until > ? ORDER BY created_at DESC, id`), ms(at))
	if err != nil {
		return nil, fmt.Errorf("ssosql: signing keys: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []sso.SigningKey
	for rows.Next() {
		var k sso.SigningKey
		var created, sign, verify int64
		if err := rows.Scan(&k.ID, &k.Algorithm, &k.PrivateKey, &created, &sign, &verify); err != nil {
			return nil, fmt.Errorf("ssosql: signing keys: %w", err)
		}
		k.CreatedAt, k.SignUntil, k.VerifyUntil = fromMS(created), fromMS(sign), fromMS(verify)
		out = append(out, k)
	}
	return out, rows.Err()
}

// Secret implements sso.Store.
func (s *Store) Secret(ctx context.Context, name, candidate string) (string, error) {
	if _, err := s.exec(ctx, "store secret", `INSERT INTO sso_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, name, candidate); err != nil {
		return "", err
	}
	var v string
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT value FROM sso_secrets WHERE name = ?`), name).Scan(&v); err != nil {
		return "", fmt.Errorf("ssosql: secret: %w", err)
	}
	return v, nil
}

// Purge implements sso.Store.
func (s *Store) Purge(ctx context.Context, before time.Time) error {
	b := ms(before)
	if _, err := s.exec(ctx, "purge requests", `DELETE FROM sso_auth_requests WHERE expires_at < ?`, b); err != nil {
		return err
	}
	if _, err := s.exec(ctx, "purge tokens", `DELETE FROM sso_tokens WHERE expires_at < ? AND (refresh_expires_at IS NULL OR refresh_expires_at < ?)`, b, b); err != nil {
		return err
	}
	_, err := s.exec(ctx, "purge keys", `DELETE FROM sso_signing_keys WHERE verify_until < ?`, b)
	return err
}

// PartnersOf lists the partners the account uid signed in to, first sign-in first, from what EraseAccount erases:
// its consents, its tokens and the requests it authorised. Only ids, names and times: never a token. Requests
// have no index by subject, as in EraseAccount: both are one shopper's rare action, and the sweep keeps requests
// only until they expire.
func (s *Store) PartnersOf(ctx context.Context, uid string) ([]sso.PartnerSignIns, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT g.client_id, COALESCE(MAX(c.name), ''), MIN(g.at), MAX(g.at) FROM (
			SELECT client_id, granted_at AS at FROM sso_consents WHERE uid = ?
			UNION ALL SELECT client_id, created_at FROM sso_tokens WHERE subject = ?
			UNION ALL SELECT client_id, COALESCE(auth_time, created_at) FROM sso_auth_requests WHERE subject = ?
		) g LEFT JOIN sso_clients c ON c.id = g.client_id
		GROUP BY g.client_id ORDER BY MIN(g.at), g.client_id`), uid, uid, uid)
	if err != nil {
		return nil, fmt.Errorf("sso: partners of account: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := []sso.PartnerSignIns{}
	for rows.Next() {
		var p sso.PartnerSignIns
		var first, last int64
		if err := rows.Scan(&p.ClientID, &p.Name, &first, &last); err != nil {
			return nil, fmt.Errorf("sso: partners of account: %w", err)
		}
		p.First, p.Last = fromMS(first), fromMS(last)
		out = append(out, p)
	}
	return out, rows.Err()
}

// EraseAccount deletes, within tx, everything single sign-on keeps of the account uid: what it allowed partners
// (consents), the tokens partners hold for it and the authorisation requests it logged in through or a partner's
// id_token_hint named it in.
func EraseAccount(ctx context.Context, tx database.Tx, uid string) error {
	for _, q := range []string{
		`DELETE FROM sso_consents WHERE uid = ?`,
		`DELETE FROM sso_tokens WHERE subject = ?`,
		`DELETE FROM sso_auth_requests WHERE ? IN (subject, hint_subject)`,
	} {
		if _, err := tx.ExecContext(ctx, tx.Rebind(q), uid); err != nil {
			return fmt.Errorf("sso: erase account: %w", err)
		}
	}
	return nil
}

// RotateToken implements sso.Store. The revocation comes first: it holds the old token's row (PostgreSQL) or the
// database (SQLite) until the successor is committed, so a concurrent refresh finds the old token revoked only once
// its successor can be revoked with the grant.
func (s *Store) RotateToken(ctx context.Context, oldID string, t sso.Token, at time.Time) (bool, error) {
	rotated := false
	err := s.db.InTx(ctx, func(tx database.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE sso_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`), ms(at), oldID)
		if err != nil {
			return fmt.Errorf("ssosql: rotate token: %w", err)
		}
		if affectedOne(res) != nil {
			return nil
		}
		rotated = true
		return insertToken(ctx, tx, t)
	})
	return rotated && err == nil, err
}
