package mail

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"go.uber.org/zap"

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
	log      *zap.Logger
}

// Relay delivers one message, e.g. over SMTP.
type Relay interface {
	Deliver(ctx context.Context, m Message) error
	// NewMessageID makes a Message-ID (without angle brackets) for a mail's first attempt; the outbox keeps it
	// with the mail, so that every attempt, the log and the relay's own log name the mail alike.
	NewMessageID() string
}

// MaxAttempts is how often delivery of one message is tried before it is marked failed: with RetryDelay's
// waits, about a day of a relay being down or refusing.
const MaxAttempts = 30

// RetryDelay is the wait after a message's n-th failed attempt: 30 s, doubling, at most an hour.
func RetryDelay(n int) time.Duration {
	n = min(max(n, 1), 8) // from the 8th the doubling is past the hour anyway, and larger shifts would overflow
	return min(30*time.Second<<(n-1), time.Hour)
}

// NewOutbox returns an outbox on db; relay may be nil (messages then stay in the outbox only).
func NewOutbox(db *database.DB, relay Relay) *Outbox {
	return &Outbox{db: db, relay: relay, now: time.Now, attempts: MaxAttempts, log: zap.NewNop()}
}

// WithLogger makes the outbox log its delivery failures on logger (without it they are only counted and stored).
func (o *Outbox) WithLogger(logger *zap.Logger) *Outbox {
	o.log = logger
	return o
}

// clock is the time in microseconds, as PostgreSQL keeps it: a claim time reads back exactly as written (it marks
// the claim), and SQLite's text times compare like PostgreSQL's.
func (o *Outbox) clock() time.Time { return o.now().Truncate(time.Microsecond) }

