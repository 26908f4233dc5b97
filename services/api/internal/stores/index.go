package stores

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// MaxResults is the most stores one search returns.
const MaxResults = 20

// fieldKind says in which part of a store a term occurs; it decides how much
// a match there weighs.
type fieldKind uint8

const (
	fieldStreetPart fieldKind = iota // a part of a compound street name: "haupt" in "hauptstrasse"
	fieldStreet
	fieldName
	fieldCity
	fieldPostcode
)

// score weighs one query word matching one store term. The order is the
// ranking rule: postcode > city or name > street > part of a street name,
// and a whole word beats a prefix of the same field. A number in a query
// with a word that found the store's street is its house number, not a
// postcode being typed (postcodeBegunByHouseNumber).
func score(kind fieldKind, exact bool) int32 {
	switch kind {
	case fieldPostcode:
		if exact {
			return 100
		}
		return 60
	case fieldCity, fieldName:
		if exact {
			return 80
		}
		return 50
	case fieldStreet:
		if exact {
			return 30
		}
		return 20
	default:
		return 10
	}
}

// postcodeBegunByHouseNumber is what a number weighs as the beginning of a
// store's postcode when another word of the query found the store's street:
// less than as its house number, whole or begun. "Jahnstraße 86" listed
// Jahnstraße 139 in 86653 Monheim, and two more stores at 86…, before
// Jahnstraße 86 in Berlin, and a shopper taking the first suggestion saved
// the wrong store (QA). The number may stand anywhere: before the street, as
// French and Belgian addresses are written ("12 rue de la Paix"), or after
// the town ("Jahnstraße Berlin 86"). A whole postcode keeps its weight with a
// street, and a number on its own or with a place only begins a postcode
// first, as shoppers type postcodes.
const postcodeBegunByHouseNumber = 5

// streetSuffixes are the generic endings of German compound street names.
// Indexing both halves lets "haupt str" and "strasse" find "Hauptstraße".
var streetSuffixes = []string{"strasse", "weg", "platz", "allee", "gasse", "ring", "damm", "ufer", "chaussee", "steig", "pfad", "markt"}

// minStemLen keeps short words ("Ring", "Weg") from being split into noise.
const minStemLen = 3

// posting is one occurrence of a term: which store, in which field.
type posting struct {
	store int32
	// termOff is where the term starts in the index's termText.
	termOff uint32
	// termLen is the length of the term, so telling a whole-word match from
	// a prefix needs no second look at the term.
	termLen uint16
	kind    fieldKind
}

// span is a piece of the index's text: its offset and length.
type span struct{ off, len uint32 }

// storeEntry is one store as the index keeps it: its fields as spans of the
// index's text.
type storeEntry struct {
	id, name, street, postcode, city, country span
}

// index is an immutable snapshot of the store directory prepared for prefix
// search. Stores are kept in their tie-break order (stores in the same town
// descending, then postcode, name, street, id), so a lower position ranks
// first among equal scores.
//
// It holds its strings in two arenas (text, termText) addressed by offsets,
// so the garbage collector follows a handful of pointers instead of one per
// store field and term: with 100,000 stores, a collection took 13 ms instead
// of 1, and as a login allocates argon2id's memory the service collects every
// other login or so, which made logins 20 % slower and their p99 more than
// twice as long (BenchmarkGarbageCollection, `make bench`'s growth table).
type index struct {
	generation int64
	text       string // every store's fields, one after another
	stores     []storeEntry
	open       []bool  // whether each store is open, kept dense for the ranking loop
	byID       []int32 // store positions in the order of their ids
	// termText holds every distinct term once. postings are sorted by term,
	// then store, so all terms sharing a prefix are one contiguous run found
	// by binary search.
	termText string
	postings []posting
	scratch  sync.Pool

	// results remembers the answers to recent queries (normalised query ->
	// store positions). Shoppers type the same few prefixes ("ham", "mün",
	// "ber") over and over, and the shortest prefixes cost the most.
	results     sync.Map
	resultCount atomic.Int32

	// rendered remembers what callers made of recent results (the HTTP answer, encoded and compressed), by
	// the same key; it lives and dies with this snapshot, so an import never serves a stale rendering.
	rendered      sync.Map
	renderedCount atomic.Int32
}

