package embedded

import (
	"context"
	"sync"
)

// hashQueue shares the hashing slots between clients fairly and leaves none idle. While a slot is free, a hash takes
// it at once, so a client alone uses every slot: a developer's machine, or every shopper behind one proxy address or
// one carrier-grade NAT. Once hashes wait, a freed slot goes to the waiting client that holds the fewest slots, and
// among those to one not yet served before one served, and to the one served longest ago before the others; a
// client's own hashes go in the order they came. A flood from one
// client, however many connections it opens, leaves another client's login the wait for one hash to end.
//
// Until 2026-11-30 each client held at most two slots (one below four CPUs), hashing or queued, even with the other
// slots idle: the shoppers of a mobile network's shared address took turns at one or two hashes.
type hashQueue struct {
	mu      sync.Mutex
	free    int
	tick    uint64 // orders clients by when they came and when they last got a slot
	clients map[string]*hashClient
}

// hashClient is one client with a hash running or waiting; the queue forgets it when it has neither.
type hashClient struct {
	running int
	waiting []chan struct{} // in arrival order; closed when that hash gets its slot
	came    uint64
	served  uint64 // the tick of its last slot; 0 before its first
}

func newHashQueue(slots int) *hashQueue {
	return &hashQueue{free: slots, clients: map[string]*hashClient{}}
}

// acquire waits for a slot in client's share, or until ctx ends.
func (q *hashQueue) acquire(ctx context.Context, client string) error {
	// A request whose client has gone gets no slot, not even a free one: the hash would run in full for nobody and
	// hold a slot from a client still there (code review of 2026-11-30).
	if err := ctx.Err(); err != nil {
		return err
	}
	q.mu.Lock()
	c := q.clients[client]
	if c == nil {
		q.tick++
		c = &hashClient{came: q.tick}
		q.clients[client] = c
	}
	// Hashes wait only while every slot is taken (release hands a freed slot on at once).
	if q.free > 0 {
		q.grant(c)
		q.mu.Unlock()
		return nil
	}
	ready := make(chan struct{})
	c.waiting = append(c.waiting, ready)
	q.mu.Unlock()

	select {
	case <-ready:
		return nil
	case <-ctx.Done():
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	select {
	case <-ready: // the slot came with the end: hand it on
		q.releaseLocked(client, c)
	default:
		for i, w := range c.waiting {
			if w == ready {
				c.waiting = append(c.waiting[:i], c.waiting[i+1:]...)
				break
			}
		}
		q.forgetIfIdle(client, c)
	}
	return ctx.Err()
}

// release gives back a slot client acquired.
func (q *hashQueue) release(client string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.releaseLocked(client, q.clients[client])
}

func (q *hashQueue) releaseLocked(client string, c *hashClient) {
	c.running--
	q.free++
	q.forgetIfIdle(client, c)
	for q.free > 0 {
		next := q.nextWaiting()
		if next == nil {
			return
		}
		ready := next.waiting[0]
		next.waiting = next.waiting[1:]
		q.grant(next)
		close(ready)
	}
}

// nextWaiting is the client whose hash gets the next slot (hashQueue tells which). A linear
// scan: the queue holds only clients with a hash running or waiting, and each pick precedes a hash of tens of
// milliseconds.
func (q *hashQueue) nextWaiting() *hashClient {
	var best *hashClient
	for _, c := range q.clients {
		if len(c.waiting) == 0 {
			continue
		}
		if best == nil || before(c, best) {
			best = c
		}
	}
	return best
}

func before(c, other *hashClient) bool {
	if c.running != other.running {
		return c.running < other.running
	}
	if c.served != other.served {
		return c.served < other.served
	}
	return c.came < other.came
}

func (q *hashQueue) grant(c *hashClient) {
	q.free--
	q.tick++
	c.running++
	c.served = q.tick
}

func (q *hashQueue) forgetIfIdle(client string, c *hashClient) {
	if c.running == 0 && len(c.waiting) == 0 {
		delete(q.clients, client)
	}
}

// waitingCount is how many hashes wait for a slot.
func (q *hashQueue) waitingCount() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := 0
	for _, c := range q.clients {
		n += len(c.waiting)
	}
	return n
}
