package cdc_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

func TestEraseSubscriber(t *testing.T) {
	lite := vendorRecord{Type: "lite", Account: `{"UID":"uid-lite","profile":{"email":"` + testEmail + `"},"isRegistered":false,"hasFullAccount":false,` +
		`"subscriptions":{"NLTDE":{"email":{"isSubscribed":true}},"NLTBIO":{"email":{"isSubscribed":false}}}}`}
	full := vendorRecord{Type: "full", Account: `{"UID":"uid-full","profile":{"email":"` + testEmail + `"},"isRegistered":true,"hasFullAccount":true,` +
		`"subscriptions":{"NLTDE":{"email":{"isSubscribed":true}},"SVC_PRODUCT_REMINDER":{"email":{"isSubscribed":true}}}}`}
	// QA round of 2026-11-29: signed up through the Web SDK with the case the shopper typed.
	liteOtherCase := vendorRecord{Type: "lite", Account: strings.Replace(lite.Account, testEmail, "Eva.Muster@Example.com", 1)}
	// A registered customer whose answer lacks the markers: unknown is not lite.
	fullUnmarked := vendorRecord{Type: "full", Account: `{"UID":"uid-full","profile":{"email":"` + testEmail + `"},` +
		`"subscriptions":{"NLTDE":{"email":{"isSubscribed":true}},"SVC_PRODUCT_REMINDER":{"email":{"isSubscribed":true}}}}`}
	fullNoHasFull := vendorRecord{Type: "full", Account: strings.Replace(full.Account, `"hasFullAccount":true,`, "", 1)}
	registeredOnly := vendorRecord{Type: "full", Account: strings.Replace(full.Account, `"hasFullAccount":true`, `"hasFullAccount":false`, 1)}
	kept := identity.ErasedSubscriber{Subscriptions: []string{"NLTDE", "SVC_PRODUCT_REMINDER"}}
	tests := []struct {
		name        string
		records     []vendorRecord
		search      string // a canned answer instead of records
		deleteReply string
		setReply    string
		want        identity.ErasedSubscriber
		wantErr     error
		wantMethods []string
	}{
		{"unknown address erases nothing", nil, "", "", "", identity.ErasedSubscriber{}, nil,
			[]string{"accounts.search"}},
		{"newsletter-only record is deleted", []vendorRecord{lite}, "", `{"errorCode":0}`, "",
			identity.ErasedSubscriber{Subscriptions: []string{"NLTDE"}, AccountDeleted: true}, nil,
			[]string{"accounts.search", "accounts.deleteAccount"}},
		{"a record stored in other case is found", []vendorRecord{liteOtherCase}, "", `{"errorCode":0}`, "",
			identity.ErasedSubscriber{Subscriptions: []string{"NLTDE"}, AccountDeleted: true}, nil,
			[]string{"accounts.search", "accounts.deleteAccount"}},
		{"a longer address is left alone", []vendorRecord{{Type: "lite", Account: strings.Replace(lite.Account, testEmail, "x"+testEmail, 1)}}, "", "", "",
			identity.ErasedSubscriber{}, nil, []string{"accounts.search"}},
		{"a record of another address in the answer is left alone", nil, `{"errorCode":0,"results":[` + strings.Replace(lite.Account, testEmail, testEmail+".au", 1) + `]}`, "", "",
			identity.ErasedSubscriber{}, nil, []string{"accounts.search"}},
		{"a record deleted meanwhile counts as deleted", []vendorRecord{lite}, "", `{"errorCode":404000,"statusCode":404}`, "",
			identity.ErasedSubscriber{Subscriptions: []string{"NLTDE"}, AccountDeleted: true}, nil,
			[]string{"accounts.search", "accounts.deleteAccount"}},
		{"a customer account is kept without its marketing", []vendorRecord{lite, full}, "", `{"errorCode":0}`, `{"errorCode":0}`,
			kept, nil, []string{"accounts.search", "accounts.deleteAccount", "accounts.setAccountInfo"}},
		{"an account without the lite markers is kept", []vendorRecord{fullUnmarked}, "", "", `{"errorCode":0}`,
			kept, nil, []string{"accounts.search", "accounts.setAccountInfo"}},
		{"an account without hasFullAccount is kept", []vendorRecord{fullNoHasFull}, "", "", `{"errorCode":0}`,
			kept, nil, []string{"accounts.search", "accounts.setAccountInfo"}},
		{"a registered account is kept whatever hasFullAccount says", []vendorRecord{registeredOnly}, "", "", `{"errorCode":0}`,
			kept, nil, []string{"accounts.search", "accounts.setAccountInfo"}},
		{"the vendor refusing the update is reported", []vendorRecord{full}, "", "", `{"errorCode":500001,"statusCode":500}`,
			identity.ErasedSubscriber{}, identity.ErrUnavailable, []string{"accounts.search", "accounts.setAccountInfo"}},
		{"the vendor down on the search", nil, `{"errorCode":503001,"statusCode":503}`, "", "",
			identity.ErasedSubscriber{}, identity.ErrUnavailable, []string{"accounts.search"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeVendor(t)
			if tc.search != "" {
				f.on("accounts.search", tc.search)
			} else {
				f.onSearch(tc.records...)
			}
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
					require.Equal(t, `SELECT UID, profile.email, isRegistered, hasFullAccount, subscriptions FROM accounts WHERE profile.email contains "`+testEmail+`"`,
						call.Form.Get("query"))
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
	f.onSearch(vendorRecord{Type: "lite", Account: `{"UID":"uid-lite","profile":{"email":"` + testEmail + `"},"isRegistered":false,"hasFullAccount":false,"subscriptions":{}}`})
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
