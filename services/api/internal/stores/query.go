package stores

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// Query limits, counted in runes after trimming.
const (
	MinQueryLen = 2
	MaxQueryLen = 100
)

// Query errors; the HTTP edge reports both against the parameter q.
var (
	ErrQueryTooShort = errors.New("stores: search term is shorter than 2 characters")
	ErrQueryTooLong  = errors.New("stores: search term is longer than 100 characters")
)

// maxQueryTokens bounds the work one search can cause; more words than this
// add nothing a shopper needs.
const maxQueryTokens = 8

// Query is a parsed search term.
type Query struct {
	tokens []string
}

// ParseQuery checks the length of a raw search term and splits it into
// normalised words. A term of only punctuation is valid and finds nothing.
func ParseQuery(raw string) (Query, error) {
	raw = strings.TrimSpace(raw)
	n := utf8.RuneCountInString(raw)
	switch {
	case n < MinQueryLen:
		return Query{}, ErrQueryTooShort
	case n > MaxQueryLen:
		return Query{}, ErrQueryTooLong
	}
	tokens := Tokenize(raw)
	if len(tokens) > maxQueryTokens {
		tokens = tokens[:maxQueryTokens]
	}
	return Query{tokens: tokens}, nil
}

// Tokens returns the normalised words of the query.
func (q Query) Tokens() []string { return q.tokens }

// String returns the normalised query.
func (q Query) String() string { return strings.Join(q.tokens, " ") }
