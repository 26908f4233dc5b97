// Package jsonbody holds what every JSON body a client sends is checked for beyond encoding/json's own reading.
package jsonbody

import (
	"bytes"
	"encoding/json"
	"strings"
)

// DuplicateKey reports the dotted path of the first key an object of doc gives twice ({"a":1,"a":2} is "a").
// encoding/json keeps the last of them, so `{"newPassword":"x","newPassword":{}}` was read as what a proxy or
// a log that keeps the first never saw (QA bad-input round): a body that says two things says neither. A
// document that is not valid JSON reports nothing; its parser's answer is the one to give.
func DuplicateKey(doc []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	path, dup := walkValue(dec, nil)
	return strings.Join(path, "."), dup
}

// walkValue reads one value from dec; inside objects it keeps each level's keys and stops at the first repeat.
func walkValue(dec *json.Decoder, at []string) ([]string, bool) {
	tok, err := dec.Token()
	if err != nil {
		return nil, false
	}
	delim, isDelim := tok.(json.Delim)
	if !isDelim {
		return nil, false
	}
	switch delim {
	case '{':
		seen := map[string]bool{}
		for dec.More() {
			keyTok, err := dec.Token()
			if err != nil {
				return nil, false
			}
			key, _ := keyTok.(string)
			here := append(append([]string(nil), at...), key)
			if seen[key] {
				return here, true
			}
			seen[key] = true
			if path, dup := walkValue(dec, here); dup {
				return path, true
			}
		}
	case '[':
		for dec.More() {
			if path, dup := walkValue(dec, at); dup {
				return path, true
			}
		}
	}
	_, _ = dec.Token() // the closing delimiter
	return nil, false
}
