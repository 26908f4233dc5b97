package embedded_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// The erasure of an account and of what other parts keep of it is one transaction: when the other parts fail,
// the account is still there, whole, and the shopper can try again.
func TestDeletingAnAccountIsAllOrNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("eva@example.com")
		broken := errors.New("partner store down")
		var seen embedded.ErasedAccount
		cfg := embedded.DefaultConfig()
		cfg.PublicURL, cfg.Argon2 = "https://portal.example", cheapArgon2
		p, err := embedded.New(cfg, embedded.Deps{Store: h.store, Mail: h.mail, Now: func() time.Time { return h.now },
			EraseWithAccount: func(ctx context.Context, tx database.Tx, a embedded.ErasedAccount) error {
				seen = a
				// What the eraser writes in tx goes with the account's deletion (rolled back here).
				_, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM identity_accounts WHERE email = ?`), "nobody@example.com")
				require.NoError(t, err)
				return broken
			}})
		require.NoError(t, err)
		login, err := p.Login(h.ctx, embedded.Caller{}, embedded.LoginParams{LoginID: "eva@example.com", Password: goodPassword})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, login.ErrorCode)

		_, err = p.DeleteAccount(h.ctx, embedded.Caller{SessionToken: login.Session.Token}, embedded.DeleteAccountParams{Password: goodPassword})
		require.ErrorIs(t, err, broken)
		require.Equal(t, "eva@example.com", seen.Email.String())
		a, err := h.store.AccountByEmail(h.ctx, "eva@example.com")
		require.NoError(t, err, "the account is still there")
		require.Equal(t, seen.UID, a.UID)
		again, err := p.Login(h.ctx, embedded.Caller{}, embedded.LoginParams{LoginID: "eva@example.com", Password: goodPassword})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, again.ErrorCode, "its sessions and password are intact")
	})
}
