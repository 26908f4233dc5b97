package region_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/region"
	"github.com/grocer-portal/portal/services/api/internal/region/derive"
)

// sourceCSVEnv overrides the location of zipcodes.de.csv for the sync test.
const sourceCSVEnv = "REGION_POSTCODES_CSV"

// sourceCSVCandidates are tried relative to this package directory
// (services/api/internal/region): shared/ next to the monorepo root's
// contents, and shared/ next to the monorepo checkout (/work/shared).
var sourceCSVCandidates = []string{
	"../../../../shared/data/de-postcodes/zipcodes.de.csv",
	"../../../../../shared/data/de-postcodes/zipcodes.de.csv",
}

func findSourceCSV(t *testing.T) string {
	t.Helper()
	if p := os.Getenv(sourceCSVEnv); p != "" {
		return p
	}
	for _, p := range sourceCSVCandidates {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skipf("source CSV zipcodes.de.csv not found (tried %v, set %s to its path); "+
		"cannot check that data/regions.txt is in sync with the generator", sourceCSVCandidates, sourceCSVEnv)
	return ""
}

// TestEmbeddedTableInSync re-runs the generator logic on the source CSV and
// requires byte-identical data/regions.txt and data/NOTICE. If it fails,
// regenerate (see the header of data/regions.txt) and review the diff.
func TestEmbeddedTableInSync(t *testing.T) {
	path := findSourceCSV(t)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()

	res, err := derive.Derive(f)
	require.NoError(t, err)
	wantTable, wantNotice, err := derive.Render(res)
	require.NoError(t, err)

	gotTable, err := os.ReadFile(filepath.Join("data", "regions.txt"))
	require.NoError(t, err)
	gotNotice, err := os.ReadFile(filepath.Join("data", "NOTICE"))
	require.NoError(t, err)
	const hint = "checked-in data is out of sync with the generator; run from services/api: " +
		"go run ./internal/region/gen -in ../../../shared/data/de-postcodes/zipcodes.de.csv -out internal/region/data"
	require.Equal(t, string(wantTable), string(gotTable), hint)
	require.Equal(t, string(wantNotice), string(gotNotice), hint)

	// And the parsed embedded table answers exactly the derived regions.
	tab := region.Default()
	require.Equal(t, len(res.Entries), tab.Len())
	for _, e := range res.Entries {
		require.Equal(t, e.Region, tab.Lookup(e.Postcode), e.Postcode)
	}
}
