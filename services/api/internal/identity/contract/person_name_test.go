package contract_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
	"golang.org/x/text/unicode/norm"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

var personName = regexp.MustCompile(contract.PersonNamePattern)

// formerPersonName is the rule before 2026-11-30, which refused 't Hart, Gal·la and Smith Jr.: whatever it took, the
// rule takes still, so no name stored under it is refused when its owner saves their data again.
var formerPersonName = regexp.MustCompile(`^\p{L}[\p{L}\p{M} '’\-]*$`)

// isNameSeparator: a space, an apostrophe (the typewriter's or the typographic one) or a hyphen.
func isNameSeparator(r rune) bool { return r == ' ' || r == '\'' || r == '’' || isHyphen(r) }

// isHyphen: the typewriter's hyphen, U+2010 HYPHEN or U+2011 NON-BREAKING HYPHEN; no dash.
func isHyphen(r rune) bool { return r == '-' || r == '\u2010' || r == '\u2011' }

func isLetterOrMark(r rune) bool { return unicode.IsLetter(r) || unicode.IsMark(r) }

// nameByRule is the contract's personName in its own words, rune by rune: an optional Dutch elided article (an
// apostrophe, a letter and a space or a hyphen), then a letter; after it letters, marks and separators; a middle dot
// between a letter or a mark and a letter; a period after a letter or a mark, which a letter follows directly or a
// letter or a mark after separators, or which ends a name with a space after its article.
func nameByRule(name string) bool {
	r := []rune(name)
	if len(r) > 0 && (r[0] == '\'' || r[0] == '’') {
		if len(r) < 3 || !unicode.IsLetter(r[1]) || (r[2] != ' ' && !isHyphen(r[2])) {
			return false
		}
		r = r[3:]
	}
	if len(r) == 0 || !unicode.IsLetter(r[0]) {
		return false
	}
	for i := 1; i < len(r); i++ {
		c, prev := r[i], r[i-1]
		switch {
		case prev == '·' && !unicode.IsLetter(c):
			return false
		case prev == '.' && unicode.IsMark(c):
			return false
		case isLetterOrMark(c) || isNameSeparator(c):
		case c == '·':
			if !isLetterOrMark(prev) || i+1 == len(r) {
				return false
			}
		case c == '.':
			if !isLetterOrMark(prev) {
				return false
			}
			if i+1 == len(r) {
				return strings.ContainsRune(string(r[:i]), ' ')
			}
			next := i + 1
			for next < len(r) && isNameSeparator(r[next]) {
				next++
			}
			if next == len(r) || !isLetterOrMark(r[next]) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// TestPersonNameExamplesByRule: the contract's table of names, which both sides test their rule against, says what
// the rule's words say with textLength's on top (the generator holds it to the pattern): a Hangul filler is a letter
// to the pattern, and marks after a letter are taken however many, but the service refuses both, which the forms
// took (QA, 2026-11-30).
func TestPersonNameExamplesByRule(t *testing.T) {
	require.NotEmpty(t, contract.PersonNameExamples)
	for _, ex := range contract.PersonNameExamples {
		name := norm.NFC.String(strings.TrimSpace(ex.Name))
		require.Equal(t, ex.Valid, nameByRule(name) && contract.TextShowsAsSent(name), "%q", ex.Name)
	}
}

// TestTextShowsAsSent: at most TextMaxMarksInRow marks in a row, anywhere in a text, and none of the letters that
// show nothing.
func TestTextShowsAsSent(t *testing.T) {
	marks := func(n int) string { return strings.Repeat("\u0301", n) }
	for _, tc := range []struct {
		name, text string
		shows      bool
	}{
		{"a name", "Anna", true},
		{"marks in a row, as many as taken", "x" + marks(contract.TextMaxMarksInRow), true},
		{"one more", "x" + marks(contract.TextMaxMarksInRow+1), false},
		{"as many on each of two letters", "x" + marks(contract.TextMaxMarksInRow) + "y" + marks(contract.TextMaxMarksInRow), true},
		{"one more on the second", "x" + marks(contract.TextMaxMarksInRow) + "y" + marks(contract.TextMaxMarksInRow+1), false},
		{"a Hangul filler alone", "\u3164", false},
		{"a halfwidth one inside a name", "Mus\uffa0ter", false},
		{"a Hangul syllable", "김", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.shows, contract.TextShowsAsSent(tc.text))
		})
	}
	for _, r := range contract.TextHiddenLetters {
		require.False(t, contract.TextShowsAsSent("Anna"+string(r)), "%U", r)
	}
}

// FuzzPersonNamePattern: the pattern (a regular expression both Go and JavaScript read, hard to read for people)
// takes exactly the names the rule's words take, and every name the former rule took.
func FuzzPersonNamePattern(f *testing.F) {
	for _, ex := range contract.PersonNameExamples {
		f.Add(ex.Name)
	}
	for _, seed := range []string{"Eva. -", "St.\u2010Gallen", "A\u2011\u2010B", "A\u2013B", "St.-Gallen", "A -\u0301", "Gal·l·a", "J.R.R.", "'t Hart.", "van 't Hek.", "Anna- ", "l·\u0301"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, name string) {
		byPattern := personName.MatchString(name)
		require.Equal(t, nameByRule(name), byPattern, "%q", name)
		if formerPersonName.MatchString(name) {
			require.True(t, byPattern, "%q was taken before", name)
		}
	})
}
