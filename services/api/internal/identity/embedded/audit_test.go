package embedded_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// QA round of 2026-11-29: a failed login's audit entry kept whatever was typed as the login ID for a year, a
// password typed into the address field or 60,000 characters. Only an e-mail address is kept; else the entry says
// the ID was none.
func TestAuditKeepsNoLoginIDThatIsNoAddress(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.withAudit(db)
		h.registerVerified("eva@example.com")
		for _, id := range []string{"quokka47!zeta", strings.Repeat("x", 60000), "Eva@Example.com"} {
			r, err := h.p.Login(h.ctx, embedded.Caller{ClientAddress: "203.0.113.9"}, embedded.LoginParams{LoginID: id, Password: "Wrong-Passw0rd"})
			require.NoError(t, err)
			require.Equal(t, contract.CodeInvalidLogin, r.ErrorCode)
		}
		rows, err := db.QueryContext(h.ctx, `SELECT email, detail FROM audit_events WHERE event = 'login.failed' ORDER BY id`)
		require.NoError(t, err)
		defer func() { _ = rows.Close() }()
		var got [][2]string
		for rows.Next() {
			var email, detail string
			require.NoError(t, rows.Scan(&email, &detail))
			got = append(got, [2]string{email, detail})
		}
		require.NoError(t, rows.Err())
		require.Equal(t, [][2]string{{"", embedded.NotAnAddress}, {"", embedded.NotAnAddress}, {"eva@example.com", ""}}, got)
	})
}

// QA round of 2026-11-29: a registration through a social login, finished with finalizeRegistration, left no
// entry at all: neither the registration nor the login were audited, as a password's are.
func TestSocialRegistrationIsAudited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.withAudit(db)
		c := embedded.Caller{ClientAddress: "203.0.113.9"}
		r, err := h.p.CompleteSocialLogin(h.ctx, c, embedded.SocialIdentity{Provider: "googleplus", Subject: "g-d1",
			Email: "d1@example.com", EmailVerified: true, Profile: map[string]any{"firstName": "Dora"}})
		require.NoError(t, err)
		require.Equal(t, contract.CodePendingRegistration, r.ErrorCode)
		set, err := h.p.SetAccountInfo(h.ctx, c, embedded.SetAccountInfoParams{RegToken: r.RegToken, Profile: map[string]any{"lastName": "D"}, Preferences: consent})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, set.ErrorCode)
		fin, err := h.p.FinalizeRegistration(h.ctx, c, r.RegToken, "")
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, fin.ErrorCode)
		require.NotNil(t, fin.Session)

		var kinds []string
		for _, e := range h.auditOf("d1@example.com") {
			kinds = append(kinds, e.Type+" "+e.Detail)
			require.Equal(t, "203.0.113.9", e.ClientAddress)
		}
		require.Equal(t, []string{audit.Registered + " googleplus", audit.SocialLogin + " googleplus"}, kinds)
	})
}
