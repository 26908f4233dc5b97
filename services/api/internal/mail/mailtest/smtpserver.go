// Package mailtest runs a real SMTP server (emersion/go-smtp) for tests: it offers STARTTLS and AUTH PLAIN when
// asked, refuses AUTH before TLS as real relays do, and records exactly what it received, so a test can check
// the envelope, the headers and the parts a relay would see.
package mailtest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one message as the server saw it.
type Received struct {
	From string // the envelope sender (MAIL FROM)
	To   []string
	Data []byte
	// TLS reports whether the session was encrypted (STARTTLS or implicit TLS) when the message came.
	TLS bool
	// UTF8 reports whether MAIL FROM carried SMTPUTF8 (RFC 6531).
	UTF8 bool
	// User is the authenticated user, "" without AUTH.
	User string
}

// Options choose what the server offers.
type Options struct {
	// STARTTLS offers STARTTLS with a certificate for 127.0.0.1 (see Server.ClientTLS).
	STARTTLS bool
	// Implicit serves TLS from the first byte (smtps).
	Implicit bool
	// User and Password enable AUTH PLAIN (only over TLS).
	User, Password string
	// Refuse answers RCPT TO for these recipients with the reply code given: 550 (no such user, for good) or 451
	// (try again later). The reply repeats the recipient's local part, as Postfix's "(user eva)" does.
	Refuse map[string]int
	// SMTPUTF8 offers SMTPUTF8 (RFC 6531). Without it, as a real relay does, the server answers a non-ASCII
	// recipient with 553 5.6.7; with it, it does so when MAIL FROM did not carry SMTPUTF8.
	SMTPUTF8 bool
	// DropInData closes the connection when the message's data begins, as a relay that goes away mid-DATA.
	DropInData bool
}

// Server is a running test SMTP server.
type Server struct {
	Addr string
	// ClientTLS trusts the server's certificate.
	ClientTLS *tls.Config
	mu        sync.Mutex
	o         Options
	received  []Received
	mails     int
	srv       *smtp.Server
}

// Start runs a server on a loopback port until the test ends.
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	s := &Server{o: o}
	be := smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &session{s: s, o: s.options(), c: c}, nil })
	srv := smtp.NewServer(be)
	srv.Domain = "relay.test"
	srv.EnableSMTPUTF8 = o.SMTPUTF8
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.MaxMessageBytes = 1 << 20
	var ln net.Listener
	var err error
	if o.STARTTLS || o.Implicit {
		cert, pool := selfSigned(t)
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		s.ClientTLS = &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
	}
	if o.Implicit {
		ln, err = tls.Listen("tcp", "127.0.0.1:0", srv.TLSConfig)
	} else {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatalf("mailtest: listen: %v", err)
	}
	s.Addr, s.srv = ln.Addr().String(), srv
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

// Update changes what the server answers from the next session on (a relay that accepts a recipient it asked to
// try later). What it offers in EHLO stays as Start set it.
func (s *Server) Update(fn func(o *Options)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn(&s.o)
}

func (s *Server) options() Options {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.o
}

// MailCommands is how many transactions were begun (MAIL FROM accepted or not), delivered or not.
func (s *Server) MailCommands() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mails
}

// Received returns what arrived so far.
func (s *Server) Received() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

type session struct {
	s    *Server
	o    Options
	c    *smtp.Conn
	user string
	cur  Received
}

func (ss *session) encrypted() bool {
	_, ok := ss.c.TLSConnectionState()
	return ok || ss.o.Implicit
}

func (ss *session) AuthMechanisms() []string {
	if ss.o.User == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(mech string) (sasl.Server, error) {
	if ss.o.User == "" || mech != sasl.Plain {
		return nil, smtp.ErrAuthUnsupported
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if !ss.encrypted() {
			return errors.New("AUTH needs TLS")
		}
		if username != ss.o.User || password != ss.o.Password {
			return errors.New("invalid credentials")
		}
		ss.user = username
		return nil
	}), nil
}

func (ss *session) Mail(from string, opts *smtp.MailOptions) error {
	ss.s.mu.Lock()
	ss.s.mails++
	ss.s.mu.Unlock()
	if ss.o.User != "" && ss.user == "" {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Authentication required"}
	}
	ss.cur = Received{From: from, TLS: ss.encrypted(), User: ss.user, UTF8: opts != nil && opts.UTF8}
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if code, ok := ss.o.Refuse[to]; ok {
		local, _, _ := strings.Cut(to, "@")
		return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCode{code / 100, 1, 1}, Message: "Recipient refused (user " + local + ")"}
	}
	if !ss.cur.UTF8 && !ascii(to) {
		return &smtp.SMTPError{Code: 553, EnhancedCode: smtp.EnhancedCode{5, 6, 7}, Message: "Non-ASCII addresses are not permitted"}
	}
	ss.cur.To = append(ss.cur.To, to)
	return nil
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func (ss *session) Data(r io.Reader) error {
	if ss.o.DropInData {
		_ = ss.c.Conn().Close()
		return errors.New("connection dropped")
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.cur.Data = b
	ss.s.mu.Lock()
	ss.s.received = append(ss.s.received, ss.cur)
	ss.s.mu.Unlock()
	return nil
}

func (ss *session) Reset()        { ss.cur = Received{} }
func (ss *session) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1 and the pool that trusts it.
func selfSigned(t testing.TB) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "relay.test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, BasicConstraintsValid: true, IsCA: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}
