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
	// (try again later).
	Refuse map[string]int
}

// Server is a running test SMTP server.
type Server struct {
	Addr string
	// ClientTLS trusts the server's certificate.
	ClientTLS *tls.Config
	mu        sync.Mutex
	received  []Received
	srv       *smtp.Server
}

// Start runs a server on a loopback port until the test ends.
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	s := &Server{}
	be := smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &session{s: s, o: o, c: c}, nil })
	srv := smtp.NewServer(be)
	srv.Domain = "relay.test"
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

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.o.User != "" && ss.user == "" {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Authentication required"}
	}
	ss.cur = Received{From: from, TLS: ss.encrypted(), User: ss.user}
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if code, ok := ss.o.Refuse[to]; ok {
		return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCode{code / 100, 1, 1}, Message: "Recipient refused"}
	}
	ss.cur.To = append(ss.cur.To, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
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
