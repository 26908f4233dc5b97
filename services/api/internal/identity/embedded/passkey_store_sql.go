package embedded

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
)

const passkeyColumns = `id, uid, name, credential, sign_count, backup_eligible, backup_state, created_at, last_used_at, user_handle`

// CreatePasskey stores a new credential; ErrConflict when its id is registered already.
func (s *SQLStore) CreatePasskey(ctx context.Context, k Passkey) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`INSERT INTO identity_passkeys (`+passkeyColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		k.ID, k.UID, k.Name, string(k.Credential), int64(k.SignCount), k.BackupEligible, k.BackupState, ms(k.CreatedAt), nullMS(k.LastUsedAt), k.UserHandle)
	if isUniqueViolation(err) {
		return ErrConflict
	}
	if err != nil {
		return fmt.Errorf("identity: create passkey: %w", err)
	}
	return nil
}

type rowScanner interface{ Scan(dest ...any) error }

func scanPasskey(row rowScanner) (Passkey, error) {
	var k Passkey
	var cred string
	var count, created int64
	var lastUsed sql.NullInt64
	err := row.Scan(&k.ID, &k.UID, &k.Name, &cred, &count, &k.BackupEligible, &k.BackupState, &created, &lastUsed, &k.UserHandle)
	if errors.Is(err, sql.ErrNoRows) {
		return Passkey{}, ErrNotFound
	}
	if err != nil {
		return Passkey{}, fmt.Errorf("identity: read passkey: %w", err)
	}
	k.Credential, k.SignCount, k.CreatedAt, k.LastUsedAt = []byte(cred), uint32(count), fromMS(created), fromNullMS(lastUsed)
	return k, nil
}

// PasskeyByID returns the credential with the id.
func (s *SQLStore) PasskeyByID(ctx context.Context, id string) (Passkey, error) {
	if !database.Storable(id) {
		return Passkey{}, ErrNotFound
	}
	return scanPasskey(s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT `+passkeyColumns+` FROM identity_passkeys WHERE id = ?`), id))
}

// Passkeys lists the account's credentials, oldest first.
func (s *SQLStore) Passkeys(ctx context.Context, uid string) ([]Passkey, error) {
	rows, err := s.x.QueryContext(ctx, s.db.Rebind(`SELECT `+passkeyColumns+` FROM identity_passkeys WHERE uid = ? ORDER BY created_at, id`), uid)
	if err != nil {
		return nil, fmt.Errorf("identity: list passkeys: %w", err)
	}
	defer rows.Close()
	var out []Passkey
	for rows.Next() {
		k, err := scanPasskey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// UpdatePasskeyUse records a successful login with the credential.
func (s *SQLStore) UpdatePasskeyUse(ctx context.Context, k Passkey) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_passkeys SET credential = ?, sign_count = ?, backup_eligible = ?,
		backup_state = ?, last_used_at = ? WHERE id = ?`), string(k.Credential), int64(k.SignCount), k.BackupEligible, k.BackupState, nullMS(k.LastUsedAt), k.ID)
	if err != nil {
		return fmt.Errorf("identity: update passkey: %w", err)
	}
	return nil
}

// DeletePasskey removes one credential of the account.
func (s *SQLStore) DeletePasskey(ctx context.Context, uid, id string) error {
	if !database.Storable(uid, id) {
		return ErrNotFound
	}
	res, err := s.x.ExecContext(ctx, s.db.Rebind(`DELETE FROM identity_passkeys WHERE uid = ? AND id = ?`), uid, id)
	if err != nil {
		return fmt.Errorf("identity: delete passkey: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// CreatePasskeyChallenge stores a ceremony's challenge.
func (s *SQLStore) CreatePasskeyChallenge(ctx context.Context, c PasskeyChallenge) error {
	_, err := s.x.ExecContext(ctx, s.db.Rebind(`INSERT INTO identity_passkey_challenges
		(challenge_hash, kind, uid, email, reg_token_hash, session, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
		c.Hash, c.Kind, c.UID, c.Email, c.RegTokenHash, string(c.Session), ms(c.CreatedAt), ms(c.ExpiresAt))
	if err != nil {
		return fmt.Errorf("identity: create passkey challenge: %w", err)
	}
	return nil
}

// UsePasskeyChallenge spends a challenge: the UPDATE that sets used_at decides, so two answers to one challenge
// cannot both pass.
func (s *SQLStore) UsePasskeyChallenge(ctx context.Context, hash string, at time.Time) (PasskeyChallenge, error) {
	res, err := s.x.ExecContext(ctx, s.db.Rebind(`UPDATE identity_passkey_challenges SET used_at = ? WHERE challenge_hash = ? AND used_at IS NULL`), ms(at), hash)
	if err != nil {
		return PasskeyChallenge{}, fmt.Errorf("identity: use passkey challenge: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return PasskeyChallenge{}, ErrNotFound
	}
	var c PasskeyChallenge
	var session string
	var created, expires int64
	var used sql.NullInt64
	err = s.x.QueryRowContext(ctx, s.db.Rebind(`SELECT challenge_hash, kind, uid, email, reg_token_hash, session, created_at, expires_at, used_at
		FROM identity_passkey_challenges WHERE challenge_hash = ?`), hash).Scan(&c.Hash, &c.Kind, &c.UID, &c.Email, &c.RegTokenHash, &session, &created, &expires, &used)
	if err != nil {
		return PasskeyChallenge{}, fmt.Errorf("identity: read passkey challenge: %w", err)
	}
	c.Session, c.CreatedAt, c.ExpiresAt, c.UsedAt = []byte(session), fromMS(created), fromMS(expires), fromNullMS(used)
	return c, nil
}
