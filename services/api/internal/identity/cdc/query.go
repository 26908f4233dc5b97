package cdc

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// ErrUnsafeQueryValue is returned for a value that cannot be put into an accounts.search query safely.
var ErrUnsafeQueryValue = errors.New("cdc: value not allowed in a search query")

// QuoteString returns s as a double-quoted string literal of the vendor's SQL-like search language: a
// backslash and a double quote are escaped with a backslash. Invalid UTF-8 and control characters are refused
// rather than escaped, because the vendor documents no escape for them and none belongs in an e-mail address.
func QuoteString(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", ErrUnsafeQueryValue
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return "", ErrUnsafeQueryValue
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String(), nil
}

// SearchByEmailQuery is `SELECT <fields> FROM accounts WHERE profile.email contains "<email>"` with the address
// quoted by QuoteString. fields is a constant of this package, never user input.
//
// Not `=`: the vendor stores e-mail addresses encrypted, and on an encrypted field `=` is case-sensitive while
// `contains` is the case-insensitive comparison of the whole value, no partial strings
// (developers.gigya.com "Encrypted Fields"; "Query Syntax Specification" of accounts.search REST: "The Contains
// keyword can be used for case-insensitive searches on encrypted fields but does not support partial strings").
// The service lower-cases every address (identity.ParseEmail), so `=` missed an account registered through the Web
// SDK as Max.Muster@Example.de (QA round of 2026-11-29: the one-click unsubscribe answered unsubscribed having
// erased nothing, the verification resend answered 201 having sent nothing). The results are still filtered by
// SameEmail, so that a vendor answering a substring match could never make another address's record ours.
func SearchByEmailQuery(fields string, email identity.Email) (string, error) {
	lit, err := QuoteString(email.String())
	if err != nil {
		return "", err
	}
	return "SELECT " + fields + " FROM accounts WHERE profile.email contains " + lit, nil
}

// SameEmail reports whether a search result's profile.email is email, regardless of case (the vendor keeps the
// case the shopper typed; the service's addresses are lower-cased). A result without an address is not a match.
func SameEmail(stored string, email identity.Email) bool {
	stored = strings.TrimSpace(stored)
	return stored != "" && strings.EqualFold(stored, email.String())
}
