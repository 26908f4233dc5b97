package mail_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/mail/mailtest"
)

var resetMail = mail.Message{To: "eva@example.com", Kind: "password-reset", Language: "de", Subject: "Grüße & Passwort",
	Text: "Hallo Eva,\n\nbitte folgen Sie <diesem> Link:\nhttps://portal.example/login/reset-password?pwrt=abc123\n\nIhr Team (Produkt: Kaffee https://evil.example/x)"}

// parts reads a delivered message: its headers and the bodies of its text and HTML parts.
func parts(t *testing.T, raw []byte) (*netmail.Message, string, string) {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	require.NoError(t, err)
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	require.NoError(t, err)
	require.Equal(t, "multipart/alternative", mediaType, "a text part and an HTML alternative")
	var text, html string
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		body, err := io.ReadAll(p) // multipart decodes quoted-printable
		require.NoError(t, err)
		switch ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type")); ct {
		case "text/plain":
			text = string(body)
		case "text/html":
			html = string(body)
		}
	}
	return msg, text, html
}

func TestSMTPRelayAgainstARealServer(t *testing.T) {
	for _, tc := range []struct {
		name     string
		opts     mailtest.Options
		url      func(addr string) string
		wantUser string
	}{
		{"STARTTLS with credentials", mailtest.Options{STARTTLS: true, User: "portal", Password: "s3cret"},
			func(a string) string { return "smtp://portal:s3cret@" + a }, "portal"},
		{"implicit TLS (smtps)", mailtest.Options{Implicit: true, User: "portal", Password: "s3cret"},
			func(a string) string { return "smtps://portal:s3cret@" + a }, "portal"},
		{"STARTTLS offered, no credentials", mailtest.Options{STARTTLS: true},
			func(a string) string { return "smtp://" + a }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mailtest.Start(t, tc.opts)
			relay, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: tc.url(srv.Addr), From: "Kundenkonto <noreply@portal.example>", TLS: srv.ClientTLS})
			require.NoError(t, err)
			require.NoError(t, relay.Deliver(context.Background(), resetMail))

			got := srv.Received()
			require.Len(t, got, 1)
			r := got[0]
			require.Equal(t, "noreply@portal.example", r.From, "the envelope sender is the bare address")
			require.Equal(t, []string{"eva@example.com"}, r.To)
			require.True(t, r.TLS, "the message travelled encrypted")
			require.Equal(t, tc.wantUser, r.User)

			msg, text, html := parts(t, r.Data)
			from, err := msg.Header.AddressList("From")
			require.NoError(t, err)
			require.Equal(t, []*netmail.Address{{Name: "Kundenkonto", Address: "noreply@portal.example"}}, from)
			require.Regexp(t, `^<[0-9a-f]{32}@portal\.example>$`, msg.Header.Get("Message-Id"))
			date, err := msg.Header.Date()
			require.NoError(t, err)
			require.WithinDuration(t, time.Now(), date, time.Minute)
			subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
			require.NoError(t, err)
			require.Equal(t, "Grüße & Passwort", subject)
			require.Equal(t, resetMail.Text, strings.ReplaceAll(text, "\r\n", "\n"))
			require.Contains(t, html, `<a href="https://portal.example/login/reset-password?pwrt=abc123">`)
			require.Contains(t, html, "&lt;diesem&gt;", "the text is escaped in the HTML part")
			require.NotContains(t, html, `href="https://evil.example`, "an address inside a sentence (data such as a product name) is no link")
		})
	}
}

func TestSMTPRelayRequiresTLSForCredentials(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{User: "portal", Password: "s3cret"}) // no STARTTLS on offer
	relay, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://portal:s3cret@" + srv.Addr, From: "noreply@portal.example"})
	require.NoError(t, err)
	require.Error(t, relay.Deliver(context.Background(), resetMail), "no password over a clear-text connection")
	require.Empty(t, srv.Received())
}

// A relay that offers no STARTTLS got production's mails in clear text when no credentials were set (QA operator
// round): with RequireTLS (mail.smtp.tls: required, production's default) the session ends before anything is sent;
// without it (opportunistic) the mail goes out as before.
func TestSMTPRelayRequiresTLSWhenAsked(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{}) // no STARTTLS on offer
	required, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://" + srv.Addr, From: "noreply@portal.example", RequireTLS: true})
	require.NoError(t, err)
	err = required.Deliver(context.Background(), resetMail)
	require.ErrorContains(t, err, "STARTTLS", "the error says why")
	require.Empty(t, srv.Received(), "nothing in clear text")

	opportunistic, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://" + srv.Addr, From: "noreply@portal.example"})
	require.NoError(t, err)
	require.NoError(t, opportunistic.Deliver(context.Background(), resetMail))
	require.Len(t, srv.Received(), 1)
	require.False(t, srv.Received()[0].TLS)
}

