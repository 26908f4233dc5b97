package mail

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
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

// DeliverPending hands pending messages to the relay, oldest first, and reports how many were sent. Each
// message is claimed with a conditional update first, so concurrent replicas never deliver it twice.
func (o *Outbox) DeliverPending(ctx context.Context, batch int) (int, error) {
	if o.relay == nil {
		return 0, nil
	}
	rows, err := o.db.QueryContext(ctx, o.db.Rebind(
		`SELECT id, recipient, kind, language, subject, body_text, attempts FROM mail_outbox WHERE status = ? ORDER BY id LIMIT ?`),
		StatusPending, batch)
	if err != nil {
		return 0, fmt.Errorf("mail: find pending: %w", err)
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
	sent := 0
	for _, p := range list {
		claimed, err := o.db.ExecContext(ctx, o.db.Rebind(
			`UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1 WHERE id = ? AND status = ?`), p.id, StatusPending)
		if err != nil {
			return sent, fmt.Errorf("mail: claim: %w", err)
		}
		if n, _ := claimed.RowsAffected(); n == 0 {
			continue
		}
		status, lastError, sentAt := StatusSent, "", sql.NullString{String: o.timestamp(o.now()), Valid: true}
		if err := o.relay.Deliver(ctx, p.m); err != nil {
			status, lastError, sentAt = StatusPending, err.Error(), sql.NullString{}
			if p.attempts+1 >= o.attempts {
				status = StatusFailed
			}
		} else {
			sent++
		}
		if _, err := o.db.ExecContext(ctx, o.db.Rebind(
			`UPDATE mail_outbox SET status = ?, last_error = ?, sent_at = ? WHERE id = ?`), status, lastError, o.nullableTime(sentAt), p.id); err != nil {
			return sent, fmt.Errorf("mail: record delivery: %w", err)
		}
	}
	return sent, nil
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

// timestamp stores times as RFC 3339 text in SQLite and as timestamptz in PostgreSQL.
func (o *Outbox) timestamp(t time.Time) string {
	return t.UTC().Format(time.RFC3339Nano)
}

func (o *Outbox) nullableTime(s sql.NullString) any {
	if !s.Valid {
		return nil
	}
	return s.String
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
