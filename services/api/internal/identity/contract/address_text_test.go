package contract_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// TestTrimInvisible: spaces and format characters off either end, a text of nothing else (controls too) empty, a
// control beside a letter and the tags of a flag left for what follows (QA, 2026-12-01: "\u200B" was a street).
func TestTrimInvisible(t *testing.T) {
	flag := "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
	for in, want := range map[string]string{
		"\u200B":                     "",
		" \u200B\u2060\uFEFF\u00AD ": "",
		"\u0007":                     "",
		"\u0000 \u200E":              "",
		"\u200BHauptstraße\uFEFF":    "Hauptstraße",
		" 12a\u2060":                 "12a",
		"\u202EKöln\u0085\u3000":     "Köln",
		"Nord\u200Bweg":              "Nord\u200Bweg",
		"Berlin\u0000":               "Berlin\u0000",
		"Weg " + flag + "\u200B":     "Weg " + flag,
	} {
		require.Equal(t, want, contract.TrimInvisible(in), "%+q", in)
	}
}

// TestPlaceTextValid: a letter or a digit of any script, and none of the emoji, other symbols (So, but the degree and
// the numero sign) and format characters inside (QA, 2026-12-01: "München😀" and "Mü\u200Dnchen" were stored as towns,
// which names refuse); punctuation, numbers such as ½ and the other symbols stay.
func TestPlaceTextValid(t *testing.T) {
	for _, s := range []string{"12a", "7/1", "Łódź", "Αθήνα", "\u0663", "Straße des 17. Juni", "Frankfurt (Oder)", "'s-Hertogenbosch",
		"3 ½", "Via Roma 5, 3° piano", "№ 15", "12+14", "Weg 5 €", "Mu\u0308nchen"} {
		require.True(t, contract.PlaceTextValid(s), "%+q", s)
	}
	for _, s := range []string{"", "😀", "👍🏽", "-", "/", "...", "\u0301", "\uFE0F", "München😀", "Berlin ❤", "★ Weg", "Weg ©", "Weg ™",
		"\U0001F1E9\U0001F1EA Berlin", "12\U0001F3FB", "1\uFE0F\u20E3", "1\u20E3", "Weg 3\uFE0F", "Mü\u200Dnchen", "Mü\u200Bnchen", "Mü\u200Cnchen",
		"Haupt\u00ADstraße", "Köln\u200E Süd", "Köln\u2060Süd", "Weg\u061C 5", "Weg \U000E0067"} {
		require.False(t, contract.PlaceTextValid(s), "%+q", s)
	}
}

// FuzzTrimInvisible: what is left is a part of the text, trimming it again changes nothing, it neither begins nor ends
// with a space or a format character (but a tag), and it is empty exactly when the text holds nothing but those and
// controls.
func FuzzTrimInvisible(f *testing.F) {
	for _, seed := range []string{"", "\u200B", " 12a\u2060", "Anna\x00", "\U000E007F", "\u200B\U000E0020a"} {
		f.Add(seed)
	}
	trimmed := func(r rune) bool {
		return unicode.IsSpace(r) || (unicode.Is(unicode.Cf, r) && (r < 0xE0000 || r > 0xE007F))
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		out := contract.TrimInvisible(s)
		require.True(t, strings.Contains(s, out), "%+q → %+q", s, out)
		require.Equal(t, out, contract.TrimInvisible(out), "%+q", s)
		blank := !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsSpace(r) && !unicode.In(r, unicode.Cc, unicode.Cf) })
		require.Equal(t, blank, out == "", "%+q → %+q", s, out)
		if out != "" {
			first, _ := utf8.DecodeRuneInString(out)
			last, _ := utf8.DecodeLastRuneInString(out)
			require.False(t, trimmed(first) || trimmed(last), "%+q → %+q", s, out)
		}
	})
}
