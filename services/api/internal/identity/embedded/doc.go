package embedded

import (
	"sort"
	"strings"
)

// Helpers for the JSON documents of an account (profile, data, preferences, subscriptions), addressed by dotted
// paths such as "sfmc.dataProcessingConsented".

func getPath(m map[string]any, path string) (any, bool) {
	var cur any = m
	for _, seg := range strings.Split(path, ".") {
		obj, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = obj[seg]; !ok {
			return nil, false
		}
	}
	return cur, true
}

func setPath(m map[string]any, path string, v any) {
	segs := strings.Split(path, ".")
	cur := m
	for _, seg := range segs[:len(segs)-1] {
		next, ok := cur[seg].(map[string]any)
		if !ok {
			next = map[string]any{}
			cur[seg] = next
		}
		cur = next
	}
	cur[segs[len(segs)-1]] = v
}

func deletePath(m map[string]any, path string) {
	segs := strings.Split(path, ".")
	cur := m
	for _, seg := range segs[:len(segs)-1] {
		next, ok := cur[seg].(map[string]any)
		if !ok {
			return
		}
		cur = next
	}
	delete(cur, segs[len(segs)-1])
}

// maxNesting is how many levels of objects and lists profile and data hold below themselves (the identity contract's
// api.request): the apps' own fields lie at most two levels deep, and a client's free-form data has room beside them.
const maxNesting = 8

// leaf is one value of a flattened document; Value nil means "remove".
type leaf struct {
	Path  string
	Value any
}

// flatten lists the leaves of a document in path order; arrays and scalars are leaves, objects are descended.
// Keys that contain dots ("sfmc.dataProcessingConsented") address nested fields, as the vendor accepts them. It
// reports false for an empty key part and for objects and lists nested more than depth levels below m.
func flatten(m map[string]any, depth int) ([]leaf, bool) {
	var out []leaf
	okAll := true
	var walk func(prefix string, v map[string]any, d int)
	walk = func(prefix string, v map[string]any, d int) {
		if d > depth {
			okAll = false
			return
		}
		for k, val := range v {
			if hasEmptySegment(k) {
				// "a..b", ".a" or "a." would store a field named "" (QA bad-input round).
				okAll = false
				continue
			}
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			if child, isObj := val.(map[string]any); isObj && len(child) > 0 {
				walk(p, child, d+1)
				continue
			}
			// A leaf lies as deep as its path says (a dotted key nests as objects do), and a list in it nests
			// further: lists 3,000 deep, and objects inside lists past the limit, were stored (QA bad-input round of
			// 2026-11-29).
			if nestsDeeper(val, depth-strings.Count(p, ".")) {
				okAll = false
				continue
			}
			out = append(out, leaf{Path: p, Value: val})
		}
	}
	walk("", m, 0)
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, okAll
}

// nestsDeeper reports whether v, placed where room levels of objects and lists are left, needs more: a list or an
// object takes a level, a value none. It stops at the first level too many, however deep v goes.
func nestsDeeper(v any, room int) bool {
	if room < 0 {
		return true
	}
	switch t := v.(type) {
	case map[string]any:
		if room == 0 {
			return true
		}
		for _, item := range t {
			if nestsDeeper(item, room-1) {
				return true
			}
		}
	case []any:
		if room == 0 {
			return true
		}
		for _, item := range t {
			if nestsDeeper(item, room-1) {
				return true
			}
		}
	}
	return false
}

// hasEmptySegment reports a key that is blank or has a blank part between its dots.
func hasEmptySegment(key string) bool {
	for _, seg := range strings.Split(key, ".") {
		if strings.TrimSpace(seg) == "" {
			return true
		}
	}
	return false
}

// deepCopy copies a document so a failed validation never changes the stored one.
func deepCopy(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = copyValue(v)
	}
	return out
}

func copyValue(v any) any {
	switch t := v.(type) {
	case map[string]any:
		return deepCopy(t)
	case []any:
		c := make([]any, len(t))
		for i := range t {
			c[i] = copyValue(t[i])
		}
		return c
	}
	return v
}

// DeepMerge merges src into a copy of dst: objects merge recursively, everything else replaces, and a null
// value removes the key. It is how setAccountInfo treats data: merged, never replaced.
func DeepMerge(dst, src map[string]any) map[string]any {
	out := deepCopy(dst)
	for k, v := range src {
		if v == nil {
			delete(out, k)
			continue
		}
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := out[k].(map[string]any); ok {
				out[k] = DeepMerge(dm, sm)
				continue
			}
			out[k] = DeepMerge(map[string]any{}, sm)
			continue
		}
		out[k] = copyValue(v)
	}
	return out
}
