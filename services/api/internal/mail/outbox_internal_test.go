package mail

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// TestRelayAnswersAreStoredAsValidText: a relay's answer in bytes that are not UTF-8, or long enough to be cut inside
// a character, was refused by PostgreSQL, and the failed delivery went unrecorded.
func TestRelayAnswersAreStoredAsValidText(t *testing.T) {
	for _, answer := range []string{
		"550 Postfach unbekannt \xff\xfe",
		"550 " + strings.Repeat("a", 495) + "ü and more",
		"250 ok",
	} {
		stored := truncateError(answer)
		require.True(t, utf8.ValidString(stored), "%q", stored)
		require.LessOrEqual(t, len(stored), 500)
		require.True(t, strings.HasPrefix(stored, answer[:3]))
	}
}
