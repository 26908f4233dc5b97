package mail

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	gomail "github.com/wneessen/go-mail"
)

// SMTPRelay delivers over SMTP with wneessen/go-mail to the relay named by a URL:
//
//   - smtp://host:port: STARTTLS when the relay offers it, or required (SMTPSettings.RequireTLS, mail.smtp.tls);
//     smtp://user:password@host:port always requires STARTTLS, so a password never crosses the network in clear
//     text;
//   - smtps://[user:password@]host:port: TLS from the first byte (implicit TLS, usually port 465).
//
// The envelope sender is the bare address of mail.from (no display name); every message carries a Message-ID
// (the outbox keeps one per mail, NewMessageID), a Date and Auto-Submitted, and a plain-text part with an HTML
// alternative.
type SMTPRelay struct {
	host     string
	port     int
	implicit bool
	// requireTLS: no message without STARTTLS (credentials require it whatever this says).
	requireTLS bool
	user       string
	password   string
	from       *netmail.Address
	tls        *tls.Config
}

// SMTPSettings configure the relay.
type SMTPSettings struct {
	URL  string
	From string
	// TLS replaces the default TLS configuration (the system's roots, the relay's host name); tests trust their
	// own certificate with it.
	TLS *tls.Config
	// RequireTLS refuses to send over smtp:// without STARTTLS, as credentials always do (mail.smtp.tls: required).
	RequireTLS bool
}

// NewSMTPRelay parses the relay URL; from is the sender, optionally with a display name.
func NewSMTPRelay(s SMTPSettings) (*SMTPRelay, error) {
	u, err := url.Parse(s.URL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, fmt.Errorf("mail.smtp.url: want smtp://[user:password@]host:port or smtps://[user:password@]host:port")
	}
	from, err := netmail.ParseAddress(s.From)
	if err != nil {
		return nil, fmt.Errorf("mail.from: %w", err)
	}
	r := &SMTPRelay{host: u.Hostname(), implicit: u.Scheme == "smtps", requireTLS: s.RequireTLS, from: from, tls: s.TLS}
	r.port = 25
	if r.implicit {
		r.port = 465
	}
	if p := u.Port(); p != "" {
		if r.port, err = strconv.Atoi(p); err != nil || r.port < 1 || r.port > 65535 {
			return nil, fmt.Errorf("mail.smtp.url: bad port %q", p)
		}
	}
	if u.User != nil {
		r.user = u.User.Username()
		r.password, _ = u.User.Password()
	}
	if r.tls == nil {
		r.tls = &tls.Config{ServerName: r.host, MinVersion: tls.VersionTLS12}
	}
	return r, nil
}

func (r *SMTPRelay) client() (*gomail.Client, error) {
	opts := []gomail.Option{gomail.WithPort(r.port), gomail.WithTimeout(30 * time.Second), gomail.WithTLSConfig(r.tls)}
	switch {
	case r.implicit:
		opts = append(opts, gomail.WithSSL())
	case r.user != "" || r.requireTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if r.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(r.user), gomail.WithPassword(r.password))
	}
	return gomail.NewClient(r.host, opts...)
}

// ErrNeedsSMTPUTF8 marks a mail to or from an address whose local part is not ASCII (jörg@example.com, which
// registration accepts) when the relay does not offer SMTPUTF8 (RFC 6531): without it such an address may appear
// neither in the envelope nor in the headers, and a relay refuses the transaction, so the mail cannot be delivered
// through this relay at all. Domains are ASCII already (IDNA).
var ErrNeedsSMTPUTF8 = errors.New("the address is not ASCII and the relay does not offer SMTPUTF8 (RFC 6531)")

