package cdc_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

func TestEraseSubscriber(t *testing.T) {
	const (
		lite = `{"UID":"uid-lite","hasFullAccount":false,"subscriptions":{"NLTDE":{"email":{"isSubscribed":true}},"NLTBIO":{"email":{"isSubscribed":false}}}}`
		full = `{"UID":"uid-full","hasFullAccount":true,"subscriptions":{"NLTDE":{"email":{"isSubscribed":true}},"SVC_PRODUCT_REMINDER":{"email":{"isSubscribed":true}}}}`
	)
	tests := []struct {
		name        string
		search      string
		deleteReply string
		setReply    string
		want        identity.ErasedSubscriber
		wantErr     error
		wantMethods []string
	}{
		{"unknown address erases nothing", `{"errorCode":0,"results":[]}`, "", "", identity.ErasedSubscriber{}, nil,
			[]string{"accounts.search"}},
		{"newsletter-only record is deleted", `{"errorCode":0,"results":[` + lite + `]}`, `{"errorCode":0}`, "",
			identity.ErasedSubscriber{Subscriptions: []string{"NLTDE"}, AccountDeleted: true}, nil,
			[]string{"accounts.search", "accounts.deleteAccount"}},
		{"a record deleted meanwhile counts as deleted", `{"errorCode":0,"results":[` + lite + `]}`, `{"errorCode":404000,"statusCode":404}`, "",
			identity.ErasedSubscriber{Subscriptions: []string{"NLTDE"}, AccountDeleted: true}, nil,
			[]string{"accounts.search", "accounts.deleteAccount"}},
		{"a customer account is kept without its marketing", `{"errorCode":0,"results":[` + lite + `,` + full + `]}`, `{"errorCode":0}`, `{"errorCode":0}`,
			identity.ErasedSubscriber{Subscriptions: []string{"NLTDE", "SVC_PRODUCT_REMINDER"}}, nil,
			[]string{"accounts.search", "accounts.deleteAccount", "accounts.setAccountInfo"}},
		{"the vendor refusing the update is reported", `{"errorCode":0,"results":[` + full + `]}`, "", `{"errorCode":500001,"statusCode":500}`,
			identity.ErasedSubscriber{}, identity.ErrUnavailable, []string{"accounts.search", "accounts.setAccountInfo"}},
		{"the vendor down on the search", `{"errorCode":503001,"statusCode":503}`, "", "",
			identity.ErasedSubscriber{}, identity.ErrUnavailable, []string{"accounts.search"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeVendor(t)
			f.on("accounts.search", tc.search)
			if tc.deleteReply != "" {
				f.on("accounts.deleteAccount", tc.deleteReply)
			}
			if tc.setReply != "" {
				f.on("accounts.setAccountInfo", tc.setReply)
			}
			c, logs := newClient(t, f, time.Second)
			got, err := c.EraseSubscriber(context.Background(), testEmail)
			require.Equal(t, tc.wantMethods, f.methods())
			requireNoPersonalDataLogged(t, logs)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
			for _, call := range f.recorded() {
				switch call.Method {
				case "accounts.search":
					require.Equal(t, "full,lite", call.Form.Get("accountTypes"))
					require.Contains(t, call.Form.Get("query"), `profile.email = "`+testEmail+`"`)
				case "accounts.deleteAccount":
					require.Equal(t, "uid-lite", call.Form.Get("UID"), "only the newsletter-only record is deleted")
				case "accounts.setAccountInfo":
					require.Equal(t, "uid-full", call.Form.Get("UID"))
					require.JSONEq(t, `{"NLTDE":{"email":{"isSubscribed":false}},"SVC_PRODUCT_REMINDER":{"email":{"isSubscribed":false}}}`, call.Form.Get("subscriptions"))
					require.JSONEq(t, `{"preference":null,"sfmc":null}`, call.Form.Get("data"), "null removes a data field at the vendor")
				}
			}
		})
	}
}

// The one-click unsubscribe must not turn one lost answer into a half-erased subscriber that cannot retry: a
// second attempt after a failure repeats what is left.
func TestEraseSubscriberCanBeRepeated(t *testing.T) {
	f := newFakeVendor(t)
	f.on("accounts.search", `{"errorCode":0,"results":[{"UID":"uid-lite","hasFullAccount":false,"subscriptions":{}}]}`)
	attempts := 0
	f.onFunc("accounts.deleteAccount", func(w http.ResponseWriter, _ url.Values) {
		attempts++
		if attempts == 1 {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		answer(w, `{"errorCode":0}`)
	})
	c, _ := newClient(t, f, time.Second)
	_, err := c.EraseSubscriber(context.Background(), testEmail)
	require.ErrorIs(t, err, identity.ErrUnavailable)
	got, err := c.EraseSubscriber(context.Background(), testEmail)
	require.NoError(t, err)
	require.True(t, got.AccountDeleted)
}
