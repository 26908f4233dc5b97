package reminders

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// Store keeps reminders. SQLStore implements it for SQLite and PostgreSQL; the store suite in store_test.go
// runs against both.
type Store interface {
	// Insert stores a new record; its ID must be unique. ErrExists when r is pending and email already has a
	// pending reminder of the variant (at most one is kept, for creates running at once too).
	Insert(ctx context.Context, r Record) error
	// ForVariant returns the reminder of email for the variant: the active one when there is one, else the pending
	// one; ErrNoReminder when there is neither.
	ForVariant(ctx context.Context, email identity.Email, variant VariantID) (Record, error)
	// Rearm gives the pending reminder id the verification token hash, window, name and language of r (its mail is
	// sent again), provided its token hash is still fromHash: of requests running at once only one rearms it. It
	// reports whether it did.
	Rearm(ctx context.Context, id, fromHash string, r Record) (bool, error)
	// Active lists the active reminders of email, oldest first.
	Active(ctx context.Context, email identity.Email) ([]Reminder, error)
	// Pending lists the reminders of email still waiting for their verification link, oldest first.
	Pending(ctx context.Context, email identity.Email) ([]PendingReminder, error)
	// DeleteOwn deletes the listed reminders of email, active or pending, all or none: ErrNotOwned when any id is
	// not a reminder of email (someone else's, or none).
	DeleteOwn(ctx context.Context, email identity.Email, ids []string) error
	// Delete removes one record whatever its state (to undo an Insert whose mail could not be sent).
	Delete(ctx context.Context, id string) error
	// DeleteAllOf removes every reminder of email, active or pending, and says how many.
	DeleteAllOf(ctx context.Context, email identity.Email) (int64, error)
	// ConfirmationOwner names the subscriber of the pending reminder whose verification token hashes to
	// tokenHash, with Confirm's errors and without changing anything.
	ConfirmationOwner(ctx context.Context, tokenHash string, now time.Time) (identity.Email, error)
	// Confirm activates the pending reminder whose verification token hashes to tokenHash.
	// ErrConfirmationUnknown when there is none (or it was used), ErrConfirmationExpired after its window.
	// When the subscriber already has this variant active, the pending duplicate is dropped instead.
	Confirm(ctx context.Context, tokenHash string, now time.Time) error
	// DeleteExpiredPending deletes pending reminders whose window ended at or before `before` and says how many.
	DeleteExpiredPending(ctx context.Context, before time.Time) (int64, error)
	// ActiveAddresses lists up to limit addresses with an active reminder, in order, from the one after `after`.
	ActiveAddresses(ctx context.Context, after identity.Email, limit int) ([]identity.Email, error)
}

// SQLStore is the Store on the service's database, for both dialects.
type SQLStore struct {
	db *database.DB
}

// NewSQLStore returns the store on db (migrated).
func NewSQLStore(db *database.DB) *SQLStore { return &SQLStore{db: db} }

// sqliteTime is fixed-width, so SQLite's text comparison orders times correctly (RFC3339Nano drops zeros).
const sqliteTime = "2006-01-02T15:04:05.000000000Z"

func (s *SQLStore) timeArg(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	if s.db.Dialect == database.Postgres {
		return t.UTC()
	}
	return t.UTC().Format(sqliteTime)
}

func parseDBTime(v any) (time.Time, error) {
	switch t := v.(type) {
	case nil:
		return time.Time{}, nil
	case time.Time:
		return t.UTC(), nil
	case string:
		return time.Parse(time.RFC3339Nano, t)
	case []byte:
		return time.Parse(time.RFC3339Nano, string(t))
	}
	return time.Time{}, fmt.Errorf("unexpected time value %T", v)
}