// maxCachedResults bounds the result cache; when full it starts over, which
// keeps it small under a flood of distinct queries and lets it follow what
// shoppers type now.
const maxCachedResults = 10_000

// newIndex builds the search index over all stores of one generation.
func newIndex(generation int64, all []Store) *index {
	// Among equal matches, stores of bigger towns come first: a shopper
	// typing "ham" more likely means Hamburg than Hammer, and "ber" Berlin.
	townSize := make(map[string]int, len(all))
	towns := make([]string, len(all))
	for i, s := range all {
		towns[i] = s.Country + " " + Normalize(s.City)
		townSize[towns[i]]++
	}
	type ranked struct {
		Store
		townSize int
	}
	order := make([]ranked, len(all))
	for i, s := range all {
		order[i] = ranked{s, townSize[towns[i]]}
	}
	slices.SortFunc(order, func(a, b ranked) int {
		return cmp.Or(
			cmp.Compare(b.townSize, a.townSize),
			strings.Compare(a.Postcode, b.Postcode),
			strings.Compare(a.Name, b.Name),
			strings.Compare(a.Street, b.Street),
			strings.Compare(a.ID, b.ID),
		)
	})
	n := len(order)
	idx := &index{generation: generation, stores: make([]storeEntry, n), open: make([]bool, n), byID: make([]int32, n)}
	// Field lengths are capped (maxTextLen), so offsets fit 32 bits for tens of millions of stores.
	var text strings.Builder
	put := func(s string) span {
		sp := span{uint32(text.Len()), uint32(len(s))}
		text.WriteString(s)
		return sp
	}
	type entry struct {
		term string
		posting
	}
	entries := make([]entry, 0, n*8)
	best := make(map[string]fieldKind, 16)
	for i, r := range order {
		s := r.Store
		idx.stores[i] = storeEntry{id: put(s.ID), name: put(s.Name), street: put(s.Street), postcode: put(s.Postcode), city: put(s.City), country: put(s.Country)}
		idx.open[i] = s.Open
		idx.byID[i] = int32(i)
		clear(best)
		add := func(term string, kind fieldKind) {
			if k, ok := best[term]; !ok || kind > k {
				best[term] = kind
			}
		}
		for _, t := range Spellings(s.Name) {
			add(t, fieldName)
		}
		for _, t := range Spellings(s.City) {
			add(t, fieldCity)
		}
		pc := Tokenize(s.Postcode)
		for _, t := range pc {
			add(t, fieldPostcode)
		}
		if len(pc) > 1 {
			// "1012 AB" and "00-950" are also typed without the separator.
			add(strings.Join(pc, ""), fieldPostcode)
		}
		for _, t := range Spellings(s.Street) {
			add(t, fieldStreet)
			for _, suffix := range streetSuffixes {
				if stem, ok := strings.CutSuffix(t, suffix); ok && len(stem) >= minStemLen {
					add(stem, fieldStreetPart)
					add(suffix, fieldStreetPart)
					break
				}
			}
		}
		for term, kind := range best {
			entries = append(entries, entry{term, posting{store: int32(i), termLen: uint16(min(len(term), 1<<16-1)), kind: kind}})
		}
	}
	idx.text = text.String()
	slices.SortFunc(idx.byID, func(a, b int32) int { return strings.Compare(order[a].ID, order[b].ID) })
	slices.SortFunc(entries, func(a, b entry) int {
		return cmp.Or(strings.Compare(a.term, b.term), cmp.Compare(a.store, b.store))
	})
	var terms strings.Builder
	idx.postings = make([]posting, len(entries))
	for i, e := range entries {
		if i == 0 || e.term != entries[i-1].term {
			terms.WriteString(e.term)
		}
		e.termOff = uint32(terms.Len() - len(e.term))
		idx.postings[i] = e.posting
	}
	idx.termText = terms.String()
	idx.scratch.New = func() any {
		return &scratch{count: make([]uint8, n), street: make([]uint8, n), best: make([]int32, n), total: make([]int32, n)}
	}
	return idx
}

// at is the text of a span.
func (idx *index) at(s span) string { return idx.text[s.off : s.off+s.len] }

