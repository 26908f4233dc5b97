package mail

import (
	"context"
	"fmt"
	"mime"
	"net"
	netmail "net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// SMTPRelay delivers over SMTP to the relay named by a URL: smtp://[user:password@]host:port. With
// credentials it requires STARTTLS, so a password never crosses the network in clear text.
type SMTPRelay struct {
	addr string
	host string
	auth smtp.Auth
	from string
}

// NewSMTPRelay parses the relay URL; from is the sender address.
func NewSMTPRelay(rawURL, from string) (*SMTPRelay, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "smtp" || u.Hostname() == "" {
		return nil, fmt.Errorf("mail.smtp.url: want smtp://[user:password@]host:port")
	}
	if _, err := netmail.ParseAddress(from); err != nil {
		return nil, fmt.Errorf("mail.from: %w", err)
	}
	port := u.Port()
	if port == "" {
		port = "25"
	}
	r := &SMTPRelay{addr: net.JoinHostPort(u.Hostname(), port), host: u.Hostname(), from: from}
	if u.User != nil {
		password, _ := u.User.Password()
		r.auth = smtp.PlainAuth("", u.User.Username(), password, u.Hostname())
	}
	return r, nil
}

// Deliver sends one message.
func (r *SMTPRelay) Deliver(ctx context.Context, m Message) error {
	dialer := net.Dialer{Timeout: 10 * time.Second}
	conn, err := dialer.DialContext(ctx, "tcp", r.addr)
	if err != nil {
		return fmt.Errorf("smtp: dial: %w", err)
	}
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	} else {
		_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	}
	client, err := smtp.NewClient(conn, r.host)
	if err != nil {
		_ = conn.Close()
		return fmt.Errorf("smtp: hello: %w", err)
	}
	defer func() { _ = client.Close() }()
	if r.auth != nil {
		if err := client.Auth(r.auth); err != nil {
			return fmt.Errorf("smtp: auth: %w", err)
		}
	}
	if err := client.Mail(r.from); err != nil {
		return fmt.Errorf("smtp: sender: %w", err)
	}
	if err := client.Rcpt(m.To); err != nil {
		return fmt.Errorf("smtp: recipient refused: %w", err)
	}
	w, err := client.Data()
	if err != nil {
		return fmt.Errorf("smtp: data: %w", err)
	}
	if _, err := w.Write(compose(r.from, m)); err != nil {
		return fmt.Errorf("smtp: write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp: send: %w", err)
	}
	return client.Quit()
}

// compose builds an RFC 5322 message with a UTF-8 plain-text body.
func compose(from string, m Message) []byte {
	var b strings.Builder
	b.WriteString("From: " + from + "\r\n")
	b.WriteString("To: " + m.To + "\r\n")
	b.WriteString("Subject: " + mime.QEncoding.Encode("utf-8", m.Subject) + "\r\n")
	b.WriteString("Date: " + time.Now().UTC().Format(time.RFC1123Z) + "\r\n")
	b.WriteString("MIME-Version: 1.0\r\n")
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
	b.WriteString("Content-Transfer-Encoding: 8bit\r\n")
	if m.Language != "" {
		b.WriteString("Content-Language: " + m.Language + "\r\n")
	}
	b.WriteString("\r\n")
	b.WriteString(strings.ReplaceAll(strings.ReplaceAll(m.Text, "\r\n", "\n"), "\n", "\r\n"))
	return []byte(b.String())
}
