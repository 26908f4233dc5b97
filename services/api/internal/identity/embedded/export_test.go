package embedded

import "context"

// StartSession opens a session for the account as a login found it (completeLogin's step), so a test can open one
// for credentials that changed after the login checked them.
func (p *Provider) StartSession(ctx context.Context, a Account) (*NewSession, error) {
	return p.startSession(ctx, a, "")
}

// SetHashCompute replaces the provider's argon2id computation, so that a test sees whose hash runs when (and holds
// it as long as it likes).
func (p *Provider) SetHashCompute(compute func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte) {
	p.hasher.compute = compute
}

// HashesWaiting is how many hashes wait for a slot, so that a test sets who queues before whom.
func (p *Provider) HashesWaiting() int { return p.hasher.queue.waitingCount() }
