package stores

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Repository is the storage the store directory needs. Every change to the
// stores must raise the generation in the same transaction, so replicas can
// tell cheaply whether their index is stale.
type Repository interface {
	// Generation returns the directory's change counter.
	Generation(ctx context.Context) (int64, error)
	// All returns every store, open and closed.
	All(ctx context.Context) ([]Store, error)
	// Upsert inserts or updates the given stores by id in one transaction and
	// raises the generation when anything changed. The stores are valid.
	Upsert(ctx context.Context, stores []Store) (UpsertResult, error)
}

// UpsertResult counts what an import did.
type UpsertResult struct {
	New       int
	Updated   int
	Unchanged int
}

// DefaultRefreshInterval is how often a replica at most asks the database
// whether the stores changed.
const DefaultRefreshInterval = time.Second

// Service searches and reads the store directory. It is safe for concurrent use.
type Service struct {
	repo         Repository
	refreshEvery time.Duration

	current atomic.Pointer[index]
	// nextCheck is when (unix nanoseconds) the generation is compared next;
	// the request that moves it does the check, all others keep searching.
	nextCheck atomic.Int64
	loadMu    sync.Mutex
}

// Option configures a Service.
type Option func(*Service)

// WithRefreshInterval sets how often the generation is compared; 0 compares
// on every call (tests).
func WithRefreshInterval(d time.Duration) Option {
	return func(s *Service) { s.refreshEvery = d }
}

// NewService returns a Service over repo. The index is built on first use, or
// by Load.
func NewService(repo Repository, opts ...Option) *Service {
	s := &Service{repo: repo, refreshEvery: DefaultRefreshInterval}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Load builds the index now, so the first search does not wait for it.
func (s *Service) Load(ctx context.Context) error {
	_, err := s.reload(ctx)
	return err
}

// Search returns up to MaxResults stores whose name, street, postcode or city
// has a word starting with every word of q; best first, closed stores included.
func (s *Service) Search(ctx context.Context, q Query) ([]Store, error) {
	idx, err := s.index(ctx)
	if err != nil {
		return nil, err
	}
	return idx.lookup(q), nil
}

// SearchRendered is Search for callers that turn the result into something costly to make, such as an encoded
// and compressed HTTP answer: render runs once per query and directory snapshot, later calls get its value
// back. The value must not be changed by its users. Like the results, at most 10,000 are kept per snapshot.
func (s *Service) SearchRendered(ctx context.Context, q Query, render func([]Store) (any, error)) (any, error) {
	idx, err := s.index(ctx)
	if err != nil {
		return nil, err
	}
	return idx.renderedLookup(q, render)
}

// StoreStatus says whether a store exists and is open: the embedded identity provider's question about a newly
// chosen favourite store (embedded.StoreDirectory).
func (s *Service) StoreStatus(ctx context.Context, id string) (exists, open bool, err error) {
	st, err := s.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return false, false, nil
	}
	if err != nil {
		return false, false, err
	}
	return true, st.Open, nil
}

// Get returns the store with the given id, or ErrNotFound.
func (s *Service) Get(ctx context.Context, id string) (Store, error) {
	idx, err := s.index(ctx)
	if err != nil {
		return Store{}, err
	}
	st, ok := idx.get(id)
	if !ok {
		return Store{}, ErrNotFound
	}
	return st, nil
}

// Import validates and upserts stores by id. Nothing is written when any
// store is invalid.
func (s *Service) Import(ctx context.Context, stores []Store) (UpsertResult, error) {
	clean := make([]Store, len(stores))
	seen := make(map[string]int, len(stores))
	for i, st := range stores {
		st = st.Clean()
		if err := st.Validate(); err != nil {
			return UpsertResult{}, fmt.Errorf("store %d (%s): %w", i+1, st.ID, err)
		}
		if j, dup := seen[st.ID]; dup {
			return UpsertResult{}, fmt.Errorf("store %d: %w", i+1, &FieldError{"id", fmt.Sprintf("%q is also store %d", st.ID, j+1)})
		}
		seen[st.ID] = i
		clean[i] = st
	}
	res, err := s.repo.Upsert(ctx, clean)
	if err != nil {
		return UpsertResult{}, fmt.Errorf("stores: import: %w", err)
	}
	// This replica sees its own import on the next call.
	s.nextCheck.Store(0)
	return res, nil
}

// index returns the current index, comparing the generation with the
// database at most once per refresh interval. A failed comparison keeps the
// old index: a short database hiccup must not fail searches.
func (s *Service) index(ctx context.Context) (*index, error) {
	idx := s.current.Load()
	if idx == nil {
		return s.reload(ctx)
	}
	now := time.Now().UnixNano()
	next := s.nextCheck.Load()
	if now < next || !s.nextCheck.CompareAndSwap(next, now+int64(s.refreshEvery)) {
		return idx, nil
	}
	gen, err := s.repo.Generation(ctx)
	if err != nil || gen == idx.generation {
		return idx, nil
	}
	fresh, err := s.reload(ctx)
	if err != nil {
		return idx, nil
	}
	return fresh, nil
}

// reload reads all stores and swaps in a new index. Concurrent callers wait
// for one load instead of each reading the table.
func (s *Service) reload(ctx context.Context) (*index, error) {
	s.loadMu.Lock()
	defer s.loadMu.Unlock()
	// The generation is read before the rows: a change committed in between
	// raises it past the index's, so the next check loads again.
	gen, err := s.repo.Generation(ctx)
	if err != nil {
		return nil, fmt.Errorf("stores: read generation: %w", err)
	}
	if idx := s.current.Load(); idx != nil && idx.generation == gen {
		return idx, nil
	}
	all, err := s.repo.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("stores: load: %w", err)
	}
	idx := newIndex(gen, all)
	s.current.Store(idx)
	s.nextCheck.Store(time.Now().UnixNano() + int64(s.refreshEvery))
	return idx, nil
}