// store is the store at position i.
func (idx *index) store(i int32) Store {
	e := &idx.stores[i]
	return Store{
		ID: idx.at(e.id), Name: idx.at(e.name), Street: idx.at(e.street), Postcode: idx.at(e.postcode),
		City: idx.at(e.city), Country: idx.at(e.country), Open: idx.open[i],
	}
}

// term is the term of posting i.
func (idx *index) term(i int) string {
	p := &idx.postings[i]
	return idx.termText[p.termOff : p.termOff+uint32(p.termLen)]
}

// scratch is per-search working memory, reused through a pool so a search
// allocates nothing but its result.
type scratch struct {
	count   []uint8 // how many query words a store has matched so far
	street  []uint8 // 1 when a word of a query that also has a number matched the store's street
	marked  bool    // whether street holds marks, so a search without both words and numbers does not clear it
	best    []int32 // best score of the current word per store
	total   []int32 // summed score over the words matched so far
	touched []int32 // stores matched by the first word, to reset afterwards
}

// termRange is the run of index terms starting with one query word.
type termRange struct {
	word   string
	lo, hi int
	// In a query with both numbers and other words, a number is tallied as a
	// house number (house) after the other words, which mark the stores
	// whose street they matched (mark). Otherwise both are false.
	house, mark bool
}

// cacheKey is the normalised query: its one word (no allocation) or its words joined.
func (q Query) cacheKey() string {
	if len(q.tokens) == 1 {
		return q.tokens[0]
	}
	return q.String()
}

// renderedLookup returns render's value for the result of q, computing it once per snapshot and query.
func (idx *index) renderedLookup(q Query, render func([]Store) (any, error)) (any, error) {
	key := q.cacheKey()
	if v, ok := idx.rendered.Load(key); ok {
		return v, nil
	}
	v, err := render(idx.lookup(q))
	if err != nil {
		return nil, err
	}
	if idx.renderedCount.Add(1) > maxCachedResults {
		idx.rendered.Clear()
		idx.renderedCount.Store(1)
	}
	idx.rendered.Store(key, v)
	return v, nil
}

// lookup is search with the result cache in front.
func (idx *index) lookup(q Query) []Store {
	if len(q.tokens) == 0 {
		return nil
	}
	key := q.cacheKey()
	if v, ok := idx.results.Load(key); ok {
		return idx.materialize(v.([]int32))
	}
	found := idx.search(q)
	if idx.resultCount.Add(1) > maxCachedResults {
		idx.results.Clear()
		idx.resultCount.Store(1)
	}
	idx.results.Store(key, found)
	return idx.materialize(found)
}

func (idx *index) materialize(positions []int32) []Store {
	out := make([]Store, len(positions))
	for i, p := range positions {
		out[i] = idx.store(p)
	}
	return out
}

