package identityapi_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// TestMountedMethodsAreTheDocumentedOnes: the accounts.* routes the service mounts, and answers with something
// other than "unknown method", are exactly the methods api/identity-contract.yaml documents; whoever writes a
// client reads that file and finds every method, and only those.
func TestMountedMethodsAreTheDocumentedOnes(t *testing.T) {
	v := newEnv(t)
	var mounted []string
	for _, r := range v.e.Routes() {
		if name, found := strings.CutPrefix(r.Path, "/identity/accounts."); found && r.Method == http.MethodPost {
			mounted = append(mounted, name)
		}
	}
	var documented []string
	for _, m := range contract.Methods {
		documented = append(documented, m.Name)
	}
	slices.Sort(mounted)
	slices.Sort(documented)
	require.Equal(t, documented, mounted)

	// Called without parameters, each method answers one of its documented codes: it is dispatched, not
	// refused as unknown (404000).
	for _, m := range contract.Methods {
		answer, rec := v.call(m.Name, map[string]any{}, req{})
		require.Equal(t, http.StatusOK, rec.Code, m.Name)
		code, _ := answer["errorCode"].(float64)
		require.Contains(t, append(slices.Clone(m.Codes), contract.EveryMethodCodes...), int(code), "accounts.%s answered %v", m.Name, answer)
	}
}
