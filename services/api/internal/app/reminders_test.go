package app_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
)

// TestConfirmedReminderShowsInTheCentre: a reminder the shop creates for an address the identity provider does
// not know yet is listed in the preference centre once its link is followed. The centre lists reminders only
// while SVC_PRODUCT_REMINDER is on and confirmed (spec 001 §4), so confirming the reminder must turn it on.
func TestConfirmedReminderShowsInTheCentre(t *testing.T) {
	s := apitest.New(t)
	ctx := context.Background()
	email, err := identity.ParseEmail("new-shopper@example.com")
	require.NoError(t, err)
	n, err := reminders.ParseNewReminder(email.String(), "V1", map[string]string{"de": "Bio-Milch"}, "de")
	require.NoError(t, err)
	_, err = s.App.Reminders.Create(ctx, n)
	require.NoError(t, err)

	mails, err := s.App.Outbox.Latest(ctx, email.String(), 1)
	require.NoError(t, err)
	require.Len(t, mails, 1)
	links := mail.Links(mails[0].Text)
	require.Len(t, links, 1)
	u, err := url.Parse(links[0])
	require.NoError(t, err)
	require.NoError(t, s.App.Reminders.Confirm(ctx, u.Query().Get("token")))

	regToken, err := s.App.Identity.Backend().SubscriberRegToken(ctx, email)
	require.NoError(t, err)
	info, err := s.App.Identity.GetAccountInfo(ctx, embedded.Caller{}, regToken.Token, "subscriptions", "")
	require.NoError(t, err)
	require.Zero(t, info.ErrorCode)
	sub, _ := info.Fields["subscriptions"].(map[string]any)[reminders.SubscriptionKey].(map[string]any)
	require.NotNil(t, sub, "the reminder subscription is on: %v", info.Fields["subscriptions"])
	channel := sub["email"].(map[string]any)
	require.Equal(t, true, channel["isSubscribed"])
	require.Equal(t, "Confirmed", channel["doubleOptIn"].(map[string]any)["status"])
}
