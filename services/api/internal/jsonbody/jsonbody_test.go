package jsonbody_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/grocer-portal/portal/services/api/internal/jsonbody"
)

func TestDuplicateKey(t *testing.T) {
	for doc, want := range map[string]string{
		`{"a":1,"a":2}`:                    "a",
		`{"a":{"b":1,"c":{"d":1,"d":2}}}`:  "a.c.d",
		`{"list":[{"x":1},{"x":1,"x":2}]}`: "list.x",
		`[{"k":1,"k":1}]`:                  "k",
	} {
		path, dup := jsonbody.DuplicateKey([]byte(doc))
		assert.True(t, dup, doc)
		assert.Equal(t, want, path, doc)
	}
	for _, doc := range []string{`{"a":1,"b":{"a":2}}`, `{"a":[1,1]}`, `[{"k":1},{"k":1}]`, `{"a":`, ``, `"text"`, `{"a":1}{"a":2}`} {
		_, dup := jsonbody.DuplicateKey([]byte(doc))
		assert.False(t, dup, doc)
	}
}

func FuzzDuplicateKey(f *testing.F) {
	for _, seed := range []string{`{"a":1,"a":2}`, `{"a":{"b":[{"c":1}]}}`, `[`, `{"a":"\u0000"}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		path, dup := jsonbody.DuplicateKey([]byte(doc))
		if !dup && path != "" {
			t.Fatalf("a path %q without a duplicate", path)
		}
	})
}
