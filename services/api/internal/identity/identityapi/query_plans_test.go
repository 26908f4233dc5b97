package identityapi_test

import (
	"encoding/json"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded/passkeytest"
)

// Every statement a shopper's visits run finds its rows through an index: registration, confirmation, logins
// right and wrong, passkeys (added, listed, logged in with, removed), the account pages, a password reset and
// logout touch tables that grow with every shopper and every visit, so a statement that read one whole would make
// each visit slower as the shop grows. (`make bench` times login and getAccountInfo with a million accounts; this
// holds every statement, on both databases.) The statements are the ones the requests really run (their database
// spans); each one's plan is asked of the database (dbtest.Statements.RequireIndexed).
func TestEveryQueryOfAShoppersVisitsFindsItsRowsThroughIndexes(t *testing.T) {
	statements := dbtest.RecordStatements(t)
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		statements.Take() // what building the service ran

		b := registerAndLogIn(t, s, "plans@example.com", withProfile(map[string]any{"zip": "20095", "country": "DE"}))
		b.data()
		require.EqualValues(t, 0, b.call("setAccountInfo", map[string]any{"data": address("DE", "80331", true)})["errorCode"])
		require.EqualValues(t, 0, b.call("setAccountInfo", map[string]any{"profile": map[string]any{"firstName": "Eva"}})["errorCode"])

		// A passkey added on the login details page, listed, logged in with and removed: its look-ups by
		// credential id and by account.
		options := b.call("initPasskeyRegistration", map[string]any{})
		require.EqualValues(t, 0, options["errorCode"], options)
		phone := passkeytest.New("portal.test", "http://portal.test")
		answer, err := phone.Register(options["options"])
		require.NoError(t, err)
		require.EqualValues(t, 0, b.call("registerPasskey", map[string]any{"passkey": json.RawMessage(answer), "name": "Phone"})["errorCode"])
		options = b.call("initPasskeyLogin", map[string]any{})
		answer, err = phone.Login(options["options"])
		require.NoError(t, err)
		require.EqualValues(t, 0, b.call("passkeyLogin", map[string]any{"passkey": json.RawMessage(answer)})["errorCode"])
		passkeys := b.call("getPasskeys", nil)["passkeys"].([]any)
		require.Len(t, passkeys, 1)
		removed := b.call("removePasskey", map[string]any{"id": passkeys[0].(map[string]any)["id"]})
		require.EqualValues(t, 0, removed["errorCode"], removed)
		require.EqualValues(t, 0, b.call("logout", nil)["errorCode"])

		other := newShopper(t, s)
		require.NotEqualValues(t, 0, other.call("login", map[string]any{"loginID": "plans@example.com", "password": "Wrong-Passw0rd"})["errorCode"])
		require.NotEqualValues(t, 0, other.call("login", map[string]any{"loginID": "nobody@example.com", "password": "Wrong-Passw0rd"})["errorCode"])
		require.EqualValues(t, 0, other.call("resetPassword", map[string]any{"loginID": "plans@example.com"})["errorCode"])
		var resetLink string
		for _, m := range mails(t, s, "plans@example.com") {
			if m.Kind == embedded.MailPasswordReset {
				resetLink = m.Links[0]
			}
		}
		link, err := url.Parse(resetLink)
		require.NoError(t, err)
		require.EqualValues(t, 0, other.call("resetPassword", map[string]any{"passwordResetToken": link.Query().Get("pwrt"), "newPassword": "New-Passw0rd!"})["errorCode"])
		require.EqualValues(t, 0, other.call("login", map[string]any{"loginID": "plans@example.com", "password": "New-Passw0rd!"})["errorCode"])
		other.data()

		t.Logf("%d statements, each through an index", statements.RequireIndexed(t, s.DB, nil))
	}, apitest.WithRequestTracing())
}
