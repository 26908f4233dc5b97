// Package jsonbody holds what every JSON body a client sends is checked for beyond encoding/json's own reading.
package jsonbody

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Problem is what Check found wrong with a document that encoding/json reads without complaint.
type Problem int

const (
	// Fine: nothing found.
	Fine Problem = iota
	// DuplicateKey: an object gives a key twice ({"a":1,"a":2}). encoding/json keeps the last of them, so
	// `{"newPassword":"x","newPassword":{}}` was read as what a proxy or a log that keeps the first never saw (QA
	// bad-input round): a body that says two things says neither.
	DuplicateKey
	// BadText: a string holds bytes that are not UTF-8 or a \u escape of half a surrogate pair. encoding/json
	// reads either as U+FFFD without a word, so the passwords "Gr\xF6cer" and "Gr\xE4cer" (Latin-1 sent as if
	// it were UTF-8) were one and the same password, and neither the one the shopper meant (QA bad-input round).
	BadText
)

// Check reports the first problem of doc and the dotted path of the key where it is (a bad key names itself). A
// document that is not valid JSON reports nothing; its parser's answer is the one to give.
func Check(doc []byte) (string, Problem) {
	path, _, problem := Locate(doc)
	return path, problem
}

// Locate is Check that also gives the byte offset in doc of the token at fault (the key given twice, the string
// with bad text), for a file whose reader wants a line and column (the CMS content); 0 with Fine.
func Locate(doc []byte) (string, int64, Problem) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	w := walker{doc: doc, dec: dec, at: new(int64)}
	path, problem := w.value(nil)
	if problem == unreadable || problem == Fine {
		return "", 0, Fine
	}
	return strings.Join(path, "."), tokenStart(doc, *w.at), problem
}

// tokenStart is where the token read from at begins: the decoder's offset is where the previous token ended, so the
// separators between them are stepped over.
func tokenStart(doc []byte, at int64) int64 {
	for at < int64(len(doc)) && strings.IndexByte(" \t\r\n,:", doc[at]) >= 0 {
		at++
	}
	return at
}

// PathAt is the dotted path, as Check writes it, of the value encoding/json was reading when it stopped at offset
// (a *json.UnmarshalTypeError's Offset): the last value that begins before offset; "" for the document itself or
// one that is not JSON. The error's own Field names a struct field only, never a map's key below it, and nothing at
// all when the target is a map (QA robustness round of 2026-11-30: a number out of range in the identity API's
// sections named no field, and {"variantName":{"a":1}} named variantName where variantName.a is at fault).
func PathAt(doc []byte, offset int64) string {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	type level struct {
		object  bool
		wantKey bool
		key     string
	}
	var stack []level
	pathHere := func() string {
		var keys []string
		for _, l := range stack {
			if l.object {
				keys = append(keys, l.key)
			}
		}
		return strings.Join(keys, ".")
	}
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true
		}
	}
	found := ""
	for {
		at := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return found
		}
		if tokenStart(doc, at) >= offset {
			return found
		}
		top := len(stack) - 1
		if delim, ok := tok.(json.Delim); ok && (delim == '}' || delim == ']') {
			stack = stack[:top]
			valueDone()
			continue
		}
		if top >= 0 && stack[top].object && stack[top].wantKey {
			stack[top].key, _ = tok.(string)
			stack[top].wantKey = false
			continue
		}
		found = pathHere()
		switch tok {
		case json.Delim('{'):
			stack = append(stack, level{object: true, wantKey: true})
		case json.Delim('['):
			stack = append(stack, level{})
		default:
			valueDone()
		}
	}
}

// unreadable ends the walk where the document stops being JSON: a token that fails is not consumed, so a loop
// over an array's elements would ask for it forever ("[\x0e", found by FuzzCheck).
const unreadable Problem = -1

type walker struct {
	doc []byte
	dec *json.Decoder
	// at is where the last token read began (before any separators).
	at *int64
}

// token reads the next token, and whether the bytes it came from hold bad text.
func (w walker) token() (json.Token, bool, error) {
	from := w.dec.InputOffset()
	*w.at = from
	tok, err := w.dec.Token()
	if err != nil {
		return nil, false, err
	}
	_, isString := tok.(string)
	return tok, isString && badText(w.doc[from:w.dec.InputOffset()]), nil
}

// value reads one value; inside objects it keeps each level's keys and stops at the first problem.
func (w walker) value(at []string) ([]string, Problem) {
	tok, bad, err := w.token()
	if err != nil {
		return nil, unreadable
	}
	if bad {
		return at, BadText
	}
	delim, isDelim := tok.(json.Delim)
	if !isDelim {
		return nil, Fine
	}
	switch delim {
	case '{':
		seen := map[string]bool{}
		for w.dec.More() {
			keyTok, bad, err := w.token()
			if err != nil {
				return nil, unreadable
			}
			key, _ := keyTok.(string)
			here := append(append([]string(nil), at...), key)
			if bad {
				return here, BadText
			}
			if seen[key] {
				return here, DuplicateKey
			}
			seen[key] = true
			if path, problem := w.value(here); problem != Fine {
				return path, problem
			}
		}
	case '[':
		for w.dec.More() {
			if path, problem := w.value(at); problem != Fine {
				return path, problem
			}
		}
	}
	_, _ = w.dec.Token() // the closing delimiter
	return nil, Fine
}

// badText reports bytes of a JSON token that are not UTF-8, or a \u escape of a surrogate without its partner.
func badText(raw []byte) bool {
	if !utf8.Valid(raw) {
		return true
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		i++ // the escaped character: a second backslash is text, never the start of an escape
		r, ok := escapedRune(raw, i)
		if !ok {
			continue
		}
		i += 4
		if !utf16.IsSurrogate(r) {
			continue
		}
		low, paired := escapedRune(raw, i+2)
		if r >= 0xdc00 || i+1 >= len(raw) || raw[i+1] != '\\' || !paired || low < 0xdc00 || low > 0xdfff {
			return true
		}
		i += 6
	}
	return false
}

// escapedRune reads the four hex digits of a \u escape whose u is at raw[i].
func escapedRune(raw []byte, i int) (rune, bool) {
	if i < 0 || i+4 >= len(raw) || raw[i] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range raw[i+1 : i+5] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
