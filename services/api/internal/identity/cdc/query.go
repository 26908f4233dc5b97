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

// SearchByEmailQuery is `SELECT <fields> FROM accounts WHERE profile.email = "<email>"` with the address
// quoted by QuoteString. fields is a constant of this package, never user input.
func SearchByEmailQuery(fields string, email identity.Email) (string, error) {
	lit, err := QuoteString(email.String())
	if err != nil {
		return "", err
	}
	return "SELECT " + fields + " FROM accounts WHERE profile.email = " + lit, nil
}