// readTimes parses the time columns of the reminder id into to, in their order.
func readTimes(id string, values []any, to ...*time.Time) error {
	for i, v := range values {
		t, err := parseDBTime(v)
		if err != nil {
			return fmt.Errorf("reminders: read times of %s: %w", id, err)
		}
		*to[i] = t
	}
	return nil
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Insert implements Store.
func (s *SQLStore) Insert(ctx context.Context, r Record) error {
	names, err := json.Marshal(r.VariantName)
	if err != nil {
		return fmt.Errorf("reminders: encode name: %w", err)
	}
	// The conflict is the one of product_reminders_one_pending only; any other (an id, a token hash) stays an error.
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO product_reminders
		(id, email, variant_id, variant_name, language, status, confirm_token_hash, confirm_expires_at, created_at, confirmed_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (email, variant_id, (CASE WHEN status = 'pending' THEN '' ELSE id END)) DO NOTHING`),
		r.ID, r.Email.String(), string(r.VariantID), string(names), r.Language, string(r.Status),
		nullString(r.ConfirmTokenHash), s.timeArg(r.ConfirmExpiresAt), s.timeArg(r.CreatedAt), s.confirmedAt(r))
	if err != nil {
		return fmt.Errorf("reminders: insert: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("reminders: insert: %w", err)
	} else if n == 0 {
		return ErrExists
	}
	return nil
}

// ForVariant implements Store.
func (s *SQLStore) ForVariant(ctx context.Context, email identity.Email, variant VariantID) (Record, error) {
	var r Record
	var variantID, names, status string
	var tokenHash sql.NullString
	var expires, created any
	// 'active' sorts before 'pending'.
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT id, variant_id, variant_name, language, status, confirm_token_hash,
		confirm_expires_at, created_at FROM product_reminders WHERE email = ? AND variant_id = ? ORDER BY status, created_at, id LIMIT 1`),
		email.String(), string(variant)).Scan(&r.ID, &variantID, &names, &r.Language, &status, &tokenHash, &expires, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, ErrNoReminder
	}
	if err != nil {
		return Record{}, fmt.Errorf("reminders: find %s: %w", variant, err)
	}
	r.Email, r.VariantID, r.Status, r.ConfirmTokenHash = email, VariantID(variantID), Status(status), tokenHash.String
	if err := json.Unmarshal([]byte(names), &r.VariantName); err != nil {
		return Record{}, fmt.Errorf("reminders: decode name of %s: %w", r.ID, err)
	}
	if r.ConfirmExpiresAt, err = parseDBTime(expires); err != nil {
		return Record{}, err
	}
	if r.CreatedAt, err = parseDBTime(created); err != nil {
		return Record{}, err
	}
	return r, nil
}