// Deliver sends one message. A non-ASCII address goes out with SMTPUTF8 when the relay offers it (go-mail adds
// the parameter to MAIL FROM then); when it does not, Deliver ends the session before MAIL FROM with
// ErrNeedsSMTPUTF8.
func (r *SMTPRelay) Deliver(ctx context.Context, m Message) error {
	msg, err := r.compose(m)
	if err != nil {
		return err
	}
	c, err := r.client()
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	session, err := c.DialToSMTPClientWithContext(ctx)
	if err != nil {
		return fmt.Errorf("smtp: dial failed: %w", err)
	}
	// The mail's fate is the relay's answer to its data; a QUIT that fails after it changes nothing (and turned an
	// accepted mail into a failure to retry, sending it twice).
	defer func() { _ = c.CloseWithSMTPClient(session) }()
	if !ascii(m.To) || !ascii(r.from.Address) {
		if ok, _ := session.Extension("SMTPUTF8"); !ok {
			return fmt.Errorf("smtp: %w", ErrNeedsSMTPUTF8)
		}
	}
	if err := c.SendWithSMTPClient(session, msg); err != nil {
		if refusedForGood(err) {
			return fmt.Errorf("smtp: %w: %w", ErrRefused, err)
		}
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// refusedForGood: the relay answered the recipient or the message with a 5xx reply. A refused sender (MAIL FROM)
// or refused credentials are the relay's settings, which an operator mends, so those mails wait and retry.
func refusedForGood(err error) bool {
	var se *gomail.SendError
	if !errors.As(err, &se) || se.ErrorCode() < 500 || se.ErrorCode() > 599 {
		return false
	}
	return se.Reason == gomail.ErrSMTPRcptTo || se.Reason == gomail.ErrSMTPData || se.Reason == gomail.ErrSMTPDataClose
}

// compose builds the message: bare envelope sender, From with the display name, the mail's Message-ID, Date,
// Auto-Submitted (RFC 3834: an automatic mail, which auto-responders do not answer), the text and its HTML
// rendering. No User-Agent or X-Mailer: the software that sent it is nobody's business.
func (r *SMTPRelay) compose(m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingQP), gomail.WithNoDefaultUserAgent())
	if err := msg.EnvelopeFrom(r.from.Address); err != nil {
		return nil, fmt.Errorf("smtp: sender: %w", err)
	}
	if err := msg.FromFormat(r.from.Name, r.from.Address); err != nil {
		return nil, fmt.Errorf("smtp: sender: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("smtp: recipient: %w", err)
	}
	msg.Subject(encodedSubject(m.Subject))
	id := m.MessageID
	if id == "" {
		id = r.NewMessageID()
	}
	msg.SetMessageIDWithValue(id)
	msg.SetDate()
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	if m.Language != "" {
		msg.SetGenHeader(gomail.HeaderContentLang, m.Language)
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, TextToHTML(m.Text, m.Language))
	return msg, nil
}

// NewMessageID is a random Message-ID in the sender's domain (RFC 5322 §3.6.4), without its angle brackets.
func (r *SMTPRelay) NewMessageID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	domain := "portal.localhost"
	if at := strings.LastIndex(r.from.Address, "@"); at >= 0 && at < len(r.from.Address)-1 {
		domain = r.from.Address[at+1:]
	}
	return hex.EncodeToString(b) + "@" + domain
}

// subjectWordBytes is how much of a subject one encoded-word holds: 36 bytes are 48 in base64, a word of 60
// characters, which fits on the line after "Subject: " (76 at most, RFC 2047 §2). go-mail folds before a word
// that does not fit, and a longer first word was folded right after "Subject:", which Python's email read as a
// leading space (QA operator round).
const subjectWordBytes = 36

// encodedSubject is the subject as its header carries it: printable ASCII as it is, anything else as RFC 2047
// encoded-words of whole characters, separated by spaces where go-mail may fold (readers drop the space between
// two encoded-words, RFC 2047 §6.2). Go's mime encoder makes words of up to 75 characters, too long for the first
// line, and cannot be told otherwise.
func encodedSubject(s string) string {
	if printableASCII(s) && !strings.Contains(s, "=?") {
		return s
	}
	var words []string
	var chunk []byte
	flush := func() {
		words = append(words, "=?UTF-8?b?"+base64.StdEncoding.EncodeToString(chunk)+"?=")
		chunk = chunk[:0]
	}
	for _, c := range s {
		if len(chunk)+utf8.RuneLen(c) > subjectWordBytes {
			flush()
		}
		chunk = utf8.AppendRune(chunk, c)
	}
	if len(chunk) > 0 {
		flush()
	}
	return strings.Join(words, " ")
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// TextToHTML renders a mail's text as a small HTML document: paragraphs at blank lines, line breaks kept, a line
// that is a web address as a link, everything else escaped.
func TextToHTML(text, lang string) string {
	var b strings.Builder
	if lang == "" {
		lang = DefaultLanguage
	}
	b.WriteString(`<!doctype html><html lang="` + html.EscapeString(lang) + `"><head><meta charset="utf-8"></head><body>`)
	for _, para := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if strings.TrimSpace(para) == "" {
			continue
		}
		b.WriteString("<p>")
		for i, line := range strings.Split(strings.Trim(para, "\n"), "\n") {
			if i > 0 {
				b.WriteString("<br>")
			}
			b.WriteString(linkify(line))
		}
		b.WriteString("</p>")
	}
	b.WriteString("</body></html>")
	return b.String()
}

// linkify makes a line that is one web address a link. The templates put their links on lines of their own; an
// address inside a sentence can come from data (a product name the shop sent) and stays text, so no mail of the
// retailer's shows a clickable link that someone else chose.
func linkify(line string) string {
	trimmed := strings.TrimSpace(line)
	if loc := linkPattern.FindStringIndex(trimmed); loc != nil && loc[0] == 0 && loc[1] == len(trimmed) {
		link := html.EscapeString(trimmed)
		return `<a href="` + link + `">` + link + `</a>`
	}
	return html.EscapeString(line)
}