// WithClock makes the outbox read the time from now (the development clock, tests).
func (o *Outbox) WithClock(now func() time.Time) *Outbox {
	o.now = now
	return o
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
	var linkExpires any // NULL: no link that ends
	if !m.LinkExpiresAt.IsZero() {
		linkExpires = o.timeValue(m.LinkExpiresAt)
	}
	_, err := o.db.ExecContext(ctx, o.db.Rebind(
		`INSERT INTO mail_outbox (recipient, kind, language, subject, body_text, status, created_at, account_uid, link_expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		strings.ToLower(strings.TrimSpace(m.To)), m.Kind, m.Language, m.Subject, m.Text, status, timestamp(o.now()), m.UID, linkExpires)
	if err != nil {
		return fmt.Errorf("mail: store message: %w", err)
	}
	return nil
}

// Latest returns up to limit of the newest messages to the address, newest first. Text PostgreSQL cannot take
// (database.Storable) is no recipient's: it has none, on either database.
func (o *Outbox) Latest(ctx context.Context, to string, limit int) ([]Stored, error) {
	if !database.Storable(to) {
		return []Stored{}, nil
	}
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

// DeliverPending hands pending messages that are due to the relay, oldest first, and reports how many were
// sent. A batch is claimed in one statement (on PostgreSQL with SKIP LOCKED), and each mail's claim is checked
// and renewed just before it goes out, so concurrent replicas never deliver a mail twice, even when a slow relay
// keeps a batch busy past ClaimTimeout; mails left claimed by a crashed replica are claimed again after it. A
// crash between the relay's acceptance and the mark "sent" thus sends that mail again: delivery is at least once,
// as SMTP allows no better (the relay's acceptance and the database's mark cannot be one transaction; QA saw one
// mail twice after a kill -9 mid-burst). A failed attempt waits RetryDelay before the next; after MaxAttempts the
// mail is marked failed (RequeueFailed), and so is one whose link expired before it went out (failExpired).
func (o *Outbox) DeliverPending(ctx context.Context, batch int) (int, error) {
	if o.relay == nil {
		return 0, nil
	}
	now := o.clock()
	if _, err := o.db.ExecContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = ? WHERE status = 'sending' AND claimed_at < ?`),
		StatusPending, o.timeValue(now.Add(-ClaimTimeout))); err != nil {
		return 0, fmt.Errorf("mail: reclaim: %w", err)
	}
	if err := o.failExpired(ctx, now); err != nil {
		return 0, err
	}
	lock := ""
	if o.db.Dialect == database.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	rows, err := o.db.QueryContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, claimed_at = ?
		WHERE id IN (SELECT id FROM mail_outbox WHERE status = ? AND (next_attempt_at IS NULL OR next_attempt_at <= ?) ORDER BY id LIMIT ?`+lock+`)
		RETURNING id, recipient, kind, language, subject, body_text, attempts, message_id`), o.timeValue(now), StatusPending, o.timeValue(now), batch)
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
		if err := rows.Scan(&p.id, &p.m.To, &p.m.Kind, &p.m.Language, &p.m.Subject, &p.m.Text, &p.attempts, &p.m.MessageID); err != nil {
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
	// A mail the relay has begun to take is finished and marked even when the service is told to stop: cut off
	// mid-dialogue, a relay that had the whole message sent it, and the outbox sent it again after ClaimTimeout (QA
	// operations round: a SIGTERM during a slow relay's answer). The relay's own timeouts bound the wait; the
	// mails of the batch not begun go back to waiting, for this or another replica.
	inFlight := context.WithoutCancel(ctx)
	for i, p := range list {
		if ctx.Err() != nil {
			rest := make([]int64, 0, len(list)-i)
			for _, q := range list[i:] {
				rest = append(rest, q.id)
			}
			return sent, o.release(inFlight, rest, now)
		}
		if p.m.MessageID == "" {
			p.m.MessageID = o.relay.NewMessageID() // its first attempt (or the first since the column came)
		}
		if mine, err := o.renewClaim(ctx, p.id, now, p.m.MessageID); err != nil {
			return sent, err
		} else if !mine {
			continue // the batch outlasted ClaimTimeout and another replica took this mail over
		}
		if err := o.relay.Deliver(inFlight, p.m); err != nil {
			if err := o.recordFailure(inFlight, p.id, p.m, p.attempts, err); err != nil {
				return sent, err
			}
			continue
		}
		sent++
		metrics.MailsDelivered.Inc()
		if _, err := o.db.ExecContext(inFlight, o.db.Rebind(`UPDATE mail_outbox SET status = ?, last_error = '', sent_at = ?, body_text = ? WHERE id = ?`),
			StatusSent, o.timeValue(o.now()), linkPattern.ReplaceAllString(p.m.Text, RedactedLink), p.id); err != nil {
			return sent, fmt.Errorf("mail: record delivery: %w", err)
		}
	}
	return sent, nil
}

// failExpired marks failed the waiting mails whose link has expired, instead of trying them until MaxAttempts: the
// link would only answer "expired", and the shopper asks for a new one (QA operator round of 2026-11-30: a reset
// mail, whose link lives an hour, was retried for a day). The mail keeps the relay's last answer, why it did not go
// out in time.
func (o *Outbox) failExpired(ctx context.Context, now time.Time) error {
	rows, err := o.db.QueryContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = ? WHERE status = ? AND link_expires_at <= ?
		RETURNING id, kind, attempts, message_id`), StatusFailed, StatusPending, o.timeValue(now))
	if err != nil {
		return fmt.Errorf("mail: fail expired: %w", err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var id int64
		var kind, messageID string
		var attempts int
		if err := rows.Scan(&id, &kind, &attempts, &messageID); err != nil {
			return fmt.Errorf("mail: fail expired: %w", err)
		}
		metrics.MailsFailed.Inc()
		fields := []zap.Field{zap.Int64("mail_id", id), zap.String("kind", kind), zap.Int("attempts", attempts)}
		if messageID != "" { // none before its first attempt
			fields = append(fields, zap.String("message_id", "<"+messageID+">"))
		}
		o.log.Error("mail not delivered before its link expired; not sent, and not queued again", fields...)
	}
	return rows.Err()
}