// Rearm implements Store.
func (s *SQLStore) Rearm(ctx context.Context, id, fromHash string, r Record) (bool, error) {
	names, err := json.Marshal(r.VariantName)
	if err != nil {
		return false, fmt.Errorf("reminders: encode name: %w", err)
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE product_reminders
		SET confirm_token_hash = ?, confirm_expires_at = ?, variant_name = ?, language = ?
		WHERE id = ? AND status = 'pending' AND confirm_token_hash = ?`),
		r.ConfirmTokenHash, s.timeArg(r.ConfirmExpiresAt), string(names), r.Language, id, fromHash)
	if err != nil {
		return false, fmt.Errorf("reminders: rearm %s: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("reminders: rearm %s: %w", id, err)
	}
	return n == 1, nil
}

func (s *SQLStore) confirmedAt(r Record) any {
	if r.Status == StatusActive {
		return s.timeArg(r.CreatedAt)
	}
	return nil
}

// Active implements Store.
func (s *SQLStore) Active(ctx context.Context, email identity.Email) ([]Reminder, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, variant_id, variant_name, language, created_at, confirmed_at FROM product_reminders
		WHERE email = ? AND status = 'active' ORDER BY created_at, id`), email.String())
	if err != nil {
		return nil, fmt.Errorf("reminders: list: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := []Reminder{}
	for rows.Next() {
		var r Reminder
		var variantID, names string
		var created, confirmed any
		if err := rows.Scan(&r.ID, &variantID, &names, &r.Language, &created, &confirmed); err != nil {
			return nil, fmt.Errorf("reminders: read: %w", err)
		}
		r.VariantID = VariantID(variantID)
		if err := json.Unmarshal([]byte(names), &r.VariantName); err != nil {
			return nil, fmt.Errorf("reminders: decode name of %s: %w", r.ID, err)
		}
		if err := readTimes(r.ID, []any{created, confirmed}, &r.CreatedAt, &r.ConfirmedAt); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Pending implements Store.
func (s *SQLStore) Pending(ctx context.Context, email identity.Email) ([]PendingReminder, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, variant_id, variant_name, confirm_expires_at, language, created_at FROM product_reminders
		WHERE email = ? AND status = 'pending' ORDER BY created_at, id`), email.String())
	if err != nil {
		return nil, fmt.Errorf("reminders: list pending: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := []PendingReminder{}
	for rows.Next() {
		var r PendingReminder
		var variantID, names string
		var expires, created any
		if err := rows.Scan(&r.ID, &variantID, &names, &expires, &r.Language, &created); err != nil {
			return nil, fmt.Errorf("reminders: read: %w", err)
		}
		r.VariantID = VariantID(variantID)
		if err := json.Unmarshal([]byte(names), &r.VariantName); err != nil {
			return nil, fmt.Errorf("reminders: decode name of %s: %w", r.ID, err)
		}
		if err := readTimes(r.ID, []any{expires, created}, &r.ConfirmBy, &r.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// DeleteOwn implements Store: one statement in one transaction, rolled back unless it removed every id. A pending
// reminder is the subscriber's as much as an active one (the centre lists both): deleting only active ones
// answered "not yours" for the subscriber's own pending reminder (QA round of 2026-11-29).
func (s *SQLStore) DeleteOwn(ctx context.Context, email identity.Email, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	// An id PostgreSQL cannot take as text (database.Storable) is no reminder's, so not the subscriber's either.
	if !database.Storable(ids...) {
		return ErrNotOwned
	}
	args := make([]any, 0, len(ids)+1)
	args = append(args, email.String())
	for _, id := range ids {
		args = append(args, id)
	}
	query := s.db.Rebind(`DELETE FROM product_reminders WHERE email = ? AND id IN (` +
		strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ") + `)`)
	return s.db.InTx(ctx, func(tx database.Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("reminders: delete: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("reminders: delete: %w", err)
		}
		if n != int64(len(ids)) {
			return ErrNotOwned
		}
		return nil
	})
}

// Delete implements Store.
func (s *SQLStore) Delete(ctx context.Context, id string) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM product_reminders WHERE id = ?`), id); err != nil {
		return fmt.Errorf("reminders: delete %s: %w", id, err)
	}
	return nil
}

// ActiveAddresses implements Store.
func (s *SQLStore) ActiveAddresses(ctx context.Context, after identity.Email, limit int) ([]identity.Email, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT DISTINCT email FROM product_reminders WHERE email > ? AND status = 'active'
		ORDER BY email LIMIT ?`), after.String(), limit)
	if err != nil {
		return nil, fmt.Errorf("reminders: list addresses: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []identity.Email
	for rows.Next() {
		var email string
		if err := rows.Scan(&email); err != nil {
			return nil, fmt.Errorf("reminders: list addresses: %w", err)
		}
		out = append(out, identity.Email(email))
	}
	return out, rows.Err()
}

// DeleteAllOf implements Store.
func (s *SQLStore) DeleteAllOf(ctx context.Context, email identity.Email) (int64, error) {
	return EraseAllOf(ctx, database.Tx{Querier: s.db, Dialect: s.db.Dialect}, email)
}

// EraseAllOf deletes every reminder of email, pending or active, within tx (an account's erasure).
func EraseAllOf(ctx context.Context, tx database.Tx, email identity.Email) (int64, error) {
	res, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM product_reminders WHERE email = ?`), email.String())
	if err != nil {
		return 0, fmt.Errorf("reminders: delete all: %w", err)
	}
	return res.RowsAffected()
}

