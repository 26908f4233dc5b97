package embedded

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// queueWaiter is a hash of one client waiting in the queue; got is closed when it has its slot.
type queueWaiter struct {
	client string
	got    chan struct{}
	err    chan error
}

// wait queues a hash of client and returns once it waits (or has its slot), so that the test sets the order.
func wait(t *testing.T, q *hashQueue, ctx context.Context, client string) *queueWaiter {
	t.Helper()
	w := &queueWaiter{client: client, got: make(chan struct{}), err: make(chan error, 1)}
	before := q.waitingCount()
	go func() {
		err := q.acquire(ctx, client)
		if err == nil {
			close(w.got)
		}
		w.err <- err
	}()
	require.Eventually(t, func() bool {
		select {
		case <-w.got:
			return true
		default:
			return q.waitingCount() == before+1
		}
	}, 5*time.Second, time.Millisecond)
	return w
}

func (w *queueWaiter) hasSlot() bool {
	select {
	case <-w.got:
		return true
	default:
		return false
	}
}

// served releases one slot of holder and returns which of the waiters got it.
func served(t *testing.T, q *hashQueue, holder string, waiters ...*queueWaiter) *queueWaiter {
	t.Helper()
	q.release(holder)
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		var got []*queueWaiter
		for _, w := range waiters {
			if w.hasSlot() {
				got = append(got, w)
			}
		}
		require.LessOrEqual(t, len(got), 1, "one freed slot, one hash started")
		if len(got) == 1 {
			return got[0]
		}
	}
	require.FailNow(t, "nobody got the freed slot")
	return nil
}

// A client alone uses every slot: the queue is work-conserving, so the shoppers behind one shared address are not
// held to a share while the machine has cores to spare.
func TestHashQueueLetsAClientAloneUseEverySlot(t *testing.T) {
	q := newHashQueue(3)
	for range 3 {
		require.NoError(t, q.acquire(t.Context(), "203.0.113.7"))
	}
	fourth := wait(t, q, t.Context(), "203.0.113.7")
	require.False(t, fourth.hasSlot(), "three slots, three hashes")
	require.Same(t, fourth, served(t, q, "203.0.113.7", fourth))
}

// A freed slot goes to the waiting client holding the fewest, before a flood's earlier hashes; among clients
// holding as many, to the one served longest ago; a client's own hashes in their order.
func TestHashQueueHandsAFreedSlotToTheClientHoldingFewest(t *testing.T) {
	q := newHashQueue(2)
	ctx := t.Context()
	require.NoError(t, q.acquire(ctx, "flood"))
	require.NoError(t, q.acquire(ctx, "flood"))
	flood := []*queueWaiter{wait(t, q, ctx, "flood"), wait(t, q, ctx, "flood"), wait(t, q, ctx, "flood")}
	shopper := wait(t, q, ctx, "shopper")
	neighbour := wait(t, q, ctx, "neighbour")
	all := append([]*queueWaiter{shopper, neighbour}, flood...)

	// The flood holds two; the shopper and the neighbour none: the shopper came first.
	require.Same(t, shopper, served(t, q, "flood", all...))
	require.Same(t, neighbour, served(t, q, "flood", all[1:]...))
	// Each holds one now; the flood was served longest ago, its first waiting hash first.
	require.Same(t, flood[0], served(t, q, "shopper", flood...))
	// The neighbour's slot: the flood holds one, nobody else waits.
	require.Same(t, flood[1], served(t, q, "neighbour", flood[1:]...))
	require.Same(t, flood[2], served(t, q, "flood", flood[2:]...))
	q.release("flood")
	q.release("flood")
	require.Empty(t, q.clients, "clients without hashes are forgotten")
	require.Equal(t, 2, q.free)
}

