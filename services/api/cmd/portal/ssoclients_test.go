package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssosql"
)

func TestSSOClientsCommand(t *testing.T) {
	ctx := context.Background()
	dbURL, _ := migratedSQLite(t)
	var out, errOut bytes.Buffer
	err := run(ctx, []string{"sso-clients", "add", "--database-url", dbURL, "--id", "reisen", "--name", "Reiseservice",
		"--redirect-uri", "https://reisen.example/cb", "--redirect-uri", "https://reisen.example/cb2",
		"--post-logout-uri", "https://reisen.example/", "--first-party", "--refresh-tokens"}, &out, &errOut)
	require.NoError(t, err)
	m := regexp.MustCompile(`client secret \(shown only now, store it at the partner\): (\S+)`).FindStringSubmatch(out.String())
	require.Len(t, m, 2, out.String())

	db, err := database.Open(ctx, dbURL)
	require.NoError(t, err)
	defer func() { _ = db.Close() }()
	c, err := ssosql.New(db).ClientByID(ctx, "reisen")
	require.NoError(t, err)
	require.Equal(t, sso.HashSecret(m[1]), c.SecretHash, "only the hash is stored")
	require.Equal(t, []string{"https://reisen.example/cb", "https://reisen.example/cb2"}, c.RedirectURIs)
	require.True(t, c.FirstParty && c.RefreshTokens)

	for _, action := range []string{"add", "remove"} {
		err := run(ctx, []string{"sso-clients", action, "--database-url", dbURL, "--name", "X", "--redirect-uri", "https://x.example/cb"}, &out, &errOut)
		require.EqualError(t, err, "sso-clients "+action+": --id is required", "named as the flag left out")
	}

	out.Reset()
	require.NoError(t, run(ctx, []string{"sso-clients", "add", "--database-url", dbURL, "--id", "app", "--public", "--redirect-uri", "https://app.example/cb"}, &out, &errOut))
	require.NotContains(t, out.String(), "secret")
	out.Reset()
	require.NoError(t, run(ctx, []string{"sso-clients", "list", "--database-url", dbURL}, &out, &errOut))
	require.Contains(t, out.String(), "reisen\tReiseservice\tconfidential, first-party, refresh tokens")
	require.Contains(t, out.String(), "app\tapp\tpublic")

	// An id that is registered is not replaced by accident (a new secret would break the live partner); --replace
	// registers it again.
	again := []string{"sso-clients", "add", "--database-url", dbURL, "--id", "reisen", "--redirect-uri", "https://other.example/cb"}
	require.ErrorContains(t, run(ctx, again, &out, &errOut), "registered already")
	kept, err := ssosql.New(db).ClientByID(ctx, "reisen")
	require.NoError(t, err)
	require.Equal(t, c.SecretHash, kept.SecretHash)
	require.NoError(t, run(ctx, append(again, "--replace"), &out, &errOut))
	replaced, err := ssosql.New(db).ClientByID(ctx, "reisen")
	require.NoError(t, err)
	require.Equal(t, []string{"https://other.example/cb"}, replaced.RedirectURIs)

	require.ErrorContains(t, run(ctx, []string{"sso-clients", "add", "--database-url", dbURL, "--id", "bad", "--redirect-uri", "ftp://x"}, &out, &errOut), "must use https")
	require.ErrorContains(t, run(ctx, []string{"sso-clients", "add", "--database-url", dbURL, "--id", "none"}, &out, &errOut), "at least one redirect URI")
	// The id is what the message says it may be (QA operations round: this one was registered).
	require.EqualError(t, run(ctx, []string{"sso-clients", "add", "--database-url", dbURL, "--id", `wéird<id>"?&`, "--redirect-uri", "https://x.example/cb"}, &out, &errOut),
		`sso: client id "wéird<id>\"?&": 1 to 200 ASCII letters, digits, dots, underscores and dashes only`)
	// The name is what shoppers read on the consent page and what the list prints between tabs: a line break split
	// the list's line, and 5,000 characters were taken (QA operator round); it is trimmed, and the id stands for it
	// when it is left out.
	for name, want := range map[string]string{
		"Reise\nservice":          `sso-clients add: --name: must be printable: no line breaks, tabs or other control characters, got "Reise\nservice"`,
		"Reise\tservice":          `sso-clients add: --name: must be printable: no line breaks, tabs or other control characters, got "Reise\tservice"`,
		strings.Repeat("x", 5000): "sso-clients add: --name: must be 1 to 100 characters, got 5000",
		"   ":                     "sso-clients add: --name: must be 1 to 100 characters, got 0",
	} {
		require.EqualError(t, run(ctx, []string{"sso-clients", "add", "--database-url", dbURL, "--id", "named", "--name", name, "--redirect-uri", "https://x.example/cb"}, &out, &errOut), want)
	}
	require.NoError(t, run(ctx, []string{"sso-clients", "add", "--database-url", dbURL, "--id", "named", "--name", " Fotobücher & Poster ", "--redirect-uri", "https://x.example/cb"}, &out, &errOut))
	named, err := ssosql.New(db).ClientByID(ctx, "named")
	require.NoError(t, err)
	require.Equal(t, "Fotobücher & Poster", named.Name)

	require.NoError(t, run(ctx, []string{"sso-clients", "remove", "--database-url", dbURL, "--id", "app"}, &out, &errOut))
	require.ErrorContains(t, run(ctx, []string{"sso-clients", "remove", "--database-url", dbURL, "--id", "app"}, &out, &errOut), "no client")
	require.ErrorContains(t, run(ctx, []string{"sso-clients", "rename"}, &out, &errOut), "add, list or remove")
}
