package social

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sync"
	"time"
)

// StateLifetime is how long a started login may take at the provider.
const StateLifetime = 10 * time.Minute

// Errors of the login state.
var (
	ErrStateInvalid = errors.New("social: login state missing, forged or for another login")
	ErrStateExpired = errors.New("social: login state expired")
	ErrStateUsed    = errors.New("social: login state already used")
)

// loginState is what the browser carries, encrypted, from start to callback. The service keeps nothing per
// login except the spent-state list, so any replica can answer the callback.
type loginState struct {
	State        string    `json:"s"`
	CodeVerifier string    `json:"v"`
	Nonce        string    `json:"n"`
	Provider     string    `json:"p"`
	RedirectURL  string    `json:"r"`
	RedirectURI  string    `json:"u"` // the callback URL sent to the provider, repeated at the code exchange
	Base         string    `json:"b"` // public URL of the service when the login started
	LoginMode    string    `json:"m,omitempty"`
	RegToken     string    `json:"t,omitempty"`
	Lang         string    `json:"l,omitempty"` // the app's language, for the mails the login sends
	Expires      time.Time `json:"e"`
}

// sealer encrypts and authenticates login states with AES-256-GCM.
type sealer struct{ aead cipher.AEAD }

// newSealer derives the key from secret; an empty secret means a random key for this process.
func newSealer(secret string) (*sealer, error) {
	var key [32]byte
	if secret == "" {
		if _, err := rand.Read(key[:]); err != nil {
			return nil, err
		}
	} else {
		key = sha256.Sum256([]byte("portal social login state\x00" + secret))
	}
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead}, nil
}

func (s *sealer) seal(st loginState) (string, error) {
	plain, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(s.aead.Seal(nonce, nonce, plain, []byte("state"))), nil
}

func (s *sealer) open(v string) (loginState, error) {
	raw, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return loginState{}, ErrStateInvalid
	}
	plain, err := s.aead.Open(nil, raw[:s.aead.NonceSize()], raw[s.aead.NonceSize():], []byte("state"))
	if err != nil {
		return loginState{}, ErrStateInvalid
	}
	var st loginState
	if err := json.Unmarshal(plain, &st); err != nil {
		return loginState{}, ErrStateInvalid
	}
	return st, nil
}

// spentStates remembers used states until they expire, so a callback cannot be replayed with a copied cookie.
// It is per process; across replicas the provider's single-use code stops a replay at the exchange.
type spentStates struct {
	mu    sync.Mutex
	spent map[string]time.Time
}

// maxSpent bounds the list; states expire after StateLifetime, so this is far above any real login rate.
const maxSpent = 100_000

// spend marks state used; false when it was used before.
func (s *spentStates) spend(state string, expires, now time.Time) bool {
	sum := sha256.Sum256([]byte(state))
	k := hex.EncodeToString(sum[:])
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.spent == nil {
		s.spent = map[string]time.Time{}
	}
	if _, used := s.spent[k]; used {
		return false
	}
	if len(s.spent) >= maxSpent/2 {
		for key, exp := range s.spent {
			if now.After(exp) {
				delete(s.spent, key)
			}
		}
	}
	if len(s.spent) >= maxSpent {
		// Under a flood, refuse rather than forget: a login can be started again.
		return false
	}
	s.spent[k] = expires
	return true
}

func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
