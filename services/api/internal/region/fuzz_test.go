package region_test

import (
	"testing"

	"github.com/grocer-portal/portal/services/api/internal/region"
)

// FuzzParsePostcode: ParsePostcode never panics, accepts exactly the strings
// of five ASCII digits (returning them unchanged), rejects everything else
// with ErrInvalidPostcode, and every accepted postcode looks up to one of the
// three regions. Seed corpus: testdata/fuzz/FuzzParsePostcode.
func FuzzParsePostcode(f *testing.F) {
	for _, s := range []string{"20095", "01067", "00000", "99999", "", "1234", "123456", "12a45", " 12345x", "１２３４５"} {
		f.Add(s)
	}
	tab := region.Default()
	f.Fuzz(func(t *testing.T, s string) {
		p, err := region.ParsePostcode(s)
		want := len(s) == 5
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				want = false
			}
		}
		if want {
			if err != nil {
				t.Fatalf("ParsePostcode(%q) rejected a five-digit string: %v", s, err)
			}
			if string(p) != s {
				t.Fatalf("ParsePostcode(%q) = %q, want the input unchanged", s, p)
			}
		} else {
			if err != region.ErrInvalidPostcode {
				t.Fatalf("ParsePostcode(%q) = %q, %v; want ErrInvalidPostcode", s, p, err)
			}
			if p != "" {
				t.Fatalf("ParsePostcode(%q) returned %q with an error", s, p)
			}
		}
		switch r := tab.Lookup(p); r {
		case region.North, region.South, region.Unknown:
		default:
			t.Fatalf("Lookup(%q) = %q", p, r)
		}
		// Lookup on the unvalidated string must not panic either.
		_ = tab.Lookup(region.Postcode(s))
	})
}
