// Package mail sends the service's e-mails: every message is stored in the outbox table, and delivered over
// SMTP when a relay is configured. Messages are rendered from per-language templates.
package mail

import (
	"context"
	"errors"
	"regexp"
	"time"
)

// Message is one e-mail to one recipient.
type Message struct {
	To       string
	Kind     string // what the mail is for, e.g. "verification"; QA and tests look mails up by it
	Language string // the base language the mail was rendered in, e.g. "de"
	Subject  string
	Text     string
	// UID is the account the mail is for, when it is one's: the account's deletion erases its mails by it, those of
	// the addresses it had before too.
	UID string
	// MessageID is the Message-ID header's value without its angle brackets. The outbox gives each mail one at its
	// first attempt and hands the same to the relay on every later one; empty, the relay makes one up.
	MessageID string
	// LinkExpiresAt is when the mail's link ends (a reset link's hour, a verification or double opt-in link's days);
	// zero for a mail without one that does. The outbox sends no mail past it: its link would only answer "expired".
	LinkExpiresAt time.Time
}

// Sender sends messages; domain packages depend on this, never on the outbox directly.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Stored is a message as the outbox keeps it.
type Stored struct {
	ID        int64     `json:"id"`
	To        string    `json:"to"`
	Kind      string    `json:"kind"`
	Language  string    `json:"language"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`
	Links     []string  `json:"links"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"createdAt"`
}

// Delivery states of a stored message.
const (
	StatusStored  = "stored"  // kept in the outbox only: no relay configured
	StatusPending = "pending" // waiting for the relay
	StatusSent    = "sent"
	// StatusFailed: given up after MaxAttempts, at once for a relay without SMTPUTF8 (ErrNeedsSMTPUTF8), or not sent
	// since its link expired first (Message.LinkExpiresAt).
	StatusFailed = "failed"
	// StatusRefused: refused by the relay for good (ErrRefused); sent again only when the operator asks for it.
	StatusRefused = "refused"
)

// ErrInvalidMessage is returned for a message without recipient, subject or text.
var ErrInvalidMessage = errors.New("mail: message needs a recipient, a subject and a text")

// ErrRefused marks a delivery the relay refused for good (a 5xx reply to the recipient or the message): the
// same mail would be refused again (RFC 5321 4.2.1), so the outbox marks it failed at once instead of retrying.
var ErrRefused = errors.New("refused by the relay")

var linkPattern = regexp.MustCompile(`https?://[^\s<>"]+`)

// Links lists the web addresses in a text, in order, so QA and browser tests can follow them.
func Links(text string) []string {
	links := linkPattern.FindAllString(text, -1)
	if links == nil {
		return []string{}
	}
	return links
}

// Recorder is a Sender that keeps messages in memory, for tests of the packages that send mail.
type Recorder struct {
	Messages []Message
	Err      error // returned by Send when set, to test delivery failures
}

// Send records m.
func (r *Recorder) Send(_ context.Context, m Message) error {
	if r.Err != nil {
		return r.Err
	}
	r.Messages = append(r.Messages, m)
	return nil
}

// Last returns the newest message to the address, if any.
func (r *Recorder) Last(to string) (Message, bool) {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].To == to {
			return r.Messages[i], true
		}
	}
	return Message{}, false
}