// Holding fewer slots goes before having been served longer ago: a client holding two waits for one holding one,
// however recently that one's slot came.
func TestHashQueuePutsHoldingFewerBeforeServedLongerAgo(t *testing.T) {
	q := newHashQueue(3)
	ctx := t.Context()
	require.NoError(t, q.acquire(ctx, "a"))
	require.NoError(t, q.acquire(ctx, "a"))
	require.NoError(t, q.acquire(ctx, "b"))
	a := wait(t, q, ctx, "a")
	b := wait(t, q, ctx, "b")
	require.Same(t, b, served(t, q, "b", a, b))
	require.Same(t, a, served(t, q, "b", a))
}

// A hash whose request ends while it waits leaves the queue, and a slot handed to it as it ended goes on to the
// next: no slot is lost either way.
func TestHashQueueLosesNoSlotToAnEndedRequest(t *testing.T) {
	q := newHashQueue(1)
	require.NoError(t, q.acquire(t.Context(), "a"))
	ctx, cancel := context.WithCancel(t.Context())
	gone := wait(t, q, ctx, "b")
	next := wait(t, q, t.Context(), "c")
	cancel()
	require.ErrorIs(t, <-gone.err, context.Canceled)
	require.Same(t, next, served(t, q, "a", next))
	q.release("c")
	require.Empty(t, q.clients)
	require.Equal(t, 1, q.free)

	// The slot and the end at once: the ending hash may take the slot, then gives it back at once.
	require.NoError(t, q.acquire(t.Context(), "a"))
	ctx, cancel = context.WithCancel(t.Context())
	racing := wait(t, q, ctx, "b")
	q.mu.Lock()
	q.releaseLocked("a", q.clients["a"]) // hands the slot to b
	cancel()
	q.mu.Unlock()
	if err := <-racing.err; err != nil {
		require.ErrorIs(t, err, context.Canceled)
	} else {
		q.release("b")
	}
	require.Empty(t, q.clients)
	require.Equal(t, 1, q.free)
}

// A request whose client has gone gets no slot, free or not: it would hash in full for nobody (code review of
// 2026-11-30: a free slot was granted without looking at ctx).
func TestHashQueueGivesAnEndedRequestNoFreeSlot(t *testing.T) {
	q := newHashQueue(1)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	require.ErrorIs(t, q.acquire(ctx, "a"), context.Canceled)
	require.Empty(t, q.clients)
	require.Equal(t, 1, q.free)
}

// The hasher gives its slot back however the hash ends: a panic in the computation (a net/http handler's panic is
// recovered, the process goes on) lost the slot for good, and with every slot lost no login hashed again.
func TestHasherLosesNoSlotToAPanickingHash(t *testing.T) {
	h := NewHasher(Argon2Params{MemoryKiB: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}, 1)
	encoded, err := h.Hash(t.Context(), "a", "Secret-123")
	require.NoError(t, err)
	h.compute = func([]byte, []byte, uint32, uint32, uint8, uint32) []byte { panic("compute") }
	require.Panics(t, func() { _, _ = h.Hash(t.Context(), "a", "Secret-123") })
	require.Equal(t, 1, h.queue.free, "Hash")
	require.Panics(t, func() { _, _, _ = h.Verify(t.Context(), "a", "Secret-123", encoded) })
	require.Equal(t, 1, h.queue.free, "Verify")
	require.Empty(t, h.queue.clients)
}

// An ended request computes no hash.
func TestHasherComputesNothingForAnEndedRequest(t *testing.T) {
	h := NewHasher(Argon2Params{MemoryKiB: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}, 1)
	encoded, err := h.Hash(t.Context(), "a", "Secret-123")
	require.NoError(t, err)
	computed := 0
	h.compute = func([]byte, []byte, uint32, uint32, uint8, uint32) []byte { computed++; return nil }
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err = h.Hash(ctx, "a", "Secret-123")
	require.ErrorIs(t, err, context.Canceled)
	_, _, err = h.Verify(ctx, "a", "Secret-123", encoded)
	require.ErrorIs(t, err, context.Canceled)
	require.Zero(t, computed)
}
