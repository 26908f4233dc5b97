// Package storetest holds the contract every stores.Repository must meet, as
// one suite run against each implementation, and Memory, an in-memory
// repository for tests of packages built on the store directory.
package storetest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/stores"
)

// Memory is an in-memory stores.Repository for tests. It passes Suite.
type Memory struct {
	mu         sync.Mutex
	byID       map[string]stores.Store
	generation int64
	// Err, when set, is returned by every method: a database that is down.
	Err error
}

var _ stores.Repository = (*Memory)(nil)

// NewMemory returns an empty Memory.
func NewMemory() *Memory {
	return &Memory{byID: map[string]stores.Store{}}
}

// Generation implements stores.Repository.
func (m *Memory) Generation(context.Context) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.generation, m.Err
}

// All implements stores.Repository.
func (m *Memory) All(context.Context) ([]stores.Store, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Err != nil {
		return nil, m.Err
	}
	out := make([]stores.Store, 0, len(m.byID))
	for _, s := range m.byID {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b stores.Store) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

// Upsert implements stores.Repository.
func (m *Memory) Upsert(_ context.Context, list []stores.Store) (stores.UpsertResult, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var res stores.UpsertResult
	if m.Err != nil {
		return res, m.Err
	}
	for _, s := range list {
		old, ok := m.byID[s.ID]
		switch {
		case !ok:
			res.New++
		case old != s:
			res.Updated++
		default:
			res.Unchanged++
			continue
		}
		m.byID[s.ID] = s
	}
	if res.New+res.Updated > 0 {
		m.generation++
	}
	return res, nil
}

// Suite checks that the repositories made by newRepo meet the contract of
// stores.Repository; each call of newRepo must return an empty directory.
func Suite(t *testing.T, newRepo func(t *testing.T) stores.Repository) {
	ctx := context.Background()
	hamburg := stores.Store{ID: "DE-20095-01", Name: "Hamburg", Street: "Mönckebergstraße 7", Postcode: "20095", City: "Hamburg", Country: "DE", Open: true}
	lodz := stores.Store{ID: "PL-90368-01", Name: "Łódź", Street: "ulica Piotrkowska 200", Postcode: "90-368", City: "Łódź", Country: "PL", Open: false}

	t.Run("empty directory", func(t *testing.T) {
		repo := newRepo(t)
		all, err := repo.All(ctx)
		require.NoError(t, err)
		require.Empty(t, all)
		_, err = repo.Generation(ctx)
		require.NoError(t, err)
	})

	t.Run("upsert inserts, keeps, updates and raises the generation only on change", func(t *testing.T) {
		repo := newRepo(t)
		g0, err := repo.Generation(ctx)
		require.NoError(t, err)

		res, err := repo.Upsert(ctx, []stores.Store{lodz, hamburg})
		require.NoError(t, err)
		require.Equal(t, stores.UpsertResult{New: 2}, res)
		g1, err := repo.Generation(ctx)
		require.NoError(t, err)
		require.Greater(t, g1, g0)
		all, err := repo.All(ctx)
		require.NoError(t, err)
		require.Equal(t, []stores.Store{hamburg, lodz}, all, "all fields round-trip, ordered by id")

		res, err = repo.Upsert(ctx, []stores.Store{hamburg, lodz})
		require.NoError(t, err)
		require.Equal(t, stores.UpsertResult{Unchanged: 2}, res)
		g2, err := repo.Generation(ctx)
		require.NoError(t, err)
		require.Equal(t, g1, g2, "an import that changes nothing keeps the generation")

		closed := hamburg
		closed.Open = false
		closed.Street = "Mönckebergstraße 9"
		altona := stores.Store{ID: "DE-22767-01", Name: "Hamburg-Altona", Street: "Große Bergstraße 1", Postcode: "22767", City: "Hamburg", Country: "DE", Open: true}
		res, err = repo.Upsert(ctx, []stores.Store{closed, altona, lodz})
		require.NoError(t, err)
		require.Equal(t, stores.UpsertResult{New: 1, Updated: 1, Unchanged: 1}, res)
		g3, err := repo.Generation(ctx)
		require.NoError(t, err)
		require.Greater(t, g3, g2)
		all, err = repo.All(ctx)
		require.NoError(t, err)
		require.Equal(t, []stores.Store{closed, altona, lodz}, all)
	})

	t.Run("large import in one call", func(t *testing.T) {
		repo := newRepo(t)
		var list []stores.Store
		for i := range 1234 {
			list = append(list, stores.Store{
				ID: fmt.Sprintf("DE-%05d-01", 10000+i), Name: "Berlin", Street: fmt.Sprintf("Hauptstraße %d", i+1),
				Postcode: fmt.Sprintf("%05d", 10000+i), City: "Berlin", Country: "DE", Open: i%20 != 0,
			})
		}
		res, err := repo.Upsert(ctx, list)
		require.NoError(t, err)
		require.Equal(t, stores.UpsertResult{New: len(list)}, res)
		all, err := repo.All(ctx)
		require.NoError(t, err)
		require.Equal(t, list, all)
	})

	t.Run("service on top sees imports of another replica", func(t *testing.T) {
		repo := newRepo(t)
		writer := stores.NewService(repo)
		reader := stores.NewService(repo, stores.WithRefreshInterval(0))
		q, err := stores.ParseQuery("hamburg")
		require.NoError(t, err)

		found, err := reader.Search(ctx, q)
		require.NoError(t, err)
		require.Empty(t, found)

		_, err = writer.Import(ctx, []stores.Store{hamburg})
		require.NoError(t, err)
		found, err = reader.Search(ctx, q)
		require.NoError(t, err)
		require.Equal(t, []stores.Store{hamburg}, found)

		got, err := reader.Get(ctx, lodz.ID)
		require.ErrorIs(t, err, stores.ErrNotFound)
		require.Zero(t, got)
		_, err = writer.Import(ctx, []stores.Store{lodz})
		require.NoError(t, err)
		got, err = reader.Get(ctx, lodz.ID)
		require.NoError(t, err)
		require.Equal(t, lodz, got)
	})
}
