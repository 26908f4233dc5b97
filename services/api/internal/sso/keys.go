package sso

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// keyRing holds the signing keys: the newest key still within its signing period signs; every key still within
// its verification period is published, so tokens signed before a rotation verify until they expire.
type keyRing struct {
	svc *Service
	mu  sync.Mutex
	// parsed caches decoded private keys by id (parsing PEM on every token would cost more than the query).
	parsed map[string]*rsa.PrivateKey
}

// signingKey is one key as op wants it.
type signingKey struct {
	id  string
	key *rsa.PrivateKey
}

func (k signingKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k signingKey) Key() any                                    { return k.key }
func (k signingKey) ID() string                                  { return k.id }

// publicKey is one published key.
type publicKey struct {
	id  string
	key *rsa.PublicKey
}

func (k publicKey) ID() string                         { return k.id }
func (k publicKey) Algorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k publicKey) Use() string                        { return "sig" }
func (k publicKey) Key() any                           { return k.key }

func (r *keyRing) decode(k SigningKey) (*rsa.PrivateKey, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.parsed == nil {
		r.parsed = map[string]*rsa.PrivateKey{}
	}
	if key, ok := r.parsed[k.ID]; ok {
		return key, nil
	}
	block, _ := pem.Decode([]byte(k.PrivateKey))
	if block == nil {
		return nil, fmt.Errorf("sso: signing key %s: not PEM", k.ID)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("sso: signing key %s: %w", k.ID, err)
	}
	key, ok := parsed.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("sso: signing key %s: not RSA", k.ID)
	}
	r.parsed[k.ID] = key
	return key, nil
}

// current returns the key that signs now, creating one when none does (first start, or its period ended).
// Two replicas rotating at once each create one; both are published, so either's tokens verify.
func (r *keyRing) current(ctx context.Context) (signingKey, error) {
	now := r.svc.clock()
	keys, err := r.svc.store.SigningKeys(ctx, now)
	if err != nil {
		return signingKey{}, err
	}
	for _, k := range keys {
		if now.Before(k.SignUntil) && !now.Before(k.CreatedAt.Add(-time.Minute)) {
			key, err := r.decode(k)
			if err != nil {
				return signingKey{}, err
			}
			return signingKey{id: k.ID, key: key}, nil
		}
	}
	return r.rotate(ctx, now)
}

// rotate creates a new signing key.
func (r *keyRing) rotate(ctx context.Context, now time.Time) (signingKey, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return signingKey{}, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return signingKey{}, err
	}
	s := r.svc.settings
	longest := max(s.IDTokenLifetime, s.AccessTokenLifetime)
	k := SigningKey{
		ID: randomToken()[:16], Algorithm: string(jose.RS256), PrivateKey: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		CreatedAt: now, SignUntil: now.Add(s.KeyRotation), VerifyUntil: now.Add(s.KeyRotation + longest),
	}
	if err := r.svc.store.CreateSigningKey(ctx, k); err != nil {
		return signingKey{}, err
	}
	r.svc.log.Info("single sign-on: new signing key")
	return signingKey{id: k.ID, key: key}, nil
}

// published returns every key that still verifies.
func (r *keyRing) published(ctx context.Context) ([]publicKey, error) {
	keys, err := r.svc.store.SigningKeys(ctx, r.svc.clock())
	if err != nil {
		return nil, err
	}
	out := make([]publicKey, 0, len(keys))
	for _, k := range keys {
		key, err := r.decode(k)
		if err != nil {
			return nil, err
		}
		out = append(out, publicKey{id: k.ID, key: &key.PublicKey})
	}
	if len(out) == 0 {
		return nil, errors.New("sso: no signing key yet")
	}
	return out, nil
}
