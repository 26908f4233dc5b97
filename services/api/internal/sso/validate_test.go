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
