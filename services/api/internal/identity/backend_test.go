package identity_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

func TestParseEmail(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"plain", "eva@example.com", "eva@example.com", true},
		{"trimmed and lower-cased", "  Eva@Example.COM ", "eva@example.com", true},
		{"empty", "", "", false},
		{"no domain dot", "eva@localhost", "", false},
		{"display name", "Eva <eva@example.com>", "", false},
		{"two ats", "a@b@example.com", "", false},
		{"too long", string(make([]byte, 250)) + "@example.com", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := identity.ParseEmail(tc.in)
			if !tc.ok {
				require.ErrorIs(t, err, identity.ErrInvalidEmail)
				return
			}
			require.NoError(t, err)
			require.Equal(t, identity.Email(tc.want), got)
		})
	}
}
