package sso_test

import (
	"context"
	"encoding/json"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"github.com/grocer-portal/portal/services/api/internal/mail"
)

func (v *env) lastLinkTo(to string) string {
	v.t.Helper()
	res, err := v.browser.Get(v.base + "/dev/outbox?to=" + url.QueryEscape(to))
	require.NoError(v.t, err)
	defer res.Body.Close()
	var mails []mail.Stored
	require.NoError(v.t, json.NewDecoder(res.Body).Decode(&mails))
	require.NotEmpty(v.t, mails)
	return mails[0].Links[0]
}

// A password reset ends the partners' tokens of the old password too (code review round: a refresh token and an
// access token outlived it).
func TestPartnerTokensEndAtAPasswordReset(t *testing.T) {
	v := newEnv(t)
	v.registerAndLogIn()
	party := v.relyingParty("rp", rpSecret, "offline_access")
	tok := v.signIn(party)
	require.NotEmpty(t, tok.RefreshToken)

	out := v.identity("resetPassword", url.Values{"loginID": {shopperEmail}})
	require.EqualValues(t, 0, out["errorCode"], out)
	link, err := url.Parse(v.lastLinkTo(shopperEmail))
	require.NoError(t, err)
	out = v.identity("resetPassword", url.Values{"passwordResetToken": {link.Query().Get("pwrt")}, "newPassword": {"Ganz-Neu-12!x"}})
	require.EqualValues(t, 0, out["errorCode"], out)

	_, uerr := party.provider.UserInfo(context.Background(), oauth2.StaticTokenSource(tok))
	expired := *tok
	expired.AccessToken, expired.Expiry = "", expired.Expiry.Add(-24*3600e9)
	fresh, rerr := party.config.TokenSource(context.Background(), &expired).Token()
	require.Error(t, uerr, "the access token ended")
	require.Error(t, rerr, "the refresh token ended")
	require.Nil(t, fresh)
}
