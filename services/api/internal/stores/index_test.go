package stores

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every store of the demo directory comes back from the index's text whole, by its id; an unknown id finds none.
func TestIndexGivesBackEveryStore(t *testing.T) {
	list := demoStores(t)
	idx := newIndex(1, list)
	for _, want := range list {
		got, ok := idx.get(want.ID)
		require.True(t, ok, want.ID)
		require.Equal(t, want, got)
	}
	for _, id := range []string{"", "0", "zzz", list[0].ID + "x"} {
		_, ok := idx.get(id)
		assert.False(t, ok, id)
	}
}

// The index's per-store and per-term slices hold no pointers, so a garbage collection does not walk them: the cost
// of every collection, and with it of every login (argon2id's memory), stays flat as the directory grows.
func TestIndexHoldsNoPointerPerStoreOrTerm(t *testing.T) {
	for _, v := range []any{storeEntry{}, posting{}, span{}} {
		assert.False(t, holdsPointers(reflect.TypeOf(v)), "%T must hold no pointers", v)
	}
	idx := reflect.TypeOf(index{})
	for _, name := range []string{"stores", "postings", "open", "byID"} {
		field, ok := idx.FieldByName(name)
		if assert.True(t, ok, name) {
			assert.False(t, holdsPointers(field.Type.Elem()), "index.%s's elements must hold no pointers", name)
		}
	}
	assert.True(t, holdsPointers(reflect.TypeOf(Store{})), "the check itself sees a string")
}

func holdsPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.String, reflect.Slice, reflect.Map, reflect.Interface, reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() > 0 && holdsPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPointers(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// Whatever is typed, a search answers at most MaxResults stores and leaves its working memory clean for the next:
// a house number's weight depends on the marks the query's other words leave on each store, and a mark left behind
// would weigh a later search's numbers as house numbers in stores whose street that search never matched.
func FuzzSearch(f *testing.F) {
	idx := newIndex(1, demoStores(f))
	for _, s := range []string{"Jahnstraße 86", "jahn 8", "Bahnhofstr. 21 Berlin", "86", "berlin 10", "Jahnstraße 86653", "86 Jahnstraße", "Jahnstraße Berlin 86", "12 Berlin", "1 2 3 4 5 6 7 8 9", "haupt str 1a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := ParseQuery(raw)
		if err != nil {
			return
		}
		require.LessOrEqual(t, len(idx.search(q)), MaxResults)
		sc := idx.scratch.Get().(*scratch)
		defer idx.scratch.Put(sc)
		require.Empty(t, sc.touched)
		for s := range sc.count {
			if sc.count[s] != 0 || sc.street[s] != 0 || sc.best[s] != 0 || sc.total[s] != 0 {
				t.Fatalf("%q left store %d marked: count %d, street %b, best %d, total %d", raw, s, sc.count[s], sc.street[s], sc.best[s], sc.total[s])
			}
		}
	})
}
