// Package stores is the retailer's store directory: the stores a shopper can
// pick as favourite, searched by name, street, postcode or city. The database
// is the source of truth; each replica searches an in-memory index it rebuilds
// when the directory's generation changes.
package stores

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/language"
)

// Sentinel errors of the store directory.
var (
	// ErrNotFound means no store has the given id.
	ErrNotFound = errors.New("stores: no such store")
	// ErrInvalid is matched by every *FieldError, for callers that only ask "is the input bad?".
	ErrInvalid = errors.New("stores: invalid store")
)

// Store is one retail store.
type Store struct {
	// ID is stable across imports, e.g. "DE-20095-01".
	ID string
	// Name is the store's own name, often its place or district ("Hamburg-Altona").
	Name     string
	Street   string
	Postcode string
	City     string
	// Country is the ISO 3166-1 alpha-2 code, upper case.
	Country string
	// Open is false for a store that has closed; it stays findable so a
	// shopper whose favourite it was can be told so.
	Open bool
}

// UIText is the one line a shopper sees for the store:
// "Große Bergstraße 1, 22767 Hamburg", preceded by the name when the name
// says more than the city ("Hamburg-Altona, Große Bergstraße 1, 22767 Hamburg").
func (s Store) UIText() string {
	place := strings.TrimSpace(s.Postcode + " " + s.City)
	parts := make([]string, 0, 3)
	if s.Name != "" && s.Name != s.City && Normalize(s.Name) != Normalize(s.City) {
		parts = append(parts, s.Name)
	}
	if s.Street != "" {
		parts = append(parts, s.Street)
	}
	if place != "" {
		parts = append(parts, place)
	}
	return strings.Join(parts, ", ")
}

// FieldError says which field of a store is invalid and why.
type FieldError struct {
	Field   string
	Message string
}

// Error implements error as "field: message".
func (e *FieldError) Error() string { return e.Field + ": " + e.Message }

// Is makes errors.Is(err, ErrInvalid) true for every FieldError.
func (e *FieldError) Is(target error) bool { return target == ErrInvalid }

// Field length limits; generous for real addresses, small enough to keep the index compact.
const (
	maxIDLen   = 64
	maxTextLen = 100
)

var (
	idPattern      = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)
	countryPattern = regexp.MustCompile(`^[A-Z]{2}$`)
	// postcodeFormats are the formats of the countries the retailer trades in;
	// other countries get genericPostcode.
	postcodeFormats = map[string]struct {
		re   *regexp.Regexp
		hint string
	}{
		"DE": {regexp.MustCompile(`^[0-9]{5}$`), "5 digits"},
		"AT": {regexp.MustCompile(`^[0-9]{4}$`), "4 digits"},
		"BE": {regexp.MustCompile(`^[0-9]{4}$`), "4 digits"},
		"LU": {regexp.MustCompile(`^[0-9]{4}$`), "4 digits"},
		"NL": {regexp.MustCompile(`^[0-9]{4} [A-Z]{2}$`), `4 digits, a space and 2 letters ("1012 AB")`},
		"FR": {regexp.MustCompile(`^[0-9]{5}$`), "5 digits"},
		"ES": {regexp.MustCompile(`^[0-9]{5}$`), "5 digits"},
		"IT": {regexp.MustCompile(`^[0-9]{5}$`), "5 digits"},
		"PL": {regexp.MustCompile(`^[0-9]{2}-[0-9]{3}$`), `2 digits, a hyphen and 3 digits ("00-950")`},
		"PT": {regexp.MustCompile(`^[0-9]{4}-[0-9]{3}$`), `4 digits, a hyphen and 3 digits ("1100-148")`},
		"DK": {regexp.MustCompile(`^[0-9]{4}$`), "4 digits"},
		"CH": {regexp.MustCompile(`^[0-9]{4}$`), "4 digits"},
	}
	genericPostcode = regexp.MustCompile(`^[A-Z0-9][A-Z0-9 -]{1,9}$`)
)

// Validate checks every field and returns the first problem as a *FieldError.
// It expects the clean form Clean produces.
func (s Store) Validate() error {
	if problems := s.Problems(); len(problems) > 0 {
		return problems[0]
	}
	return nil
}

// Problems lists every invalid field of s, in the order of its fields, for a store file that reports all of a
// line's problems at once (an import fixed one field at a time was run again for each). It expects the clean form
// Clean produces.
func (s Store) Problems() []*FieldError {
	var out []*FieldError
	add := func(err error) {
		if fe, ok := err.(*FieldError); ok {
			out = append(out, fe)
		}
	}
	if s.ID == "" {
		add(&FieldError{"id", "is required"})
	} else if len(s.ID) > maxIDLen || !idPattern.MatchString(s.ID) {
		add(&FieldError{"id", fmt.Sprintf("must be at most %d letters, digits, '.', '_' or '-', starting with a letter or digit", maxIDLen)})
	}
	// A store without a name of its own is shown by its address, as one named like its city is (UIText); the
	// import's help said so, and the import refused it (QA operations round).
	if s.Name != "" {
		add(checkText("name", s.Name))
	}
	for _, f := range []struct{ name, value string }{{"street", s.Street}, {"city", s.City}} {
		add(checkText(f.name, f.value))
	}
	validCountry := countryPattern.MatchString(s.Country) && isCountryCode(s.Country)
	if !validCountry {
		add(&FieldError{"country", fmt.Sprintf("must be an ISO 3166-1 alpha-2 code such as DE, got %q", s.Country)})
	}
	switch f, ok := postcodeFormats[s.Country]; {
	case s.Postcode == "":
		add(&FieldError{"postcode", "is required"})
	case !validCountry:
		// The postcode's format is the country's: with no country to go by there is nothing to check it against.
	case ok && !f.re.MatchString(s.Postcode):
		add(&FieldError{"postcode", fmt.Sprintf("must be %s for %s, got %q", f.hint, s.Country, s.Postcode)})
	case !ok && !genericPostcode.MatchString(s.Postcode):
		add(&FieldError{"postcode", fmt.Sprintf("must be 2 to 10 letters, digits, spaces or hyphens, got %q", s.Postcode)})
	}
	return out
}

// isCountryCode: an assigned ISO 3166-1 alpha-2 code of a country, not one for private use (XX, ZZ, QM–QZ) nor
// an exceptionally reserved one (UK, EU).
func isCountryCode(code string) bool {
	r, err := language.ParseRegion(code)
	return err == nil && r.IsCountry() && !r.IsPrivateUse() && r.ISO3() != "ZZZ"
}

func checkText(field, value string) error {
	if value == "" {
		return &FieldError{field, "is required"}
	}
	if utf8.RuneCountInString(value) > maxTextLen {
		return &FieldError{field, fmt.Sprintf("must be at most %d characters", maxTextLen)}
	}
	if !utf8.ValidString(value) {
		return &FieldError{field, "is not valid UTF-8"}
	}
	for _, r := range value {
		if unicode.IsControl(r) {
			return &FieldError{field, "must not contain control characters such as line breaks"}
		}
	}
	return nil
}

// Clean returns s with surrounding spaces trimmed, inner runs of spaces
// collapsed and the country upper-cased, so equal input compares equal.
func (s Store) Clean() Store {
	s.ID = strings.TrimSpace(s.ID)
	s.Name = collapseSpaces(s.Name)
	s.Street = collapseSpaces(s.Street)
	s.Postcode = strings.ToUpper(collapseSpaces(s.Postcode))
	s.City = collapseSpaces(s.City)
	s.Country = strings.ToUpper(strings.TrimSpace(s.Country))
	return s
}

func collapseSpaces(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