// MoveAll gives every active reminder of from to the address to, within tx: a confirmed e-mail change, whose
// account's reminders they are (QA round of 2026-11-29: they lived on under the former address, listed for it and
// never erased with the account). A pending one is deleted instead: its link went to the former address, which
// consents for nothing at the new one (moved with its token, that link activated it and the new address was
// mailed without ever confirming; the shop asks again). An address has one reminder of a variant: where both have
// one, to's stays, unless from's is active and to's only pending.
func MoveAll(ctx context.Context, tx database.Tx, from, to identity.Email) error {
	f, t := from.String(), to.String()
	for _, st := range []struct {
		q    string
		args []any
	}{
		{`DELETE FROM product_reminders WHERE email = ? AND status = 'pending'`, []any{f}},
		{`DELETE FROM product_reminders WHERE email = ? AND status = 'pending' AND variant_id IN
			(SELECT variant_id FROM product_reminders WHERE email = ? AND status = 'active')`, []any{t, f}},
		{`DELETE FROM product_reminders WHERE email = ? AND variant_id IN (SELECT variant_id FROM product_reminders WHERE email = ?)`, []any{f, t}},
		{`UPDATE product_reminders SET email = ? WHERE email = ?`, []any{t, f}},
	} {
		if _, err := tx.ExecContext(ctx, tx.Rebind(st.q), st.args...); err != nil {
			return fmt.Errorf("reminders: move: %w", err)
		}
	}
	return nil
}

// ConfirmationOwner implements Store.
func (s *SQLStore) ConfirmationOwner(ctx context.Context, tokenHash string, now time.Time) (identity.Email, error) {
	p, err := s.pendingByToken(ctx, s.db.QueryRowContext, tokenHash, now)
	return identity.Email(p.email), err
}

// pendingConfirmation is the pending reminder a verification token names.
type pendingConfirmation struct{ id, email, variantID string }

// pendingByToken finds the pending reminder of a verification token that may still be confirmed at now.
func (s *SQLStore) pendingByToken(ctx context.Context, queryRow func(ctx context.Context, query string, args ...any) *sql.Row,
	tokenHash string, now time.Time) (pendingConfirmation, error) {
	var p pendingConfirmation
	var status string
	var expiresRaw any
	err := queryRow(ctx, s.db.Rebind(`SELECT id, email, variant_id, status, confirm_expires_at
		FROM product_reminders WHERE confirm_token_hash = ?`), tokenHash).Scan(&p.id, &p.email, &p.variantID, &status, &expiresRaw)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrConfirmationUnknown
	}
	if err != nil {
		return p, fmt.Errorf("reminders: find confirmation: %w", err)
	}
	if status != string(StatusPending) {
		return p, ErrConfirmationUnknown
	}
	expires, err := parseDBTime(expiresRaw)
	if err != nil {
		return p, fmt.Errorf("reminders: read confirmation window: %w", err)
	}
	if !now.Before(expires) {
		return p, ErrConfirmationExpired
	}
	return p, nil
}

// Confirm implements Store.
func (s *SQLStore) Confirm(ctx context.Context, tokenHash string, now time.Time) error {
	return s.db.InTx(ctx, func(tx database.Tx) error {
		p, err := s.pendingByToken(ctx, tx.QueryRowContext, tokenHash, now)
		if err != nil {
			return err
		}
		id, email, variantID := p.id, p.email, p.variantID
		var dup int
		if err := tx.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM product_reminders
			WHERE email = ? AND variant_id = ? AND status = 'active'`), email, variantID).Scan(&dup); err != nil {
			return fmt.Errorf("reminders: check duplicate: %w", err)
		}
		if dup > 0 {
			// The subscriber asked twice for the same product; the active reminder already covers it.
			_, err := tx.ExecContext(ctx, s.db.Rebind(`DELETE FROM product_reminders WHERE id = ? AND status = 'pending'`), id)
			return err
		}
		res, err := tx.ExecContext(ctx, s.db.Rebind(`UPDATE product_reminders
			SET status = 'active', confirm_token_hash = NULL, confirm_expires_at = NULL, confirmed_at = ?
			WHERE id = ? AND status = 'pending'`), s.timeArg(now), id)
		if err != nil {
			return fmt.Errorf("reminders: activate: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			// A concurrent click got there first.
			return ErrConfirmationUnknown
		}
		return nil
	})
}

// DeleteExpiredPending implements Store.
func (s *SQLStore) DeleteExpiredPending(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM product_reminders
		WHERE status = 'pending' AND confirm_expires_at <= ?`), s.timeArg(before))
	if err != nil {
		return 0, fmt.Errorf("reminders: sweep: %w", err)
	}
	return res.RowsAffected()
}
