package stores_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/stores"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"empty", "", ""},
		{"already normal", "hamburg 20095", "hamburg 20095"},
		{"upper case", "HAMBURG", "hamburg"},
		{"umlauts spelt out", "München Köln Bärstadt", "muenchen koeln baerstadt"},
		{"capital umlauts", "ÜBERSEE ÖHRINGEN ÄTNA", "uebersee oehringen aetna"},
		{"sharp s", "Große Bergstraße", "grosse bergstrasse"},
		{"capital sharp s", "GROẞE", "grosse"},
		{"decomposed umlaut", "Mu\u0308nchen", "muenchen"},
		{"decomposed accent", "Lie\u0300ge", "liege"},
		{"french accents", "Liège Chaussée d'Ixelles", "liege chaussee d ixelles"},
		{"polish letters", "Łódź Wrocław Gdańsk", "lodz wroclaw gdansk"},
		{"portuguese and spanish", "São António Málaga España", "sao antonio malaga espana"},
		{"ligatures", "Œuvre Æbelø", "oeuvre aebelo"},
		{"punctuation collapses", "  Robert-Bosch-Str. 12a,  Hamburg!! ", "robert bosch str 12a hamburg"},
		{"only punctuation", "?!-", ""},
		{"tabs and newlines", "a\tb\nc", "a b c"},
		{"other scripts kept", "Москва", "москва"},
		{"invalid utf-8 separates", "ham\xffburg", "ham burg"},
		// Full-width forms, as an East Asian keyboard or a pasted document gives them, are the ASCII characters
		// they show (QA bad-input round: "１０１" found nothing that "101" finds).
		{"full-width digits", "１０１", "101"},
		{"full-width letters", "ＨＡＭＢＵＲＧ ｈａｍｂｕｒｇ", "hamburg hamburg"},
		{"full-width punctuation and ideographic space", "Ｒｏｂｅｒｔ－Ｂｏｓｃｈ－Ｓｔｒ．　１２ａ", "robert bosch str 12a"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := stores.Normalize(tc.in)
			require.Equal(t, tc.want, got)
			require.Equal(t, got, stores.Normalize(got), "idempotent")
		})
	}
}

func TestTokenize(t *testing.T) {
	require.Equal(t, []string{"hamburg", "altona", "grosse", "bergstrasse", "1"}, stores.Tokenize("Hamburg-Altona, Große Bergstraße 1"))
	require.Empty(t, stores.Tokenize(" - "))
}

// A store's words are found by the usual spellings of their umlauts: ü as ue (Normalize) and as u (QA: "Munchen"
// and "Dusseldorf" found nothing). Words without an umlaut have one spelling.
func TestSpellings(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"no umlaut", "Hamburg-Altona", []string{"hamburg", "altona"}},
		{"sharp s has one spelling", "Große Bergstraße 1", []string{"grosse", "bergstrasse", "1"}},
		{"umlauts", "München Köln Gräfelfing", []string{"muenchen", "koeln", "graefelfing", "munchen", "koln", "grafelfing"}},
		{"capital umlauts", "ÜBERSEE", []string{"uebersee", "ubersee"}},
		{"only the words with an umlaut twice", "Düsseldorf Königsallee 60", []string{"duesseldorf", "koenigsallee", "60", "dusseldorf", "konigsallee"}},
		{"decomposed umlaut", "Mu\u0308nster", []string{"muenster", "munster"}},
		{"other accents have one spelling", "Liège Kraków Æbelø", []string{"liege", "krakow", "aebelo"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, stores.Spellings(tc.in))
		})
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"München", "Große Bergstraße 1", "Mu\u0308nchen", "ÄÖÜẞ", "Łódź", "  a  b  ", "\xff\xfe", "ǅemal", "ϒ", "İstanbul", "ＨＡＭ　１０１"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := stores.Normalize(in)
		if again := stores.Normalize(out); again != out {
			t.Fatalf("not idempotent: %q -> %q -> %q", in, out, again)
		}
		// The first spelling of a store's words is its normalised words, every other one a normalised word too.
		words := stores.Spellings(in)
		require.Equal(t, stores.Tokenize(in), words[:len(stores.Tokenize(in))])
		for _, w := range words {
			require.Equal(t, w, stores.Normalize(w))
			require.NotContains(t, w, " ")
		}
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of %q: %q", in, out)
		}
		if strings.HasPrefix(out, " ") || strings.HasSuffix(out, " ") || strings.Contains(out, "  ") {
			t.Fatalf("spaces not collapsed in %q", out)
		}
		for _, r := range out {
			if r >= '\uFF01' && r <= '\uFF5E' {
				t.Fatalf("%q left the full-width %q in %q", in, r, out)
			}
			if unicode.IsUpper(r) || unicode.IsTitle(r) || strings.ContainsRune("äöüßÄÖÜẞ", r) {
				t.Fatalf("%q left %q in %q", in, r, out)
			}
		}
	})
}
