package app_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
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

// TestOperatorsNewslettersKeepTheProductReminders: identity.embedded.subscriptions lists the operator's newsletters;
// the product reminders' subscription is the product's own and stays, with its 7-day link (spec 001 §9). Without it
// every reminder's confirmation failed (QA round of 2026-11-29).
func TestOperatorsNewslettersKeepTheProductReminders(t *testing.T) {
	newsletters := []map[string]any{{"key": "NLT_GENERAL", "doubleOptIn": true}, {"key": "NLT_OFFERS", "doubleOptIn": true},
		{"key": "NLT_RECIPES", "doubleOptIn": true}, {"key": "NLT_CHRISTMAS", "doubleOptIn": true}, {"key": "NLT_EASTER_2025", "doubleOptIn": true}}
	cfg, err := config.Load(config.Sources{Overrides: map[string]any{"identity.embedded.subscriptions": newsletters}})
	require.NoError(t, err)
	subs := app.EmbeddedSettings(cfg).Subscriptions
	require.Len(t, subs, len(newsletters)+1)
	require.Equal(t, embedded.SubscriptionSchema{Key: reminders.SubscriptionKey, DoubleOptIn: true, ConfirmationLifetime: 7 * 24 * time.Hour}, subs[len(subs)-1])
	require.Equal(t, embedded.SubscriptionSchema{Key: "NLT_GENERAL", DoubleOptIn: true, ConfirmationLifetime: 14 * 24 * time.Hour}, subs[0])

	// Listed without a lifetime, it keeps its own 7 days rather than a newsletter's 14.
	cfg, err = config.Load(config.Sources{Overrides: map[string]any{"identity.embedded.subscriptions": []map[string]any{{"key": reminders.SubscriptionKey, "doubleOptIn": true}}}})
	require.NoError(t, err)
	require.Equal(t, []embedded.SubscriptionSchema{{Key: reminders.SubscriptionKey, DoubleOptIn: true, ConfirmationLifetime: 7 * 24 * time.Hour}},
		app.EmbeddedSettings(cfg).Subscriptions)

	// And the service so configured activates a reminder with its link, which answered 500 (doi-network).
	s := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		for _, n := range newsletters {
			c.Identity.Embedded.Subscriptions = append(c.Identity.Embedded.Subscriptions, config.IdentitySubscription{Key: n["key"].(string), DoubleOptIn: true})
		}
	}))
	n, err := reminders.ParseNewReminder("reminded@example.com", "V1", map[string]string{"de": "Bio-Milch"}, "de")
	require.NoError(t, err)
	_, err = s.App.Reminders.Create(t.Context(), n)
	require.NoError(t, err)
	mails, err := s.App.Outbox.Latest(t.Context(), "reminded@example.com", 1)
	require.NoError(t, err)
	require.Len(t, mails, 1)
	require.Equal(t, "/preferences/double-opt-in-done", s.OpenMailLink(mail.Links(mails[0].Text)[0]))
}
