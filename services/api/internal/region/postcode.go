package region

import "errors"

// ErrInvalidPostcode is returned by ParsePostcode for any input that is not
// exactly five ASCII digits. It is returned as is (not wrapped with the input),
// so that callers can safely surface err.Error() to clients without
// reflecting user input.
var ErrInvalidPostcode = errors.New("region: invalid postcode: want exactly five ASCII digits")

// Postcode is a syntactically valid German postcode (PLZ): exactly five ASCII
// digits, leading zeros significant ("01067"). Obtain one with ParsePostcode;
// a Postcode built by a plain conversion is not validated, and Table.Lookup
// answers Unknown for it if it is malformed.
type Postcode string

// ParsePostcode accepts exactly five ASCII digits '0'..'9' and nothing else.
//
// Deliberately strict: surrounding or embedded whitespace is NOT trimmed, and
// signs, full-width or other Unicode digits, and any other characters are
// rejected with ErrInvalidPostcode. Trimming user input (e.g. a pasted
// " 10115 ") is the caller's (UI/handler's) decision, not the domain's.
//
// ParsePostcode does not check that the postcode exists; a well-formed
// postcode that is not in the table looks up as Unknown.
func ParsePostcode(s string) (Postcode, error) {
	if !isPostcode(s) {
		return "", ErrInvalidPostcode
	}
	return Postcode(s), nil
}

// String returns the five-digit postcode.
func (p Postcode) String() string { return string(p) }

// isPostcode reports whether s is exactly five ASCII digits. It works on
// bytes, so any multi-byte UTF-8 character (e.g. full-width digits) fails.
func isPostcode(s string) bool {
	if len(s) != 5 {
		return false
	}
	for i := 0; i < 5; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// index returns the postcode as a number 0..99999, or -1 if p is malformed.
func (p Postcode) index() int {
	s := string(p)
	if !isPostcode(s) {
		return -1
	}
	n := 0
	for i := 0; i < 5; i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}
