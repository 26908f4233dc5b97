package sso_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/sso"
)

// TestClientIDs: a partner's id is what the refusal says it may be, ASCII letters, digits, dots, underscores and
// dashes, as the ids the demo and the browser tests register are.
func TestClientIDs(t *testing.T) {
	for id, ok := range map[string]bool{
		"fotoservice": true, "partner-desktop-1764400000000": true, "reise_service.v2": true, strings.Repeat("a", 200): true,
		"": false, " ": false, "a b": false, "a:b": false, "a/b": false, `wéird<id>"?&`: false, "café": false, "a?b": false,
		strings.Repeat("a", 201): false,
	} {
		err := sso.ValidateClient(sso.Client{ID: id, RedirectURIs: []string{"https://partner.example/cb"}}, true)
		if ok {
			require.NoError(t, err, id)
		} else {
			require.ErrorContains(t, err, "1 to 200 ASCII letters, digits, dots, underscores and dashes only", id)
		}
	}
}

// TestClientNames: a partner's name, shown to shoppers on the consent page, is 1 to 100 printable characters once
// trimmed (QA operator round: a line break and 5,000 characters were registered).
func TestClientNames(t *testing.T) {
	for name, want := range map[string]string{
		"Fotoservice": "", "Fotobücher & Poster": "", " Reisen ": "", strings.Repeat("é", 100): "",
		"":                       "must be 1 to 100 characters, got 0",
		" ":                      "must be 1 to 100 characters, got 0",
		strings.Repeat("a", 101): "must be 1 to 100 characters, got 101",
		"a\nb":                   `must be printable: no line breaks, tabs or other control characters, got "a\nb"`,
		"a\tb":                   `must be printable: no line breaks, tabs or other control characters, got "a\tb"`,
		"a\u202eb":               `must be printable: no line breaks, tabs or other control characters, got "a\u202eb"`,
		"a\xffb":                 `must be printable: no line breaks, tabs or other control characters, got "a\xffb"`,
	} {
		err := sso.CheckClientName(name)
		if want == "" {
			require.NoError(t, err, name)
		} else {
			require.EqualError(t, err, want, name)
		}
	}
	// A configured partner's name is held to the same rule.
	err := sso.ValidateClient(sso.Client{ID: "reisen", Name: "Reise\nservice", RedirectURIs: []string{"https://partner.example/cb"}}, true)
	require.EqualError(t, err, `sso: client reisen: name: must be printable: no line breaks, tabs or other control characters, got "Reise\nservice"`)
}
