package embedded

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
)

// Argon2Params are the argon2id cost parameters; hashes record theirs, so raising them upgrades old hashes at
// the next successful login.
type Argon2Params struct {
	MemoryKiB   uint32
	Iterations  uint32
	Parallelism uint8
	SaltLength  uint32
	KeyLength   uint32
}

// DefaultArgon2Params is the OWASP minimum for argon2id: 19 MiB, 2 iterations, 1 lane.
func DefaultArgon2Params() Argon2Params {
	return Argon2Params{MemoryKiB: 19 * 1024, Iterations: 2, Parallelism: 1, SaltLength: 16, KeyLength: 32}
}

func (p Argon2Params) validate() error {
	if p.MemoryKiB < 8*uint32(p.Parallelism) || p.Iterations < 1 || p.Parallelism < 1 || p.SaltLength < 8 || p.KeyLength < 16 {
		return errors.New("identity: argon2 parameters too weak or invalid")
	}
	return nil
}

// ErrMalformedHash is returned for a stored hash that is not an argon2id PHC string.
var ErrMalformedHash = errors.New("identity: malformed password hash")

// Hasher hashes and verifies passwords with argon2id. A semaphore caps concurrent hashes, because each one holds
// MemoryKiB of memory: a login burst queues instead of exhausting the machine. One client (its address, as
// throttle.ClientNetwork names it) holds at most perClient of the places, hashing or queued for a slot; its further
// hashes wait for the client's own turn, behind nobody else's. Sharing one queue, 24 connections of one address
// sending wrong passwords or registrations made a login from another address wait 1.6 to 3.9 s instead of 0.1 to
// 0.2 s (QA security round of 2026-11-29).
type Hasher struct {
	params    Argon2Params
	sem       chan struct{}
	perClient int
	mu        sync.Mutex
	clients   map[string]*clientTurns
	// compute is argon2.IDKey; a test replaces it to see who hashes when (export_test.go).
	compute func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte
}

// clientTurns are one client's places (slots) and how many of its hashes want one (users), so that the entry
// goes once nobody of the client waits.
type clientTurns struct {
	slots chan struct{}
	users int
}

// MaxHashesPerClient is the most hashes one client holds at once, hashing or queued for a slot: two, so that a
// shopper's login and a registration of the same household pass each other, and never all the slots.
const MaxHashesPerClient = 2

// NewHasher returns a hasher allowing maxConcurrent simultaneous hashes (0: number of CPUs), of which one client
// holds at most MaxHashesPerClient (and at most half when there are fewer than four, one of one).
func NewHasher(p Argon2Params, maxConcurrent int) *Hasher {
	if maxConcurrent <= 0 {
		maxConcurrent = runtime.NumCPU()
	}
	return &Hasher{params: p, sem: make(chan struct{}, maxConcurrent), perClient: max(1, min(MaxHashesPerClient, maxConcurrent/2)),
		clients: map[string]*clientTurns{}, compute: argon2.IDKey}
}

// acquire waits for the client's turn (client "": the service itself, which has none) and then for a slot, or
// until ctx ends; release gives both back.
func (h *Hasher) acquire(ctx context.Context, client string) (release func(), err error) {
	start := time.Now()
	var turns *clientTurns
	if client != "" {
		turns = h.turnsOf(client)
		select {
		case turns.slots <- struct{}{}:
		case <-ctx.Done():
			h.leave(client)
			return nil, ctx.Err()
		}
	}
	select {
	case h.sem <- struct{}{}:
	case <-ctx.Done():
		if turns != nil {
			<-turns.slots
			h.leave(client)
		}
		return nil, ctx.Err()
	}
	metrics.HashQueueWait.Observe(time.Since(start).Seconds())
	return func() {
		<-h.sem
		if turns != nil {
			<-turns.slots
			h.leave(client)
		}
	}, nil
}

func (h *Hasher) turnsOf(client string) *clientTurns {
	h.mu.Lock()
	defer h.mu.Unlock()
	t := h.clients[client]
	if t == nil {
		t = &clientTurns{slots: make(chan struct{}, h.perClient)}
		h.clients[client] = t
	}
	t.users++
	return t
}

func (h *Hasher) leave(client string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if t := h.clients[client]; t != nil {
		if t.users--; t.users == 0 {
			delete(h.clients, client)
		}
	}
}

var b64 = base64.RawStdEncoding

// Hash returns the PHC string $argon2id$v=19$m=…,t=…,p=…$salt$hash of password with a fresh random salt, in
// client's turn (its address's ClientNetwork; "" for the service itself).
func (h *Hasher) Hash(ctx context.Context, client, password string) (string, error) {
	salt := make([]byte, h.params.SaltLength)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	release, err := h.acquire(ctx, client)
	if err != nil {
		return "", err
	}
	key := h.compute([]byte(password), salt, h.params.Iterations, h.params.MemoryKiB, h.params.Parallelism, h.params.KeyLength)
	release()
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, h.params.MemoryKiB, h.params.Iterations,
		h.params.Parallelism, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify reports whether password matches the PHC string, in constant time, and whether the hash should be
// recomputed with the current parameters; it hashes in client's turn, as Hash.
func (h *Hasher) Verify(ctx context.Context, client, password, encoded string) (match, rehash bool, err error) {
	p, salt, key, err := decodeHash(encoded)
	if err != nil {
		return false, false, err
	}
	release, err := h.acquire(ctx, client)
	if err != nil {
		return false, false, err
	}
	got := h.compute([]byte(password), salt, p.Iterations, p.MemoryKiB, p.Parallelism, uint32(len(key)))
	release()
	match = subtle.ConstantTimeCompare(got, key) == 1
	rehash = p.MemoryKiB != h.params.MemoryKiB || p.Iterations != h.params.Iterations ||
		p.Parallelism != h.params.Parallelism || uint32(len(key)) != h.params.KeyLength
	return match, rehash, nil
}

func decodeHash(encoded string) (Argon2Params, []byte, []byte, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return Argon2Params{}, nil, nil, ErrMalformedHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return Argon2Params{}, nil, nil, ErrMalformedHash
	}
	var p Argon2Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Iterations, &p.Parallelism); err != nil {
		return Argon2Params{}, nil, nil, ErrMalformedHash
	}
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return Argon2Params{}, nil, nil, ErrMalformedHash
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) < 16 || p.Iterations < 1 || p.Parallelism < 1 || p.MemoryKiB < 8 || p.MemoryKiB > 4*1024*1024 {
		return Argon2Params{}, nil, nil, ErrMalformedHash
	}
	return p, salt, key, nil
}

// check reports whether password satisfies the policy; the message names the first broken rule. The length
// counts code points and the groups Unicode categories, as the identity contract defines them.
func (pp PasswordPolicy) check(password string, re *regexp.Regexp) (string, bool) {
	if utf8.RuneCountInString(password) < pp.MinLength {
		return fmt.Sprintf("The password must be at least %d characters long.", pp.MinLength), false
	}
	if len(password) > contract.PasswordMaxBytes {
		return "The password is too long.", false
	}
	if contract.CharGroupCount(password) < pp.MinCharGroups {
		return "The password must contain digits, upper and lower case letters and special characters.", false
	}
	if re != nil && !re.MatchString(password) {
		return "The password does not match the password policy.", false
	}
	return "", true
}
