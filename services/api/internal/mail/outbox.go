package mail

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
)

// Outbox stores every message in the database. With a relay it marks them pending for the delivery loop, so
// a mail is never lost when the relay is down and several replicas never send the same mail twice.
type Outbox struct {
	db       *database.DB
	relay    Relay
	now      func() time.Time
	attempts int
}

// Relay delivers one message, e.g. over SMTP.
type Relay interface {
	Deliver(ctx context.Context, m Message) error
}

// MaxAttempts is how often delivery of one message is tried before it is marked failed.
const MaxAttempts = 5

// NewOutbox returns an outbox on db; relay may be nil (messages then stay in the outbox only).
func NewOutbox(db *database.DB, relay Relay) *Outbox {
	return &Outbox{db: db, relay: relay, now: time.Now, attempts: MaxAttempts}
}

// Send stores m.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	if strings.TrimSpace(m.To) == "" || strings.TrimSpace(m.Subject) == "" || strings.TrimSpace(m.Text) == "" {
		return ErrInvalidMessage
	}
	status := StatusStored
	if o.relay != nil {
		status = StatusPending
	}
	_, err := o.db.ExecContext(ctx, o.db.Rebind(
		`INSERT INTO mail_outbox (recipient, kind, language, subject, body_text, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
		strings.ToLower(strings.TrimSpace(m.To)), m.Kind, m.Language, m.Subject, m.Text, status, o.timestamp(o.now()))
	if err != nil {
		return fmt.Errorf("mail: store message: %w", err)
	}
	return nil
}

// Latest returns up to limit of the newest messages to the address, newest first.
func (o *Outbox) Latest(ctx context.Context, to string, limit int) ([]Stored, error) {
	rows, err := o.db.QueryContext(ctx, o.db.Rebind(
		`SELECT id, recipient, kind, language, subject, body_text, status, created_at FROM mail_outbox
		 WHERE recipient = ? ORDER BY id DESC LIMIT ?`), strings.ToLower(strings.TrimSpace(to)), limit)
	if err != nil {
		return nil, fmt.Errorf("mail: list outbox: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := []Stored{}
	for rows.Next() {
		var s Stored
		var created any
		if err := rows.Scan(&s.ID, &s.To, &s.Kind, &s.Language, &s.Subject, &s.Text, &s.Status, &created); err != nil {
			return nil, fmt.Errorf("mail: read outbox: %w", err)
		}
		s.CreatedAt = parseTime(created)
		s.Links = Links(s.Text)
		out = append(out, s)
	}
	return out, rows.Err()
}

// ClaimTimeout is how long a mail may stay claimed ('sending'); a replica that crashed mid-delivery leaves it
// there, and the next delivery round hands it back to 'pending' after this time.
const ClaimTimeout = 2 * time.Minute

// RedactedLink replaces the links of a delivered mail in the outbox: the link is a credential (a reset or a
// verification), and once the relay has it the outbox has no reason to keep it.
const RedactedLink = "[link removed after delivery]"

// DeliverPending hands pending messages to the relay, oldest first, and reports how many were sent. A batch is
// claimed in one statement (on PostgreSQL with SKIP LOCKED), so concurrent replicas never deliver a mail twice;
// mails left claimed by a crashed replica are claimed again after ClaimTimeout.
func (o *Outbox) DeliverPending(ctx context.Context, batch int) (int, error) {
	if o.relay == nil {
		return 0, nil
	}
	now := o.now()
	if _, err := o.db.ExecContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = ? WHERE status = 'sending' AND claimed_at < ?`),
		StatusPending, o.timeValue(now.Add(-ClaimTimeout))); err != nil {
		return 0, fmt.Errorf("mail: reclaim: %w", err)
	}
	lock := ""
	if o.db.Dialect == database.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	rows, err := o.db.QueryContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, claimed_at = ?
		WHERE id IN (SELECT id FROM mail_outbox WHERE status = ? ORDER BY id LIMIT ?`+lock+`)
		RETURNING id, recipient, kind, language, subject, body_text, attempts`), o.timeValue(now), StatusPending, batch)
	if err != nil {
		return 0, fmt.Errorf("mail: claim: %w", err)
	}
	type pending struct {
		id       int64
		m        Message
		attempts int
	}
	var list []pending
	for rows.Next() {
		var p pending
		if err := rows.Scan(&p.id, &p.m.To, &p.m.Kind, &p.m.Language, &p.m.Subject, &p.m.Text, &p.attempts); err != nil {
			_ = rows.Close()
			return 0, fmt.Errorf("mail: read pending: %w", err)
		}
		list = append(list, p)
	}
	_ = rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("mail: claim: %w", err)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].id < list[j].id })
	sent := 0
	for _, p := range list {
		if err := o.relay.Deliver(ctx, p.m); err != nil {
			metrics.MailDeliveryFailures.Inc()
			status := StatusPending
			if p.attempts >= o.attempts {
				status = StatusFailed
			}
			if _, err := o.db.ExecContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = ?, last_error = ? WHERE id = ?`),
				status, truncateError(err.Error()), p.id); err != nil {
				return sent, fmt.Errorf("mail: record delivery: %w", err)
			}
			continue
		}
		sent++
		metrics.MailsDelivered.Inc()
		if _, err := o.db.ExecContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = ?, last_error = '', sent_at = ?, body_text = ? WHERE id = ?`),
			StatusSent, o.timeValue(o.now()), linkPattern.ReplaceAllString(p.m.Text, RedactedLink), p.id); err != nil {
			return sent, fmt.Errorf("mail: record delivery: %w", err)
		}
	}
	return sent, nil
}

func truncateError(s string) string {
	if len(s) > 500 {
		return s[:500]
	}
	return s
}

// Backlog is the number of mails waiting for the relay (pending or being sent).
func (o *Outbox) Backlog(ctx context.Context) (int, error) {
	var n int
	err := o.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_outbox WHERE status IN ('pending', 'sending')`).Scan(&n)
	return n, err
}

