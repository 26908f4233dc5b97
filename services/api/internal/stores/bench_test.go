package stores

import (
	"bytes"
	"context"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// benchTerms are what shoppers type into the favourite-store field.
var benchTerms = []string{"ham", "münchen", "muenchen", "801", "haupt", "strasse", "20095", "berlin haupt", "Köln", "hauptstr 1", "jahnstraße 86", "bahnhofstr 2", "86 jahnstraße", "jahnstraße berlin 86"}

// demoStores is the demo directory. The demo package embeds this file; it cannot be imported here (it imports
// this package).
func demoStores(tb testing.TB) []Store {
	tb.Helper()
	raw, err := os.ReadFile("demo/stores.csv")
	if err != nil {
		tb.Fatal(err)
	}
	list, err := ReadCSV(bytes.NewReader(raw))
	if err != nil {
		tb.Fatal(err)
	}
	return list
}

func demoIndex(b *testing.B) *index {
	b.Helper()
	return newIndex(1, demoStores(b))
}

// BenchmarkSearch measures one uncached search over the demo directory.
func BenchmarkSearch(b *testing.B) {
	idx := demoIndex(b)
	for _, term := range benchTerms {
		q, err := ParseQuery(term)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(term, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				idx.materialize(idx.search(q))
			}
		})
	}
}

// BenchmarkSearchCached measures Service.Search on a repeated term, the
// common case while shoppers type.
func BenchmarkSearchCached(b *testing.B) {
	svc := NewService(nil)
	svc.current.Store(demoIndex(b))
	svc.nextCheck.Store(1 << 62)
	ctx := context.Background()
	for _, term := range benchTerms {
		q, err := ParseQuery(term)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(term, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := svc.Search(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseQuery measures the per-request parsing of the raw term.
func BenchmarkParseQuery(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, term := range benchTerms {
			if _, err := ParseQuery(term); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkBuildIndex measures what a replica spends after an import.
func BenchmarkBuildIndex(b *testing.B) {
	list := demoStores(b)
	b.ReportAllocs()
	for b.Loop() {
		newIndex(1, list)
	}
}

// BenchmarkGarbageCollection measures one full collection of the heap while a directory's index is alive. A login
// allocates argon2id's memory, so the service collects every other login or so; an index the collector has to
// walk (a pointer per string) made each collection, and with it each login, cost more as the directory grew.
func BenchmarkGarbageCollection(b *testing.B) {
	base := demoStores(b)
	for _, n := range []int{4_000, 100_000} {
		b.Run(strconv.Itoa(n)+"-stores", func(b *testing.B) {
			idx := newIndex(1, Repeat(base, n))
			runtime.GC()
			for b.Loop() {
				runtime.GC()
			}
			runtime.KeepAlive(idx)
		})
	}
}
