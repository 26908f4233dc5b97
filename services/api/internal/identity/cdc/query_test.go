package cdc_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/cdc"
)

func TestQuoteString(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"plain address", "eva@example.com", `"eva@example.com"`, true},
		{"double quote", `a"b@example.com`, `"a\"b@example.com"`, true},
		{"backslash", `a\b@example.com`, `"a\\b@example.com"`, true},
		{"breakout attempt", `x" OR profile.email != "`, `"x\" OR profile.email != \""`, true},
		{"backslash before quote", `\"`, `"\\\""`, true},
		{"single quote stays", "o'neil@example.com", `"o'neil@example.com"`, true},
		{"umlaut", "jörg@example.de", `"jörg@example.de"`, true},
		{"empty", "", `""`, true},
		{"newline refused", "a\nb", "", false},
		{"nul refused", "a\x00b", "", false},
		{"line separator refused", "a\u2028b", "", false},
		{"invalid utf-8 refused", "a\xffb", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := cdc.QuoteString(tc.in)
			if !tc.ok {
				require.ErrorIs(t, err, cdc.ErrUnsafeQueryValue)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestSearchByEmailQuery(t *testing.T) {
	q, err := cdc.SearchByEmailQuery("UID", identity.Email(`x"y@example.com`))
	require.NoError(t, err)
	require.Equal(t, `SELECT UID FROM accounts WHERE profile.email contains "x\"y@example.com"`, q)
}

func TestSameEmail(t *testing.T) {
	tests := []struct {
		name   string
		stored string
		want   bool
	}{
		{"same", "eva@example.com", true},
		{"other case", "Eva@Example.COM", true},
		{"longer", "eva@example.com.au", false},
		{"prefixed", "xeva@example.com", false},
		{"missing", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, cdc.SameEmail(tc.stored, identity.Email("eva@example.com")))
		})
	}
}

// unquote reads one string literal the way the vendor's query parser does and returns its value and what
// follows it; ok is false when the literal is not closed.
func unquote(s string) (value, rest string, ok bool) {
	if !strings.HasPrefix(s, `"`) {
		return "", s, false
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 >= len(s) {
				return "", "", false
			}
			i++
			b.WriteByte(s[i])
		case '"':
			return b.String(), s[i+1:], true
		default:
			b.WriteByte(s[i])
		}
	}
	return "", "", false
}

func FuzzQuoteString(f *testing.F) {
	for _, seed := range []string{"eva@example.com", `"`, `\`, `\"`, `" OR 1=1 --`, "a\nb", "ü", "\xff"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lit, err := cdc.QuoteString(s)
		if err != nil {
			require.ErrorIs(t, err, cdc.ErrUnsafeQueryValue)
			return
		}
		require.True(t, utf8.ValidString(lit))
		got, rest, ok := unquote(lit)
		require.True(t, ok, "literal %q is not closed", lit)
		require.Empty(t, rest, "literal %q ends early: the value broke out", lit)
		require.Equal(t, s, got)
	})
}