// release puts mails of a batch that were claimed (at claimedAt) but not begun back to waiting, their attempt not
// counted.
func (o *Outbox) release(ctx context.Context, ids []int64, claimedAt time.Time) error {
	for _, id := range ids {
		if _, err := o.db.ExecContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = ?, attempts = attempts - 1 WHERE id = ? AND status = 'sending' AND claimed_at = ?`),
			StatusPending, id, o.timeValue(claimedAt)); err != nil {
			return fmt.Errorf("mail: release claim: %w", err)
		}
	}
	return nil
}

// renewClaim checks that the mail is still claimed by this round (claimed at claimedAt) and renews the claim, so
// no other replica reclaims it while the relay has it; it stores messageID with the mail, which keeps it for
// every later attempt.
func (o *Outbox) renewClaim(ctx context.Context, id int64, claimedAt time.Time, messageID string) (bool, error) {
	res, err := o.db.ExecContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET claimed_at = ?, message_id = ? WHERE id = ? AND status = 'sending' AND claimed_at = ?`),
		o.timeValue(o.clock()), messageID, id, o.timeValue(claimedAt))
	if err != nil {
		return false, fmt.Errorf("mail: renew claim: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// recordFailure puts a mail back to wait RetryDelay, or marks it failed after its last attempt or a refusal for
// good, and logs either with the mail's Message-ID and the relay's reason (an outage, refused credentials, TLS),
// whose mentions of the recipient are left out: a relay's "550 <eva@example.com>: unknown user" or "(user eva)"
// must not put the recipient into the log. The mail keeps the whole text.
func (o *Outbox) recordFailure(ctx context.Context, id int64, m Message, attempts int, cause error) error {
	metrics.MailDeliveryFailures.Inc()
	status, next := StatusPending, o.clock().Add(RetryDelay(attempts))
	fields := []zap.Field{zap.Int64("mail_id", id), zap.String("message_id", "<"+m.MessageID+">"), zap.String("kind", m.Kind),
		zap.Int("attempts", attempts), zap.String("error", withoutRecipient(cause.Error(), m.To, m.MessageID))}
	switch {
	case errors.Is(cause, ErrNeedsSMTPUTF8):
		status = StatusFailed
		metrics.MailsFailed.Inc()
		o.log.Error("mail cannot be delivered: the address is not ASCII and the relay does not offer SMTPUTF8; "+
			"not tried again (once the relay offers it, `portal mail requeue-failed` sends it)", fields...)
	case errors.Is(cause, ErrRefused):
		status = StatusRefused
		metrics.MailsFailed.Inc()
		o.log.Error("mail refused by the relay for good; not tried again (once the cause is fixed, `portal mail requeue-failed --refused` sends it)", fields...)
	case attempts >= o.attempts:
		status = StatusFailed
		metrics.MailsFailed.Inc()
		o.log.Error("mail delivery failed for good; `portal mail requeue-failed` sends it again", fields...)
	default:
		o.log.Warn("mail delivery failed; will retry", append(fields, zap.Duration("retry_in", RetryDelay(attempts)))...)
	}
	if _, err := o.db.ExecContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = ?, last_error = ?, next_attempt_at = ? WHERE id = ?`),
		status, truncateError(cause.Error()), o.timeValue(next), id); err != nil {
		return fmt.Errorf("mail: record delivery: %w", err)
	}
	return nil
}

// Requeued is what RequeueFailed did.
type Requeued struct {
	// Queued is how many mails got a fresh set of attempts.
	Queued int64
	// Expired is how many failed or refused mails it left since their link has expired.
	Expired int64
	// Refused is how many refused mails it left since it was not asked to send them (their link still valid).
	Refused int64
}

// RequeueFailed gives the mails that failed for good a fresh set of attempts, due now (an operator's command once
// the relay works again), and with refused also those the relay refused for good (once the operator fixed the
// cause: without it they would be refused again). A mail whose link has expired stays as it is: its link would only
// answer "expired" (QA operator round of 2026-11-30: a requeued reset mail went out with a dead link).
func (o *Outbox) RequeueFailed(ctx context.Context, refused bool) (Requeued, error) {
	now := o.timeValue(o.clock())
	statuses, args := "?", []any{StatusPending, StatusFailed}
	if refused {
		statuses, args = "?, ?", append(args, StatusRefused)
	}
	var r Requeued
	res, err := o.db.ExecContext(ctx, o.db.Rebind(`UPDATE mail_outbox SET status = ?, attempts = 0, next_attempt_at = NULL
		WHERE status IN (`+statuses+`) AND (link_expires_at IS NULL OR link_expires_at > ?)`), append(args, now)...)
	if err == nil {
		r.Queued, err = res.RowsAffected()
	}
	if err != nil {
		return Requeued{}, fmt.Errorf("mail: requeue failed: %w", err)
	}
	if err := o.db.QueryRowContext(ctx, o.db.Rebind(`SELECT
		COALESCE(SUM(CASE WHEN link_expires_at <= ? THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN status = ? AND (link_expires_at IS NULL OR link_expires_at > ?) THEN 1 ELSE 0 END), 0)
		FROM mail_outbox WHERE status IN (?, ?)`), now, StatusRefused, now, StatusFailed, StatusRefused).Scan(&r.Expired, &r.Refused); err != nil {
		return Requeued{}, fmt.Errorf("mail: requeue failed: %w", err)
	}
	return r, nil
}

// addressInError is an e-mail address as relays quote them in their answers.
var addressInError = regexp.MustCompile(`[^\s<>"'@]+@[^\s<>"']+`)

// masked stands for the recipient in a logged relay answer.
const masked = "[address]"

// withoutRecipient is a relay's answer as it is logged: every address hidden, and the recipient's local part
// where the relay repeats it alone ("(user erika.op6)"), but the mail's Message-ID kept whole, which names nobody
// and is what the operator looks for in the relay's log. The address pattern hid it as "<[address]>" (QA operator
// round), so the text is masked around it.
func withoutRecipient(s, recipient, messageID string) string {
	local, _, _ := strings.Cut(recipient, "@")
	var pieces []string
	if messageID != "" {
		pieces = strings.Split(s, messageID)
	} else {
		pieces = []string{s}
	}
	for i, piece := range pieces {
		piece = addressInError.ReplaceAllString(piece, masked)
		pieces[i] = maskWord(piece, local)
	}
	return strings.Join(pieces, messageID)
}

// maskWord replaces word, in any case, where it stands as a word of its own: not inside a longer name, so that
// the recipient "jo" leaves "johann" alone.
func maskWord(s, word string) string {
	if word == "" {
		return s
	}
	var b strings.Builder
	last := 0
	for _, loc := range regexp.MustCompile(`(?i)`+regexp.QuoteMeta(word)).FindAllStringIndex(s, -1) {
		if continuesWord(s[:loc[0]], true) || continuesWord(s[loc[1]:], false) {
			continue
		}
		b.WriteString(s[last:loc[0]])
		b.WriteString(masked)
		last = loc[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// continuesWord tells whether the text beside a match (before it, or after it) carries a name on: a letter, a
// digit or one of "_+-" next to it, or a dot followed by one (a full stop ending the relay's sentence does not).
func continuesWord(beside string, before bool) bool {
	next := func(s string) (rune, string) {
		if before {
			r, n := utf8.DecodeLastRuneInString(s)
			return r, s[:len(s)-n]
		}
		r, n := utf8.DecodeRuneInString(s)
		return r, s[n:]
	}
	if beside == "" {
		return false
	}
	r, rest := next(beside)
	if r == '.' && rest != "" {
		r, _ = next(rest)
		return wordRune(r)
	}
	return wordRune(r)
}

func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("_+-", r)
}

// truncateError is a relay's answer as it is stored: valid UTF-8 (a relay answers in bytes, and PostgreSQL refuses
// invalid UTF-8, so the failure went unrecorded) and at most 500 bytes, cut between two characters.
func truncateError(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) > 500 {
		s = strings.ToValidUTF8(s[:500], "")
	}
	return s
}

// Backlog is the number of mails waiting for the relay (pending or being sent).
func (o *Outbox) Backlog(ctx context.Context) (int, error) {
	var n int
	err := o.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_outbox WHERE status IN ('pending', 'sending')`).Scan(&n)
	return n, err
}

// EraseRecipient deletes the messages to address within tx, waiting or delivered, of the given kinds or, without
// kinds, all of them (an account's erasure, a full unsubscribe: a stored copy of a mail is the shopper's data as
// much as the account is). A message a relay is delivering at this moment may still arrive; its outcome then
// updates nothing. A waiting one is never sent.
func EraseRecipient(ctx context.Context, tx database.Tx, address string, kinds ...string) (int64, error) {
	return EraseRecipientBefore(ctx, tx, address, time.Time{}, kinds...)
}

// EraseRecipientBefore is EraseRecipient for the messages written before `before` (zero: all of them): a full
// unsubscribe under a release that left the subscriber's mails (app.UpgradeData).
func EraseRecipientBefore(ctx context.Context, tx database.Tx, address string, before time.Time, kinds ...string) (int64, error) {
	q, args := `DELETE FROM mail_outbox WHERE recipient = ?`, []any{strings.ToLower(strings.TrimSpace(address))}
	if !before.IsZero() {
		q, args = q+` AND created_at < ?`, append(args, timeArg(tx.Dialect, before))
	}
	q, args = ofKinds(q, args, kinds)
	res, err := tx.ExecContext(ctx, tx.Rebind(q), args...)
	if err != nil {
		return 0, fmt.Errorf("mail: erase recipient: %w", err)
	}
	return res.RowsAffected()
}

// Recipients lists up to limit addresses the outbox holds messages to, in order, from the one after `after`.
func Recipients(ctx context.Context, db *database.DB, after string, limit int) ([]string, error) {
	rows, err := db.QueryContext(ctx, db.Rebind(`SELECT DISTINCT recipient FROM mail_outbox WHERE recipient > ? ORDER BY recipient LIMIT ?`), after, limit)
	if err != nil {
		return nil, fmt.Errorf("mail: list recipients: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []string
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return nil, fmt.Errorf("mail: list recipients: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// ofKinds narrows a statement over mail_outbox to messages of the kinds, when any are named.
func ofKinds(q string, args []any, kinds []string) (string, []any) {
	if len(kinds) == 0 {
		return q, args
	}
	q += ` AND kind IN (?` + strings.Repeat(", ?", len(kinds)-1) + `)`
	for _, k := range kinds {
		args = append(args, k)
	}
	return q, args
}

// EraseAccount deletes every message sent for the account uid within tx, to whichever address (its former ones
// after an e-mail change), of the kinds when any are named, as EraseRecipient does.
func EraseAccount(ctx context.Context, tx database.Tx, uid string, kinds ...string) (int64, error) {
	if uid == "" {
		return 0, nil
	}
	// The second term names the partial index's condition, so the planners take mail_outbox_account.
	q, args := ofKinds(`DELETE FROM mail_outbox WHERE account_uid = ? AND account_uid <> ''`, []any{uid}, kinds)
	res, err := tx.ExecContext(ctx, tx.Rebind(q), args...)
	if err != nil {
		return 0, fmt.Errorf("mail: erase account: %w", err)
	}
	return res.RowsAffected()
}

// MoveAccount gives the messages of the account from to the account into, within tx: a newsletter subscriber's
// account that joins another (a confirmed e-mail change to its address) leaves its mails to that account, whose
// deletion then erases them.
func MoveAccount(ctx context.Context, tx database.Tx, from, into string) error {
	if from == "" || into == "" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE mail_outbox SET account_uid = ? WHERE account_uid = ? AND account_uid <> ''`),
		into, from); err != nil {
		return fmt.Errorf("mail: move account: %w", err)
	}
	return nil
}

// ClaimForAccount gives the messages to address that name no account the account uid, within tx: a confirmed
// e-mail change leaves the former address's mails (a product reminder's, those written before mails named their
// account) to the account, whose deletion then erases them.
func ClaimForAccount(ctx context.Context, tx database.Tx, uid, address string) error {
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE mail_outbox SET account_uid = ? WHERE recipient = ? AND account_uid = ''`),
		uid, strings.ToLower(strings.TrimSpace(address))); err != nil {
		return fmt.Errorf("mail: claim for account: %w", err)
	}
	return nil
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
	return timeArg(o.db.Dialect, t)
}

func timeArg(d database.Dialect, t time.Time) any {
	if d == database.Postgres {
		return t.UTC()
	}
	return timestamp(t)
}

// RunDelivery delivers pending messages every interval until ctx ends, and tells report each round's outcome (nil
// when the outbox could be worked through; a mail the relay did not take is the mail's, logged with it), so that
// the caller can log a failing outbox when it begins to fail and when it works again.
func (o *Outbox) RunDelivery(ctx context.Context, interval time.Duration, report func(error)) {
	if o.relay == nil {
		return
	}
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		if _, err := o.DeliverPending(ctx, 50); ctx.Err() == nil && report != nil {
			report(err)
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
func timestamp(t time.Time) string {
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
