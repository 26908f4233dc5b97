package subscribers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// Withdrawal is what a full unsubscribe keeps, and all it keeps (spec 001 §4: the subscriber's personal data is
// deleted). The retailer must be able to show that, and when, an address withdrew its consent to newsletters
// (GDPR Art. 7(1) and 17(3)(e)); the record says what was withdrawn and when, under a hash of the address.
type Withdrawal struct {
	// EmailHash is SQLWithdrawals.HashEmail of the address: the address itself is not kept. Whoever is asked
	// about an address can find its withdrawal; the table alone does not name anybody.
	EmailHash string
	// Subscriptions are the keys whose consent was withdrawn (newsletters and SVC_PRODUCT_REMINDER): subscribed and
	// confirmed, not those still waiting for their double opt-in, which were never consent (identity.ConsentedKeys).
	Subscriptions []string
	// Reminders is how many product reminders were deleted.
	Reminders int
	At        time.Time
}

// WithdrawalKeyPurpose is the signing_keys.purpose of the key that names addresses in withdrawal records: random,
// made by the service once (database.KeptSecret), so no operator has to configure it. Losing its row loses the way
// from an address to its records made since (the legacy ones stay findable).
const WithdrawalKeyPurpose = "withdrawal-hash"

// LegacyEmailHash is the hex SHA-256 of the normalised address, what withdrawal records were kept under until the
// QA privacy round of 2026-11-29. Anyone with a list of addresses can name such a row, so nothing is written under
// it any more; look-ups still try it, as a migration cannot re-key those rows: their addresses are gone.
func LegacyEmailHash(email identity.Email) string {
	return database.KeyedHash(nil, strings.ToLower(email.String()))
}

// WithdrawalStore keeps withdrawal records; SQLWithdrawals implements it for SQLite and PostgreSQL.
type WithdrawalStore interface {
	Record(ctx context.Context, w Withdrawal) error
	// LastWithdrawal answers when email last withdrew; found is false when it never did.
	LastWithdrawal(ctx context.Context, email identity.Email) (at time.Time, found bool, err error)
	// Withdrawals lists the records of an address, oldest first.
	Withdrawals(ctx context.Context, email identity.Email) ([]Withdrawal, error)
}

// SQLWithdrawals is the WithdrawalStore on the service's database.
type SQLWithdrawals struct {
	db  *database.DB
	key []byte
}

// NewSQLWithdrawals returns the store on db (migrated); key (of WithdrawalKeyPurpose) keys the hash that names an
// address, and nil leaves it the plain LegacyEmailHash, for tests and tools only.
func NewSQLWithdrawals(db *database.DB, key []byte) *SQLWithdrawals {
	return &SQLWithdrawals{db: db, key: key}
}

// HashEmail names email in the records written now: HMAC-SHA-256 of the normalised address with the store's key,
// so that a list of addresses does not name the rows without the key too (a plain SHA-256 of a known address is
// found by trying them all).
func (s *SQLWithdrawals) HashEmail(email identity.Email) string {
	return database.KeyedHash(s.key, strings.ToLower(email.String()))
}

// hashes are the names the records of email may be kept under: the keyed one, and the legacy one of older rows.
func (s *SQLWithdrawals) hashes(email identity.Email) (keyed, legacy string) {
	return s.HashEmail(email), LegacyEmailHash(email)
}

// sqliteTime is fixed-width, so SQLite's text comparison orders times correctly.
const sqliteTime = "2006-01-02T15:04:05.000000000Z"

func timeArg(dialect database.Dialect, t time.Time) any {
	if dialect == database.Postgres {
		return t.UTC()
	}
	return t.UTC().Format(sqliteTime)
}

// Record implements WithdrawalStore.
func (s *SQLWithdrawals) Record(ctx context.Context, w Withdrawal) error {
	return RecordWithdrawal(ctx, database.Tx{Querier: s.db, Dialect: s.db.Dialect}, w)
}

// RecordWithdrawal keeps w within tx (an account's erasure withdraws what the account had subscribed).
func RecordWithdrawal(ctx context.Context, tx database.Tx, w Withdrawal) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO subscriber_withdrawals (email_hash, subscriptions, reminders, withdrawn_at)
		VALUES (?, ?, ?, ?)`), w.EmailHash, strings.Join(w.Subscriptions, ","), w.Reminders, timeArg(tx.Dialect, w.At))
	if err != nil {
		return fmt.Errorf("subscribers: record withdrawal: %w", err)
	}
	return nil
}

// LastWithdrawal implements WithdrawalStore.
func (s *SQLWithdrawals) LastWithdrawal(ctx context.Context, email identity.Email) (time.Time, bool, error) {
	keyed, legacy := s.hashes(email)
	var raw any
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT withdrawn_at FROM subscriber_withdrawals WHERE email_hash IN (?, ?)
		ORDER BY withdrawn_at DESC LIMIT 1`), keyed, legacy).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("subscribers: read withdrawal: %w", err)
	}
	at, err := parseDBTime(raw)
	return at, err == nil, err
}

// Withdrawals implements WithdrawalStore; a record's EmailHash is the one it is kept under.
func (s *SQLWithdrawals) Withdrawals(ctx context.Context, email identity.Email) ([]Withdrawal, error) {
	keyed, legacy := s.hashes(email)
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT email_hash, subscriptions, reminders, withdrawn_at FROM subscriber_withdrawals
		WHERE email_hash IN (?, ?) ORDER BY withdrawn_at, id`), keyed, legacy)
	if err != nil {
		return nil, fmt.Errorf("subscribers: list withdrawals: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []Withdrawal
	for rows.Next() {
		var w Withdrawal
		var subs string
		var raw any
		if err := rows.Scan(&w.EmailHash, &subs, &w.Reminders, &raw); err != nil {
			return nil, fmt.Errorf("subscribers: read withdrawal: %w", err)
		}
		if subs != "" {
			w.Subscriptions = strings.Split(subs, ",")
		}
		if w.At, err = parseDBTime(raw); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

func parseDBTime(v any) (time.Time, error) {
	switch t := v.(type) {
	case time.Time:
		return t.UTC(), nil
	case string:
		return time.Parse(time.RFC3339Nano, t)
	case []byte:
		return time.Parse(time.RFC3339Nano, string(t))
	}
	return time.Time{}, fmt.Errorf("subscribers: unexpected time value %T", v)
}
