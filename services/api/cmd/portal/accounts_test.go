package main

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssosql"
)

func TestAccountsCommand(t *testing.T) {
	ctx := context.Background()
	dbURL, db := migratedSQLite(t)
	store := embedded.NewSQLStore(db)
	now := time.Now()
	require.NoError(t, store.CreateAccount(ctx, embedded.Account{UID: "u1", Email: "eva@example.com", Origin: embedded.OriginSite, CreatedAt: now, UpdatedAt: now}))
	disabled := func() bool {
		a, err := store.AccountByUID(ctx, "u1")
		require.NoError(t, err)
		return a.Disabled
	}

	tests := []struct {
		name         string
		args         []string
		wantErr      string
		wantDisabled bool
		wantOut      string
	}{
		{"disable, flags after the address", []string{"accounts", "disable", "Eva@Example.com", "--database-url", dbURL}, "", true, "account disabled\n"},
		// An operator repeating a command is told, and the account's history keeps one event (checked below).
		{"disable again", []string{"accounts", "disable", "eva@example.com", "--database-url", dbURL}, "", true, "account already disabled\n"},
		{"enable, flags first", []string{"accounts", "enable", "--database-url", dbURL, "eva@example.com"}, "", false, "account enabled\n"},
		{"enable again", []string{"accounts", "enable", "eva@example.com", "--database-url", dbURL}, "", false, "account already enabled\n"},
		{"unknown account", []string{"accounts", "disable", "nobody@example.com", "--database-url", dbURL}, "no account", false, ""},
		{"missing action", []string{"accounts", "block", "eva@example.com"}, "disable or enable", false, ""},
		{"missing address", []string{"accounts", "disable", "--database-url", dbURL}, "missing", false, ""},
		{"not an address", []string{"accounts", "disable", "eva", "--database-url", dbURL}, "not an e-mail", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(ctx, tc.args, &out, &errOut)
			if tc.wantErr != "" {
				require.ErrorContains(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.wantDisabled, disabled())
			require.Equal(t, tc.wantOut, out.String())
		})
	}
	events, err := audit.New(db, nil).ByEmail(ctx, "eva@example.com", 10)
	require.NoError(t, err)
	var types []string
	for _, e := range events {
		types = append(types, e.Type)
	}
	require.ElementsMatch(t, []string{audit.AccountDisabled, audit.AccountEnabled}, types)
}

// Disabling an account ends the partners' tokens of it, as a disabling in the service does (QA round: the command
// built the provider without telling single sign-on, and introspection still answered active).
func TestAccountsDisableEndsPartnerTokens(t *testing.T) {
	ctx := context.Background()
	dbURL, db := migratedSQLite(t)
	now := time.Now()
	require.NoError(t, embedded.NewSQLStore(db).CreateAccount(ctx, embedded.Account{UID: "u1", Email: "eva@example.com", Origin: embedded.OriginSite, CreatedAt: now, UpdatedAt: now}))
	tokens := ssosql.New(db)
	require.NoError(t, tokens.CreateToken(ctx, sso.Token{ID: "t1", RefreshHash: "rh1", ClientID: "rp", Subject: "u1", AuthRequestID: "req1",
		CreatedAt: now, ExpiresAt: now.Add(time.Hour), RefreshExpiresAt: now.Add(24 * time.Hour)}))

	var out, errOut bytes.Buffer
	require.NoError(t, run(ctx, []string{"accounts", "disable", "eva@example.com", "--database-url", dbURL}, &out, &errOut))
	tok, err := tokens.TokenByID(ctx, "t1")
	require.NoError(t, err)
	require.False(t, tok.RevokedAt.IsZero(), "the partner's token is revoked")
}