func TestSMTPRelayRejectsBadSettings(t *testing.T) {
	_, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "http://host:25", From: "a@example.com"})
	require.ErrorContains(t, err, "mail.smtp.url")
	_, err = mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://host:25", From: "not an address"})
	require.ErrorContains(t, err, "mail.from")
}

// TestOutboxThroughRelay: delivered mails lose their links in the outbox, mails left 'sending' by a crash are
// delivered later, and old mails are pruned.
func TestOutboxThroughRelay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		srv := mailtest.Start(t, mailtest.Options{STARTTLS: true})
		relay, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://" + srv.Addr, From: "noreply@portal.example", TLS: srv.ClientTLS})
		require.NoError(t, err)
		outbox := mail.NewOutbox(db, relay)
		require.NoError(t, outbox.Send(ctx, resetMail))
		backlog, err := outbox.Backlog(ctx)
		require.NoError(t, err)
		require.Equal(t, 1, backlog)

		sent, err := outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Equal(t, 1, sent)
		require.Contains(t, string(srv.Received()[0].Data), "pwrt=3Dabc123", "the relay got the link")
		stored, err := outbox.Latest(ctx, "eva@example.com", 1)
		require.NoError(t, err)
		require.Equal(t, mail.StatusSent, stored[0].Status)
		require.NotContains(t, stored[0].Text, "abc123", "the outbox forgets the link once delivered")
		require.Contains(t, stored[0].Text, mail.RedactedLink)
		require.Empty(t, stored[0].Links)

		// A crash between claiming and delivering leaves the mail 'sending'; after the claim timeout it goes out.
		require.NoError(t, outbox.Send(ctx, mail.Message{To: "max@example.com", Subject: "s", Text: "t"}))
		_, err = db.ExecContext(ctx, db.Rebind(`UPDATE mail_outbox SET status = 'sending', claimed_at = ? WHERE recipient = ?`),
			claimTime(db, time.Now().Add(-mail.ClaimTimeout-time.Minute)), "max@example.com")
		require.NoError(t, err)
		sent, err = outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Equal(t, 1, sent, "the mail a crash left behind is delivered")
		require.Len(t, srv.Received(), 2)

		removed, err := outbox.Prune(ctx, time.Now().Add(time.Minute))
		require.NoError(t, err)
		require.EqualValues(t, 2, removed)
		left, err := outbox.Latest(ctx, "eva@example.com", 10)
		require.NoError(t, err)
		require.Empty(t, left)
	})
}

func claimTime(db *database.DB, t time.Time) any {
	if db.Dialect == database.Postgres {
		return t.UTC()
	}
	return t.UTC().Format("2006-01-02T15:04:05.000000000Z07:00")
}

// A recipient the relay refuses for good (550) fails at once: trying again would be refused again (RFC 5321
// 4.2.1). One it asks to try later (451) waits and retries.
func TestOutboxGivesUpOnARefusalForGood(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		srv := mailtest.Start(t, mailtest.Options{Refuse: map[string]int{"gone@example.com": 550, "busy@example.com": 451}})
		relay, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://" + srv.Addr, From: "noreply@portal.example"})
		require.NoError(t, err)
		logs, observed := observer.New(zap.WarnLevel)
		outbox := mail.NewOutbox(db, relay).WithLogger(zap.New(logs))
		for _, to := range []string{"gone@example.com", "busy@example.com"} {
			require.NoError(t, outbox.Send(ctx, mail.Message{To: to, Subject: "s", Text: "t"}))
		}
		sent, err := outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Zero(t, sent)
		for to, want := range map[string]string{"gone@example.com": mail.StatusRefused, "busy@example.com": mail.StatusPending} {
			stored, err := outbox.Latest(ctx, to, 1)
			require.NoError(t, err)
			require.Equal(t, want, stored[0].Status, to)
		}
		// The log names the message by its Message-ID, which the relay's own log names too, and no recipient (QA
		// operations round: the Message-ID was hidden as "<[address]>" like the addresses).
		require.Equal(t, 2, observed.Len())
		for _, entry := range observed.All() {
			logged := entry.ContextMap()["error"].(string)
			require.Regexp(t, `affected message ID: <[0-9a-f]{32}@portal\.example>$`, logged)
			require.NotContains(t, logged, "@example.com")
		}
	})
}

