package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/config/configtest"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/stores/storesql"
)

func runCLI(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	// Flags go before the positional arguments, as the flag package requires.
	args = append([]string{args[0], "--log-level", "error"}, args[1:]...)
	err := run(context.Background(), args, &stdout, &stderr)
	return stdout.String(), err
}

func storesIn(t *testing.T, dbURL string) []stores.Store {
	t.Helper()
	db, err := database.Open(context.Background(), dbURL)
	require.NoError(t, err)
	defer func() { _ = db.Close() }()
	all, err := storesql.New(db).All(context.Background())
	require.NoError(t, err)
	return all
}

func writeCSV(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "stores.csv")
	require.NoError(t, os.WriteFile(path, []byte(content), 0o600))
	return path
}

// TestImportStoresRefusesAnOversizedFile: more rows than a store directory holds are a wrong file.
func TestImportStoresRefusesAnOversizedFile(t *testing.T) {
	dbURL, _ := migratedSQLite(t)
	var b strings.Builder
	b.WriteString("id,name,street,postcode,city,country,open\n")
	for i := range maxImportStores + 1 {
		fmt.Fprintf(&b, "DE-%07d,Hamburg,Steinstraße %d,20095,Hamburg,DE,true\n", i, i)
	}
	_, err := runCLI(t, "import-stores", "--database-url", dbURL, writeCSV(t, b.String()))
	require.ErrorContains(t, err, "more than the 50000 a store directory holds")
	require.Empty(t, storesIn(t, dbURL))
}

func TestImportStores(t *testing.T) {
	const header = "id,name,street,postcode,city,country,open\n"
	dbURL, _ := migratedSQLite(t)
	tests := []struct {
		name      string
		file      string
		wantOut   string
		wantErr   []string
		wantCount int
	}{
		{
			name:      "new stores",
			file:      header + "DE-20095-01,Hamburg,Mönckebergstraße 7,20095,Hamburg,DE,true\nAT-1060-01,Wien-Mariahilf,Mariahilfer Straße 120,1060,Wien,AT,yes\n",
			wantOut:   "imported 2 stores (2 new, 0 updated, 0 unchanged)\n",
			wantCount: 2,
		},
		{
			name:      "update one, add one, keep one",
			file:      header + "DE-20095-01,Hamburg,Mönckebergstraße 7,20095,Hamburg,DE,0\nAT-1060-01,Wien-Mariahilf,Mariahilfer Straße 120,1060,Wien,AT,1\nDE-80331-01,München,Sendlinger Straße 5,80331,München,DE,true\n",
			wantOut:   "imported 3 stores (1 new, 1 updated, 1 unchanged)\n",
			wantCount: 3,
		},
		{
			name:      "a store without a name of its own (the help says it may be empty)",
			file:      header + "BE-1000-01,,Rue Neuve 57,1000,Bruxelles,BE,true\n",
			wantOut:   "imported 1 store (1 new, 0 updated, 0 unchanged)\n",
			wantCount: 4,
		},
		{
			// It said "imported 1 store (0 new, 0 updated)", where seed says unchanged (QA operator round).
			name:      "the same file again",
			file:      header + "BE-1000-01,,Rue Neuve 57,1000,Bruxelles,BE,true\n",
			wantOut:   "imported 1 store (0 new, 0 updated, 1 unchanged)\n",
			wantCount: 4,
		},
		{
			name: "a bad row imports nothing",
			file: header +
				"DE-10115-01,Berlin,Hauptstraße 1,10115,Berlin,DE,true\n" +
				"DE-1011-01,Berlin,Hauptstraße 1,1011,Berlin,DE,true\n" +
				"DE-10117-01,Berlin,Hauptstraße 2,10117,Berlin,DE,perhaps\n",
			wantErr:   []string{"nothing imported", `line 3: postcode: must be 5 digits for DE, got "1011"`, "line 4: open:"},
			wantCount: 4,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runCLI(t, "import-stores", writeCSV(t, tc.file), "--database-url", dbURL) // flags after the file work too
			if tc.wantErr != nil {
				for _, want := range tc.wantErr {
					require.ErrorContains(t, err, want)
				}
			} else {
				require.NoError(t, err)
				require.Equal(t, tc.wantOut, out)
			}
			require.Len(t, storesIn(t, dbURL), tc.wantCount)
		})
	}

	t.Run("needs exactly one file", func(t *testing.T) {
		_, err := runCLI(t, "import-stores", "--database-url", dbURL)
		require.ErrorContains(t, err, "exactly one CSV file")
	})
	t.Run("missing file", func(t *testing.T) {
		_, err := runCLI(t, "import-stores", "--database-url", dbURL, filepath.Join(t.TempDir(), "nope.csv"))
		require.ErrorContains(t, err, "no such file")
	})
	// QA operator round: standard input was named "-" ("- has bad rows").
	t.Run("standard input", func(t *testing.T) {
		stdin := os.Stdin
		f, err := os.Open(writeCSV(t, header+"DE-1011-01,Berlin,Hauptstraße 1,1011,Berlin,DE,true\n"))
		require.NoError(t, err)
		os.Stdin = f
		defer func() { os.Stdin = stdin; _ = f.Close() }()
		_, err = runCLI(t, "import-stores", "--database-url", dbURL, "-")
		require.ErrorContains(t, err, "import-stores: nothing imported, standard input has bad rows:\nline 2: postcode")
	})
	// QA operator round: a folder "has bad rows: read csv: is a directory".
	t.Run("a folder", func(t *testing.T) {
		dir := t.TempDir()
		_, err := runCLI(t, "import-stores", "--database-url", dbURL, dir)
		require.EqualError(t, err, "import-stores: "+dir+" is a folder, not a CSV file")
	})
}

func TestSeedIsIdempotent(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "portal.db")
	// All seeders by default; the stores seeder reports on its own line.
	out, err := runCLI(t, "seed", "--database-url", dbURL)
	require.NoError(t, err)
	require.Regexp(t, `(?m)^stores: \d{4} demo stores \(\d{4} new, 0 updated, 0 unchanged\)$`, out)
	first := storesIn(t, dbURL)
	require.GreaterOrEqual(t, len(first), 4000)

	out, err = runCLI(t, "seed", "--database-url", dbURL, "stores")
	require.NoError(t, err)
	require.Regexp(t, `^stores: \d{4} demo stores \(0 new, 0 updated, \d{4} unchanged\)\n$`, out)
	require.Equal(t, first, storesIn(t, dbURL))

	_, err = runCLI(t, "seed", "--database-url", dbURL, "unicorns")
	require.ErrorContains(t, err, `unknown seeder "unicorns" (known: stores`)

	out, err = runCLI(t, "seed", "stores", "--database-url", dbURL)
	require.NoError(t, err, "flags may follow the names")
	require.Contains(t, out, "unchanged")

	configtest.SetProduction(t)
	_, err = runCLI(t, "seed", "--database-url", dbURL)
	require.ErrorContains(t, err, "refused in production")
}
