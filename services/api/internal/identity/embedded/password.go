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

// Hasher hashes and verifies passwords with argon2id. At most maxConcurrent hashes run at once, because each one
// holds MemoryKiB of memory: a login burst queues instead of exhausting the machine. Who hashes next is the
// hashQueue's fair share between clients (their addresses, as throttle.ClientNetwork names them).
type Hasher struct {
	params Argon2Params
	queue  *hashQueue
	// compute is argon2.IDKey; a test replaces it to see who hashes when (export_test.go).
	compute func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte
}

// NewHasher returns a hasher allowing maxConcurrent simultaneous hashes (0: number of CPUs).
func NewHasher(p Argon2Params, maxConcurrent int) *Hasher {
	if maxConcurrent <= 0 {
		maxConcurrent = runtime.NumCPU()
	}
	return &Hasher{params: p, queue: newHashQueue(maxConcurrent), compute: argon2.IDKey}
}

// computeInTurn runs h.compute in a hashing slot of client's share, once one is free, or answers ctx's error. The
// slot goes back however compute ends: released after it without defer, a panic there (recovered by net/http, the
// process going on) lost the slot for good (code review of 2026-11-30).
func (h *Hasher) computeInTurn(ctx context.Context, client string, password, salt []byte, p Argon2Params, keyLen uint32) ([]byte, error) {
	start := time.Now()
	if err := h.queue.acquire(ctx, client); err != nil {
		return nil, err
	}
	defer h.queue.release(client)
	metrics.HashQueueWait.Observe(time.Since(start).Seconds())
	return h.compute(password, salt, p.Iterations, p.MemoryKiB, p.Parallelism, keyLen), nil
}

var b64 = base64.RawStdEncoding

// Hash returns the PHC string $argon2id$v=19$m=…,t=…,p=…$salt$hash of password with a fresh random salt, in
// client's turn (its address's ClientNetwork; "" for the service itself).
func (h *Hasher) Hash(ctx context.Context, client, password string) (string, error) {
	salt := make([]byte, h.params.SaltLength)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key, err := h.computeInTurn(ctx, client, []byte(password), salt, h.params, h.params.KeyLength)
	if err != nil {
		return "", err
	}
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
	got, err := h.computeInTurn(ctx, client, []byte(password), salt, p, uint32(len(key)))
	if err != nil {
		return false, false, err
	}
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

// PasswordTooLongMessage is the validation message of a password longer than the contract's maxBytes; the
// envelope then carries contract.DetailsPasswordTooLong.
const PasswordTooLongMessage = "The password is too long."

// PasswordNULMessage is the validation message of a new password that holds a NUL (U+0000), which the identity
// contract's passwordPolicy refuses after its other rules.
const PasswordNULMessage = "The password cannot contain a NUL character (U+0000)."

// check reports whether password satisfies the policy; the message names the first broken rule. The length
// counts code points and the groups Unicode categories, as the identity contract defines them.
func (pp PasswordPolicy) check(password string, re *regexp.Regexp) (string, bool) {
	if utf8.RuneCountInString(password) < pp.MinLength {
		return fmt.Sprintf("The password must be at least %d characters long.", pp.MinLength), false
	}
	if len(password) > contract.PasswordMaxBytes {
		return PasswordTooLongMessage, false
	}
	if contract.CharGroupCount(password) < pp.MinCharGroups {
		return "The password must contain digits, upper and lower case letters and special characters.", false
	}
	if re != nil && !re.MatchString(password) {
		return "The password does not match the password policy.", false
	}
	if strings.IndexByte(password, 0) >= 0 {
		return PasswordNULMessage, false
	}
	return "", true
}
