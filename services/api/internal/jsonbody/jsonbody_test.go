package jsonbody_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/jsonbody"
)

func TestCheck(t *testing.T) {
	for doc, want := range map[string]string{
		`{"a":1,"a":2}`:                    "a",
		`{"a":{"b":1,"c":{"d":1,"d":2}}}`:  "a.c.d",
		`{"list":[{"x":1},{"x":1,"x":2}]}`: "list.x",
		`[{"k":1,"k":1}]`:                  "k",
	} {
		path, problem := jsonbody.Check([]byte(doc))
		assert.Equal(t, jsonbody.DuplicateKey, problem, doc)
		assert.Equal(t, want, path, doc)
	}
	for doc, want := range map[string]string{
		"{\"password\":\"Gr\xf6cer\"}":               "password",
		`{"password":"Gr\ud800cer"}`:                 "password",
		`{"password":"Gr\udc00cer"}`:                 "password",
		`{"password":"\ud83d"}`:                      "password",
		`{"password":"\uD83D\u0041"}`:                "password",
		`{"profile":{"firstName":"A\uDFFF"}}`:        "profile.firstName",
		"{\"data\":{\"k\xff\":1}}":                   "data.k\ufffd",
		`{"list":[{"x":"ok"},{"x":"\ud800"}]}`:       "list.x",
		`{"ok":"\ud83d\ude00","bad":"\ude00\ud83d"}`: "bad",
		"{\"a\":\"\xed\xa0\x80\"}":                   "a", // a surrogate encoded as UTF-8 bytes is not UTF-8
	} {
		path, problem := jsonbody.Check([]byte(doc))
		assert.Equal(t, jsonbody.BadText, problem, doc)
		assert.Equal(t, want, path, doc)
	}
	for _, doc := range []string{`{"a":1,"b":{"a":2}}`, `{"a":[1,1]}`, `[{"k":1},{"k":1}]`, `{"a":`, ``, `"text"`, `{"a":1}{"a":2}`,
		`{"emoji":"\ud83d\ude00","also":"😀","text":"Gröcer"}`, `{"slash":"\\ud800"}`, `{"a":"\\\ud83d\ude00"}`, `{"u":"\u00e4\u0000"}`} {
		path, problem := jsonbody.Check([]byte(doc))
		assert.Equal(t, jsonbody.Fine, problem, doc)
		assert.Empty(t, path, doc)
	}
}

// TestLocate: the offset is that of the token at fault, the second of the keys given twice (the CMS content names
// its line and column).
func TestLocate(t *testing.T) {
	for doc, want := range map[string]string{
		"{\"a\": 1,\n \"b\": {\"c\": 1,\n  \"c\": 2}}": `"c": 2}}`,
		`{"list":[{"x":"ok"}, {"x":"\ud800"}]}`:        `"\ud800"}]}`,
	} {
		_, at, problem := jsonbody.Locate([]byte(doc))
		assert.NotEqual(t, jsonbody.Fine, problem, doc)
		assert.Equal(t, want, doc[at:], doc)
	}
	path, at, problem := jsonbody.Locate([]byte(`{"a":1}`))
	assert.Equal(t, jsonbody.Fine, problem)
	assert.Empty(t, path)
	assert.Zero(t, at)
}

// FuzzCheck: whatever Check calls fine, encoding/json reads without inventing a U+FFFD that was not sent.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{`{"a":1,"a":2}`, `{"a":{"b":[{"c":1}]}}`, `[`, `{"a":"\u0000"}`, `{"a":"\ud800"}`, `{"a":"\\\ud83d\ude00"}`, "{\"a\":\"\xff\"}"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		_ = jsonbody.PathAt([]byte(doc), int64(len(doc))) // ends, and never panics, on anything
		path, problem := jsonbody.Check([]byte(doc))
		if problem == jsonbody.Fine && path != "" {
			t.Fatalf("a path %q without a problem", path)
		}
		var v any
		if problem != jsonbody.Fine || json.Unmarshal([]byte(doc), &v) != nil || strings.Contains(doc, "\ufffd") || strings.Contains(strings.ToLower(doc), `\ufffd`) {
			return
		}
		if s, _ := json.Marshal(v); strings.Contains(string(s), "\ufffd") || !utf8.Valid(s) {
			t.Fatalf("%q was called fine, yet reads as %s", doc, s)
		}
	})
}

// TestPathAt: the path of the value at fault, from the offset encoding/json's own type error gives, decoding into a
// map (a number no float64 holds) and into a struct whose field is a map.
func TestPathAt(t *testing.T) {
	type reminder struct {
		VariantName map[string]string `json:"variantName"`
		Email       string            `json:"email"`
	}
	for doc, want := range map[string]string{
		`{"profile":{"birthYear":1e400}}`:                 "profile.birthYear",
		`{"profile":{"firstName":"A","birthYear":1e400}}`: "profile.birthYear",
		`{"a":1,"b":[1,{"c":[2,-1e999]}],"d":3}`:          "b.c",
		"{ \"a\" : { \"b\" : 1e400 } , \"c\" : 2 }":       "a.b",
		`{"a":{},"b":[],"c":{"d":1E+309,"e":1e400}}`:      "c.d",
		`{"password":1e400}`:                              "password",
		`[1e400]`:                                         "",
		`1e400`:                                           "",
	} {
		var m any
		var typeErr *json.UnmarshalTypeError
		require.ErrorAs(t, json.Unmarshal([]byte(doc), &m), &typeErr, doc)
		assert.Equal(t, want, jsonbody.PathAt([]byte(doc), typeErr.Offset), doc)
	}
	for doc, want := range map[string]string{
		`{"variantName":{"a":1}}`:                     "variantName.a",
		`{"variantName":{"de":"x","a":{"x":1}}}`:      "variantName.a",
		`{"variantName":{"a":[1]},"email":"x"}`:       "variantName.a",
		`{"variantName":"x"}`:                         "variantName",
		`{"email":"a@b.de","variantName":{"b":true}}`: "variantName.b",
		`{"email":{"x":1}}`:                           "email",
		` {"email":5}`:                                "email",
	} {
		var r reminder
		var typeErr *json.UnmarshalTypeError
		require.ErrorAs(t, json.NewDecoder(strings.NewReader(doc)).Decode(&r), &typeErr, doc)
		assert.Equal(t, want, jsonbody.PathAt([]byte(doc), typeErr.Offset), doc)
	}
	assert.Empty(t, jsonbody.PathAt([]byte(`{"a":`), 5))
	assert.Empty(t, jsonbody.PathAt([]byte(`{"a":1}`), 0))
}
