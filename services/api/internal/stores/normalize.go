package stores

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// fold spells lower-case Latin letters with diacritics the way a shopper
// types them on a keyboard without them: German umlauts as two letters
// (ü = ue, so "Muenchen" finds "München"), every other accent dropped. The
// other usual spelling of an umlaut, the bare vowel ("Munchen"), is the
// index's second spelling of a store's words (Spellings).
var fold = map[rune]string{
	'ä': "ae", 'ö': "oe", 'ü': "ue", 'ß': "ss",
	'æ': "ae", 'œ': "oe", 'ø': "o", 'å': "a",
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ā': "a", 'ă': "a", 'ą': "a",
	'ç': "c", 'ć': "c", 'ĉ': "c", 'ċ': "c", 'č': "c",
	'ď': "d", 'đ': "d", 'ð': "d",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ē': "e", 'ĕ': "e", 'ė': "e", 'ę': "e", 'ě': "e",
	'ĝ': "g", 'ğ': "g", 'ġ': "g", 'ģ': "g",
	'ĥ': "h", 'ħ': "h",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ĩ': "i", 'ī': "i", 'ĭ': "i", 'į': "i", 'ı': "i",
	'ĳ': "ij", 'ĵ': "j", 'ķ': "k",
	'ĺ': "l", 'ļ': "l", 'ľ': "l", 'ŀ': "l", 'ł': "l",
	'ñ': "n", 'ń': "n", 'ņ': "n", 'ň': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ō': "o", 'ŏ': "o", 'ő': "o",
	'ŕ': "r", 'ŗ': "r", 'ř': "r",
	'ś': "s", 'ŝ': "s", 'ş': "s", 'š': "s", 'ș': "s",
	'ţ': "t", 'ť': "t", 'ŧ': "t", 'ț': "t", 'þ': "th",
	'ù': "u", 'ú': "u", 'û': "u", 'ũ': "u", 'ū': "u", 'ŭ': "u", 'ů': "u", 'ű': "u", 'ų': "u",
	'ŵ': "w", 'ý': "y", 'ÿ': "y", 'ŷ': "y",
	'ź': "z", 'ż': "z", 'ž': "z",
}

// combiningDiaeresis is how decomposed input (e.g. from macOS) spells the
// umlaut dots; after a, o or u it folds like the precomposed letter.
const combiningDiaeresis = '\u0308'

// The full-width forms of ASCII (U+FF01 "！" to U+FF5E "～") lie at a fixed distance from the characters they show.
const (
	fullWidthFirst  = '\uFF01'
	fullWidthLast   = '\uFF5E'
	fullWidthOffset = fullWidthFirst - '!'
)

// Normalize folds a search term or a store field into the form the search
// compares: lower case, full-width letters, digits and punctuation as their
// ASCII selves, umlauts spelt out (ü = ue, ö = oe, ä = ae, ß = ss), other
// accents dropped, and every run of whitespace or punctuation turned into one
// space. Normalize(Normalize(s)) == Normalize(s).
func Normalize(s string) string {
	return normalize(s, false)
}

// normalize is Normalize, with ä, ö and ü spelt as their bare vowels (a, o, u) when bareUmlauts is set.
func normalize(s string, bareUmlauts bool) string {
	if isNormalASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	pendingSpace := false
	for _, r := range s {
		if r >= fullWidthFirst && r <= fullWidthLast {
			// An East Asian keyboard's input mode, or a pasted document, gives "１０１" for 101: the same text
			// to a shopper, and the directory spells its postcodes and names in ASCII (QA bad-input round: the
			// full-width query found nothing). Width only: NFKC would also turn "²" or "①" into digits, which
			// nobody types for a postcode. The ideographic space U+3000 is a separator already.
			r -= fullWidthOffset
		}
		r = unicode.ToLower(r)
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			if pendingSpace {
				b.WriteByte(' ')
				pendingSpace = false
			}
			b.WriteRune(r)
		case r == combiningDiaeresis:
			// Only the dots over a, o and u mean an umlaut; other marks vanish.
			if out := b.String(); out != "" && !pendingSpace && !bareUmlauts {
				switch out[len(out)-1] {
				case 'a', 'o', 'u':
					b.WriteByte('e')
				}
			}
		case unicode.Is(unicode.Mn, r):
			// Other combining marks (accents of decomposed input) are dropped.
		case fold[r] != "":
			if pendingSpace {
				b.WriteByte(' ')
				pendingSpace = false
			}
			if bareUmlauts && (r == 'ä' || r == 'ö' || r == 'ü') {
				b.WriteString(fold[r][:1])
			} else {
				b.WriteString(fold[r])
			}
		case (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unicode.IsUpper(r) && !unicode.IsTitle(r):
			// Letters of other scripts are kept as they are; a letter that
			// stays upper case after ToLower has no lower case and is dropped
			// with the separators.
			if pendingSpace {
				b.WriteByte(' ')
				pendingSpace = false
			}
			b.WriteRune(r)
		default:
			if b.Len() > 0 {
				pendingSpace = true
			}
		}
	}
	return b.String()
}

// isNormalASCII reports whether s is already normal: lower-case ASCII letters
// and digits separated by single spaces. It is the fast path for stored
// terms and most typed queries.
func isNormalASCII(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	prevSpace := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			prevSpace = false
		case c == ' ' && !prevSpace:
			prevSpace = true
		default:
			return false
		}
	}
	return true
}

// Tokenize splits s into normalised words, the units the search matches by prefix.
func Tokenize(s string) []string {
	return strings.Fields(Normalize(s))
}

// Spellings returns the words a store's name, street or city is found by: its normalised words (Tokenize) and,
// after them, each word with an umlaut also with the bare vowel (ü = u), as a keyboard without umlauts spells it
// besides ue. A query is normalised one way, ü as ue, so with both spellings in the index "München", "Muenchen"
// and "Munchen" all find München (QA: "Munchen" and "Dusseldorf" found nothing), while "Muenster" still finds
// Münster alone, not Munster.
func Spellings(s string) []string {
	words := Tokenize(s)
	if !strings.ContainsAny(s, "äöüÄÖÜ\u0308") {
		return words
	}
	// The two spellings differ only inside words, so their words pair up one to one.
	n := len(words)
	bare := strings.Fields(normalize(s, true))
	for i := range min(n, len(bare)) {
		if bare[i] != words[i] {
			words = append(words, bare[i])
		}
	}
	return words
}