// search returns the positions of the best MaxResults stores matching every word of q by
// prefix, best first.
func (idx *index) search(q Query) []int32 {
	words := q.tokens
	if len(words) == 0 || len(idx.stores) == 0 {
		return nil
	}
	var buf [maxQueryTokens]termRange
	ranges := buf[:0]
	numbers := 0
	for _, w := range words {
		lo := sort.Search(len(idx.postings), func(i int) bool { return idx.term(i) >= w })
		hi := lo + sort.Search(len(idx.postings)-lo, func(j int) bool { return !strings.HasPrefix(idx.term(lo+j), w) })
		if lo == hi {
			return nil
		}
		ranges = append(ranges, termRange{word: w, lo: lo, hi: hi})
		if isNumber(w) {
			numbers++
		}
	}
	// Wherever a number stands ("Jahnstraße 86", "86 Jahnstraße", "Jahnstraße
	// Berlin 86"), it is the house number of the stores whose street another
	// word found.
	if numbers > 0 && numbers < len(ranges) {
		for k := range ranges {
			ranges[k].house = isNumber(ranges[k].word)
			ranges[k].mark = !ranges[k].house
		}
	}
	// The rarest word goes first, so the candidate set starts small; a possible
	// house number goes after the other words, so they have marked the stores
	// whose street they matched.
	slices.SortFunc(ranges, func(a, b termRange) int {
		if a.house != b.house {
			if a.house {
				return 1
			}
			return -1
		}
		return cmp.Compare(a.hi-a.lo, b.hi-b.lo)
	})

	sc := idx.scratch.Get().(*scratch)
	defer idx.release(sc)
	for k, r := range ranges {
		step := uint8(k)
		if r.house {
			sc.tallyHouseNumber(idx.postings[r.lo:r.hi], len(r.word), step)
		} else {
			for i := r.lo; i < r.hi; i++ {
				p := idx.postings[i]
				s := p.store
				points := score(p.kind, int(p.termLen) == len(r.word))
				switch sc.count[s] {
				case step:
					sc.count[s] = step + 1
					sc.best[s] = points
					if k == 0 {
						sc.touched = append(sc.touched, s)
					}
				case step + 1:
					sc.best[s] = max(sc.best[s], points)
				}
			}
		}
		if r.mark {
			sc.markStreets(idx.postings[r.lo:r.hi], step)
		}
		matched := false
		for _, s := range sc.touched {
			if sc.count[s] == step+1 {
				sc.total[s] += sc.best[s]
				matched = true
			}
		}
		if !matched {
			return nil
		}
	}

	// Top MaxResults by (score, open, position) without sorting every candidate.
	want := uint8(len(ranges))
	var top [MaxResults]struct {
		key   int64
		store int32
	}
	n := 0
	for _, s := range sc.touched {
		if sc.count[s] != want {
			continue
		}
		key := int64(sc.total[s]) << 33
		if idx.open[s] {
			key |= 1 << 32
		}
		key |= int64(^uint32(s)) // lower position ranks first
		if n == MaxResults && key <= top[n-1].key {
			continue
		}
		j := n
		if n < MaxResults {
			n++
		} else {
			j = n - 1
		}
		for j > 0 && top[j-1].key < key {
			top[j] = top[j-1]
			j--
		}
		top[j].key, top[j].store = key, s
	}
	out := make([]int32, n)
	for i := range n {
		out[i] = top[i].store
	}
	return out
}

// markStreets marks in street the stores still in the running (matched by the word number step) whose street the
// word matched. Only those are marked, so release finds every mark among the touched.
func (sc *scratch) markStreets(postings []posting, step uint8) {
	sc.marked = true
	for _, p := range postings {
		if p.kind <= fieldStreet && sc.count[p.store] == step+1 {
			sc.street[p.store] = 1
		}
	}
}

// tallyHouseNumber is search's tally for a number in a query with other words (never the first word tallied): in
// the stores whose street one of those words matched (marked in street) the number is the house number, and a
// postcode it only begins weighs postcodeBegunByHouseNumber. A loop of its own keeps that check out of the tally
// every word runs.
func (sc *scratch) tallyHouseNumber(postings []posting, wordLen int, step uint8) {
	for _, p := range postings {
		s := p.store
		exact := int(p.termLen) == wordLen
		points := score(p.kind, exact)
		if p.kind == fieldPostcode && !exact && sc.street[s] != 0 {
			points = postcodeBegunByHouseNumber
		}
		switch sc.count[s] {
		case step:
			sc.count[s] = step + 1
			sc.best[s] = points
		case step + 1:
			sc.best[s] = max(sc.best[s], points)
		}
	}
}

func (idx *index) release(sc *scratch) {
	for _, s := range sc.touched {
		sc.count[s] = 0
		sc.best[s] = 0
		sc.total[s] = 0
	}
	if sc.marked {
		for _, s := range sc.touched {
			sc.street[s] = 0
		}
		sc.marked = false
	}
	sc.touched = sc.touched[:0]
	idx.scratch.Put(sc)
}

// isNumber reports whether a normalised word starts with a digit, as house
// numbers ("86", "77a") and postcodes do.
func isNumber(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }

// get returns the store with the given id.
func (idx *index) get(id string) (Store, bool) {
	k := sort.Search(len(idx.byID), func(k int) bool { return idx.at(idx.stores[idx.byID[k]].id) >= id })
	if k == len(idx.byID) || idx.at(idx.stores[idx.byID[k]].id) != id {
		return Store{}, false
	}
	return idx.store(idx.byID[k]), true
}
