package embedded_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// registrantSees is what a registration and its regToken answer: the registration's own answer, and then each later
// answer the one who registered gets before the address is confirmed (the account read and finalize with the regToken,
// a login with the password the registration chose).
type registrantSees struct {
	Code                   int
	Missing                any
	ValidationErrors       []embedded.ValidationError
	Profile, Data, Subs    any
	Preferences            any
	FinalizeCode           int
	FinalizeMissing        any
	AfterFinalizeStepCode  int
	AfterFinalizeStepInfo  any
	LoginCode              int
	LoginMissing           any
	LoginProfile           any
	CustomLoginCode        int
	ResendCode             int
	FinalizeStepValidation []embedded.ValidationError
}

// watchRegistration registers email with in and records what the registrant then sees; step is what the finalize
// page would save with the regToken (setAccountInfo) before finalizing again.
func watchRegistration(h *harness, email string, in embedded.RegisterParams, step embedded.SetAccountInfoParams) registrantSees {
	h.t.Helper()
	c := embedded.Caller{}
	in.Email, in.Password, in.Lang, in.Include = email, goodPassword, "de", embedded.MissingRequiredFieldsFlag
	r := h.register(in)
	seen := registrantSees{Code: r.ErrorCode, Missing: r.Fields["missingRequiredFields"], ValidationErrors: r.ValidationErrors}
	if r.RegToken == "" {
		return seen
	}
	info, err := h.p.GetAccountInfo(h.ctx, c, r.RegToken, "profile,data,preferences,subscriptions,"+embedded.MissingRequiredFieldsFlag, "")
	require.NoError(h.t, err)
	seen.Profile, seen.Data, seen.Subs, seen.Preferences = info.Fields["profile"], info.Fields["data"], info.Fields["subscriptions"], info.Fields["preferences"]
	f, err := h.p.FinalizeRegistration(h.ctx, c, r.RegToken, embedded.MissingRequiredFieldsFlag)
	require.NoError(h.t, err)
	seen.FinalizeCode, seen.FinalizeMissing = f.ErrorCode, f.Fields["missingRequiredFields"]
	step.RegToken = r.RegToken
	s, err := h.p.SetAccountInfo(h.ctx, c, step)
	require.NoError(h.t, err)
	seen.FinalizeStepValidation = s.ValidationErrors
	f, err = h.p.FinalizeRegistration(h.ctx, c, r.RegToken, embedded.MissingRequiredFieldsFlag)
	require.NoError(h.t, err)
	seen.AfterFinalizeStepCode = f.ErrorCode
	info, err = h.p.GetAccountInfo(h.ctx, c, r.RegToken, "profile,"+embedded.MissingRequiredFieldsFlag, "")
	require.NoError(h.t, err)
	seen.AfterFinalizeStepInfo = info.Fields
	l, _ := h.login(email, goodPassword)
	seen.LoginCode, seen.LoginMissing = l.ErrorCode, l.Fields["missingRequiredFields"]
	if l.RegToken != "" {
		info, err = h.p.GetAccountInfo(h.ctx, c, l.RegToken, "profile", "")
		require.NoError(h.t, err)
		seen.LoginProfile = info.Fields["profile"]
	}
	// The product backend's custom login (POST /rest/v1/account/login) answers the same codes (regression round of
	// 2026-11-30: 206002 for a subscriber's address, 206001 for an unknown one).
	custom, err := h.p.Backend().Login(h.ctx, email, goodPassword)
	require.NoError(h.t, err)
	seen.CustomLoginCode = custom.ErrorCode
	resend, err := h.p.ResendVerificationCode(h.ctx, c, r.RegToken, "")
	require.NoError(h.t, err)
	seen.ResendCode = resend.ErrorCode
	return seen
}

// TestRegistrationAnswersASubscribersAddressAsAnUnknownOne: before the registrant proves the address with the
// verification mail, nothing a newsletter subscriber stored changes what the registration answers or shows
// (finding of 2026-11-30: a registration without names answered 206002 for a subscriber who had given names in the
// preference centre and 206001 for an unknown address, telling a subscriber from nobody). The answers are compared
// with the addresses' own parts taken out (UID, e-mail).
func TestRegistrationAnswersASubscribersAddressAsAnUnknownOne(t *testing.T) {
	subscriberValues := embedded.SetAccountInfoParams{
		Profile:       map[string]any{"firstName": "Lea", "lastName": "Lang", "birthYear": 1980, "birthMonth": 2, "zip": "1000", "country": "BE"},
		Data:          map[string]any{"salutation": "mrs"},
		Subscriptions: map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}},
	}
	cases := []struct {
		name string
		in   embedded.RegisterParams
		step embedded.SetAccountInfoParams
	}{
		{"without names (the portal's registration page)", embedded.RegisterParams{Preferences: consent},
			embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Max", "lastName": "Neu"}}},
		{"without names and consent", embedded.RegisterParams{},
			embedded.SetAccountInfoParams{Preferences: consent}},
		{"with names", embedded.RegisterParams{Preferences: consent, Profile: map[string]any{"firstName": "Max", "lastName": "Neu"}},
			embedded.SetAccountInfoParams{Profile: map[string]any{"birthYear": 1990}}},
		// Checks across fields are made with what the request gives, not with the subscriber's values: a 30th day
		// with the subscriber's February, a German postcode with the subscriber's Belgium.
		{"with values the subscriber's would make wrong", embedded.RegisterParams{Preferences: consent,
			Profile: map[string]any{"birthDay": 30, "zip": "20095"}},
			embedded.SetAccountInfoParams{Profile: map[string]any{"birthMonth": 4}}},
		{"with a newsletter", embedded.RegisterParams{Preferences: consent, Profile: map[string]any{"firstName": "Max", "lastName": "Neu"},
			Subscriptions: map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}}},
			embedded.SetAccountInfoParams{Data: map[string]any{"salutation": "mr"}}},
	}
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		for i, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				h := newHarness(t, db)
				lea, nobody := fmt.Sprintf("lea%d@example.com", i), fmt.Sprintf("nobody%d@example.com", i)
				h.subscriber(lea, subscriberValues)
				h.advance(time.Hour) // the subscriber's account is older than any registration
				subscriber := watchRegistration(h, lea, tc.in, tc.step)
				unknown := watchRegistration(h, nobody, tc.in, tc.step)
				require.Equal(t, withoutAddress(unknown, nobody), withoutAddress(subscriber, lea))
			})
		}
	})
}