// A non-ASCII local part (jörg@example.com, which registration accepts) needs SMTPUTF8 (RFC 6531): the relay that
// offers it gets MAIL FROM … SMTPUTF8; one that does not cannot take the mail, which then fails at once with a
// reason in the log instead of a RCPT TO and a To: header the relay must refuse (QA operator round: a 553, and the
// shopper never got the verification).
func TestNonASCIIRecipients(t *testing.T) {
	jorg := mail.Message{To: "jörg@example.com", Kind: "verification", Language: "de", Subject: "Bitte bestätigen", Text: "t"}
	t.Run("the relay offers SMTPUTF8", func(t *testing.T) {
		srv := mailtest.Start(t, mailtest.Options{SMTPUTF8: true})
		relay, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://" + srv.Addr, From: "noreply@portal.example"})
		require.NoError(t, err)
		require.NoError(t, relay.Deliver(context.Background(), jorg))
		got := srv.Received()
		require.Len(t, got, 1)
		require.True(t, got[0].UTF8, "MAIL FROM carries SMTPUTF8")
		require.Equal(t, []string{"jörg@example.com"}, got[0].To)
		msg, err := netmail.ReadMessage(bytes.NewReader(got[0].Data))
		require.NoError(t, err)
		to, err := msg.Header.AddressList("To")
		require.NoError(t, err)
		require.Equal(t, "jörg@example.com", to[0].Address, "a UTF-8 header (RFC 6532) within an SMTPUTF8 transaction")
	})
	t.Run("the relay does not offer it", func(t *testing.T) {
		dbtest.Each(t, func(t *testing.T, db *database.DB) {
			ctx := context.Background()
			srv := mailtest.Start(t, mailtest.Options{})
			relay, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://" + srv.Addr, From: "noreply@portal.example"})
			require.NoError(t, err)
			logs, observed := observer.New(zap.WarnLevel)
			outbox := mail.NewOutbox(db, relay).WithLogger(zap.New(logs))
			require.NoError(t, outbox.Send(ctx, jorg))
			sent, err := outbox.DeliverPending(ctx, 10)
			require.NoError(t, err)
			require.Zero(t, sent)
			require.Zero(t, srv.MailCommands(), "no transaction the relay would have to refuse")
			stored, err := outbox.Latest(ctx, jorg.To, 1)
			require.NoError(t, err)
			require.Equal(t, mail.StatusFailed, stored[0].Status, "failed at once: every attempt would fail alike")
			require.Equal(t, 1, observed.Len())
			entry := observed.All()[0]
			require.Equal(t, zapcore.ErrorLevel, entry.Level)
			require.Contains(t, entry.Message, "SMTPUTF8")
			require.NotContains(t, fmt.Sprint(observed.All()), "jörg", "no address in the log")
		})
	})
}

// Each mail keeps one Message-ID over all its attempts, logged as a field of its own and left whole in the relay's
// answer, so the Message-ID of a 451 in the log is the one the relay later delivers (QA operator round: each attempt
// had a new one, and a relay gone mid-DATA was logged as "affected message ID: <[address]>").
func TestOneMessageIDPerMail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		srv := mailtest.Start(t, mailtest.Options{Refuse: map[string]int{"busy@example.com": 451}})
		relay, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://" + srv.Addr, From: "noreply@portal.example"})
		require.NoError(t, err)
		now := time.Now()
		logs, observed := observer.New(zap.WarnLevel)
		outbox := mail.NewOutbox(db, relay).WithLogger(zap.New(logs)).WithClock(func() time.Time { return now })
		require.NoError(t, outbox.Send(ctx, mail.Message{To: "busy@example.com", Kind: "verification", Subject: "s", Text: "t"}))

		_, err = outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Equal(t, 1, observed.Len())
		id, _ := observed.All()[0].ContextMap()["message_id"].(string)
		require.Regexp(t, `^<[0-9a-f]{32}@portal\.example>$`, id)
		require.Contains(t, observed.All()[0].ContextMap()["error"], id)

		// The relay goes away in the middle of the next attempt's DATA.
		srv.Update(func(o *mailtest.Options) { o.Refuse, o.DropInData = nil, true })
		now = now.Add(mail.RetryDelay(1))
		_, err = outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Equal(t, 2, observed.Len())
		dropped := observed.All()[1].ContextMap()
		require.Equal(t, id, dropped["message_id"])
		require.Contains(t, dropped["error"], "affected message ID: "+id)
		require.NotContains(t, dropped["error"], "busy", "no address: %s", dropped["error"])

		srv.Update(func(o *mailtest.Options) { o.DropInData = false })
		now = now.Add(mail.RetryDelay(2))
		sent, err := outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Equal(t, 1, sent)
		msg, err := netmail.ReadMessage(bytes.NewReader(srv.Received()[0].Data))
		require.NoError(t, err)
		require.Equal(t, id, msg.Header.Get("Message-Id"), "the mail delivered is the one the log named")
	})
}