// EraseRecipient deletes every message to address within tx, waiting or delivered (an account's erasure: a
// stored copy of a mail is the shopper's data as much as the account is). A message a relay is delivering at
// this moment may still arrive; its outcome then updates nothing.
func EraseRecipient(ctx context.Context, tx database.Tx, address string) (int64, error) {
	res, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM mail_outbox WHERE recipient = ?`), strings.ToLower(strings.TrimSpace(address)))
	if err != nil {
		return 0, fmt.Errorf("mail: erase recipient: %w", err)
	}
	return res.RowsAffected()
}

// Prune removes mails created before the cutoff that no longer wait for delivery, and reports how many.
func (o *Outbox) Prune(ctx context.Context, before time.Time) (int64, error) {
	res, err := o.db.ExecContext(ctx, o.db.Rebind(`DELETE FROM mail_outbox WHERE created_at < ? AND status NOT IN ('pending', 'sending')`),
		o.timeValue(before))
	if err != nil {
		return 0, fmt.Errorf("mail: prune outbox: %w", err)
	}
	return res.RowsAffected()
}

// timeValue is a time as the outbox's columns hold it: RFC 3339 text in SQLite, timestamptz in PostgreSQL.
func (o *Outbox) timeValue(t time.Time) any {
	if o.db.Dialect == database.Postgres {
		return t.UTC()
	}
	return o.timestamp(t)
}

// RunDelivery delivers pending messages every interval until ctx ends.
func (o *Outbox) RunDelivery(ctx context.Context, interval time.Duration, onError func(error)) {
	if o.relay == nil {
		return
	}
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		if _, err := o.DeliverPending(ctx, 50); err != nil && ctx.Err() == nil && onError != nil {
			onError(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// timestamp is a time as RFC 3339 text with a fixed number of digits, so SQLite compares it as text correctly
// (PostgreSQL parses it into timestamptz).
func (o *Outbox) timestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000000000Z07:00")
}

func parseTime(v any) time.Time {
	switch t := v.(type) {
	case time.Time:
		return t.UTC()
	case string:
		parsed, _ := time.Parse(time.RFC3339Nano, t)
		return parsed
	case []byte:
		parsed, _ := time.Parse(time.RFC3339Nano, string(t))
		return parsed
	}
	return time.Time{}
}
