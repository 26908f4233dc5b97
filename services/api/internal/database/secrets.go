package database

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// KeyedHash names a value a table keeps instead of it (a login ID, a client address, an e-mail address):
// HMAC-SHA-256 with a KeptSecret key in hex, because a plain SHA-256 of an IPv4 address or a known e-mail address
// is reversed by trying them all. Without a key (tests, tools) it is the plain SHA-256.
func KeyedHash(key []byte, value string) string {
	if len(key) == 0 {
		sum := sha256.Sum256([]byte(value))
		return hex.EncodeToString(sum[:])
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(value))
	return hex.EncodeToString(mac.Sum(nil))
}

// KeptSecret returns the random 256-bit secret of purpose and kid kept in signing_keys, creating it once: a key
// the service needs but no operator has to configure (the development link key, the login throttle's hash key).
// The insert is a no-op when another process created it first, and both then read the same row. ErrDamagedSecret
// when the stored one is shorter than 16 bytes or no base64.
func KeptSecret(ctx context.Context, db *DB, purpose, kid string) ([]byte, error) {
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("database: random: %w", err)
	}
	var createdAt any = time.Now().UTC().Format(time.RFC3339Nano)
	if db.Dialect == Postgres {
		createdAt = time.Now().UTC()
	}
	if _, err := db.ExecContext(ctx, db.Rebind(
		`INSERT INTO signing_keys (purpose, kid, secret, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (purpose, kid) DO NOTHING`),
		purpose, kid, base64.StdEncoding.EncodeToString(secret), createdAt); err != nil {
		return nil, fmt.Errorf("database: store %s key: %w", purpose, err)
	}
	var stored string
	err := db.QueryRowContext(ctx, db.Rebind(`SELECT secret FROM signing_keys WHERE purpose = ? AND kid = ?`), purpose, kid).Scan(&stored)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("database: %s key vanished after insert", purpose)
	}
	if err != nil {
		return nil, fmt.Errorf("database: read %s key: %w", purpose, err)
	}
	raw, err := base64.StdEncoding.DecodeString(stored)
	if err != nil || len(raw) < 16 {
		return nil, ErrDamagedSecret
	}
	return raw, nil
}

// ErrDamagedSecret: a kept secret's row holds no usable key; deleting the row makes a new one.
var ErrDamagedSecret = errors.New("database: a key in signing_keys is damaged; delete its row to get a new one")