// The relay's answer is logged without the recipient, also where it repeats only the local part, as Postfix's
// "(user erika.op6)" (QA operator round).
func TestRelayAnswersAreLoggedWithoutTheRecipient(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		srv := mailtest.Start(t, mailtest.Options{Refuse: map[string]int{"erika.op6@example.com": 550}})
		relay, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://" + srv.Addr, From: "noreply@portal.example"})
		require.NoError(t, err)
		logs, observed := observer.New(zap.WarnLevel)
		outbox := mail.NewOutbox(db, relay).WithLogger(zap.New(logs))
		require.NoError(t, outbox.Send(ctx, mail.Message{To: "Erika.Op6@example.com", Kind: "verification", Subject: "s", Text: "t"}))
		_, err = outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Equal(t, 1, observed.Len())
		logged := observed.All()[0].ContextMap()["error"].(string)
		require.Contains(t, logged, "Recipient refused (user [address])")
		require.NotContains(t, strings.ToLower(fmt.Sprint(observed.All())), "erika")
	})
}

// The headers of an automatic mail: Auto-Submitted (RFC 3834) so that no auto-responder answers it, no software
// name, and a subject every reader decodes to exactly the text: a long encoded one was folded right after
// "Subject:", and Python's email read it with a leading space (QA operator round, the French newsletter's).
func TestMailHeaders(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	relay, err := mail.NewSMTPRelay(mail.SMTPSettings{URL: "smtp://" + srv.Addr, From: "noreply@portal.example"})
	require.NoError(t, err)
	subjects := []string{
		"Veuillez confirmer votre inscription à la newsletter",
		"Nouvelle clé d’accès pour votre compte client",
		"Potwierdź zapis do newslettera i przypomnienia o produkcie w Twoim sklepie – ważne: 30 dni",
		"Please confirm your e-mail address",
		"A subject of plain words that is long enough to be folded somewhere along the way, twice over",
		"Looks =?UTF-8?q?encoded?= but is not",
		"Grüße\tmit Tab",
	}
	for _, subject := range subjects {
		require.NoError(t, relay.Deliver(context.Background(), mail.Message{To: "eva@example.com", Subject: subject, Text: "t"}))
	}
	got := srv.Received()
	require.Len(t, got, len(subjects))
	for i, subject := range subjects {
		raw := got[i].Data
		header, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
		for _, line := range strings.Split(string(header), "\r\n") {
			require.LessOrEqual(t, len(line), 76, "%q", line)
		}
		require.Regexp(t, `(?m)^Subject: \S`, string(header), "the value begins on the Subject line")
		msg, err := netmail.ReadMessage(bytes.NewReader(raw))
		require.NoError(t, err)
		decoded, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
		require.NoError(t, err)
		require.Equal(t, subject, decoded)
		require.Equal(t, "auto-generated", msg.Header.Get("Auto-Submitted"))
		require.Empty(t, msg.Header.Get("User-Agent"))
		require.Empty(t, msg.Header.Get("X-Mailer"))
	}

	// Python's email package (policy=default), the reader QA found the leading space with, where it is installed.
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Log("python3 not found; the subjects were checked with Go's decoder only")
		return
	}
	dir := t.TempDir()
	var files []string
	for i, r := range got {
		name := filepath.Join(dir, fmt.Sprintf("%d.eml", i))
		require.NoError(t, os.WriteFile(name, r.Data, 0o600))
		files = append(files, name)
	}
	out, err := exec.Command(python, append([]string{"-c", `import email, email.policy, json, sys
print(json.dumps([str(email.message_from_binary_file(open(f, "rb"), policy=email.policy.default)["subject"]) for f in sys.argv[1:]]))`}, files...)...).Output()
	require.NoError(t, err)
	var parsed []string
	require.NoError(t, json.Unmarshal(out, &parsed))
	require.Equal(t, subjects, parsed)
}