// TestRegistrationOverASubscriberKeepsTheSubscribersValues: what the registrant sees is its own, and the account
// still holds what the subscriber gave, unconfirmed or expired.
func TestRegistrationOverASubscriberKeepsTheSubscribersValues(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.subscriber("lea@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Lea", "lastName": "Lang"},
			Subscriptions: map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}}})
		r := h.register(embedded.RegisterParams{Email: "lea@example.com", Password: goodPassword, Preferences: consent})
		require.Equal(t, contract.CodePendingRegistration, r.ErrorCode, "no names given")
		s, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{}, embedded.SetAccountInfoParams{RegToken: r.RegToken,
			Profile: map[string]any{"firstName": "Max", "lastName": "Neu", "birthYear": 1990}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, s.ErrorCode)
		f, err := h.p.FinalizeRegistration(h.ctx, embedded.Caller{}, r.RegToken, "")
		require.NoError(t, err)
		require.Equal(t, contract.CodePendingVerification, f.ErrorCode)

		a, err := h.store.AccountByEmail(h.ctx, "lea@example.com")
		require.NoError(t, err)
		require.Equal(t, "Lea", a.Profile["firstName"], "the subscriber's names stay until the address is confirmed")
		require.Equal(t, "Lang", a.Profile["lastName"])
		require.EqualValues(t, 1990, a.Profile["birthYear"], "what the subscriber left empty is filled")
		on, _ := a.Subscriptions["NLT_GENERAL"].(map[string]any)["email"].(map[string]any)["isSubscribed"].(bool)
		require.True(t, on)

		code, err := h.p.VerifyEmail(h.ctx, h.lastLink("lea@example.com", embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code)
		f, err = h.p.FinalizeRegistration(h.ctx, embedded.Caller{}, r.RegToken, "profile")
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, f.ErrorCode, "the address's owner finalizes")
		require.Equal(t, "Lea", f.Fields["profile"].(map[string]any)["firstName"])
	})
}

// TestRegistrationOverASubscriberKeepsFieldsCheckedTogether: a registration's day of birth and postcode are checked
// without the subscriber's values, so they do not join the subscriber's year or country into a date or an address
// nobody checked (2026-11-30): where the subscriber gave a field of such a group, the group stays the subscriber's.
// A group the subscriber left empty is the registration's.
func TestRegistrationOverASubscriberKeepsFieldsCheckedTogether(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.subscriber("lea@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"birthYear": 1981, "country": "BE"}})
		h.subscriber("ben@example.com", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Ben"}})
		registrant := map[string]any{"firstName": "Max", "lastName": "Neu", "birthDay": 29, "birthMonth": 2, "zip": "20095"}
		for _, email := range []string{"lea@example.com", "ben@example.com"} {
			r := h.register(embedded.RegisterParams{Email: email, Password: goodPassword, Preferences: consent, Profile: registrant})
			require.Equal(t, contract.CodePendingVerification, r.ErrorCode, email)
		}

		lea, err := h.store.AccountByEmail(h.ctx, "lea@example.com")
		require.NoError(t, err)
		require.EqualValues(t, 1981, lea.Profile["birthYear"])
		require.Equal(t, "BE", lea.Profile["country"])
		for _, field := range []string{"birthDay", "birthMonth", "zip"} {
			require.NotContains(t, lea.Profile, field, "the subscriber's birth date and address stay whole")
		}
		require.Equal(t, "Max", lea.Profile["firstName"], "a field of no group the subscriber left empty is filled")

		ben, err := h.store.AccountByEmail(h.ctx, "ben@example.com")
		require.NoError(t, err)
		require.Equal(t, "Ben", ben.Profile["firstName"])
		require.EqualValues(t, 29, ben.Profile["birthDay"], "groups the subscriber left empty are the registration's")
		require.EqualValues(t, 2, ben.Profile["birthMonth"])
		require.Equal(t, "20095", ben.Profile["zip"])
	})
}

// withoutAddress takes out of seen what names the address itself: its UID, and the address where it is a value.
func withoutAddress(seen registrantSees, email string) registrantSees {
	var drop func(v any) any
	drop = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			out := map[string]any{}
			for k, item := range x {
				if k != "UID" && item != email {
					out[k] = drop(item)
				}
			}
			return out
		case []string:
			return slices.DeleteFunc(slices.Clone(x), func(s string) bool { return s == email })
		}
		return v
	}
	seen.Profile, seen.LoginProfile, seen.AfterFinalizeStepInfo = drop(seen.Profile), drop(seen.LoginProfile), drop(seen.AfterFinalizeStepInfo)
	return seen
}
