package main

import (
	"context"
	"fmt"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// demoSubscriber is the address of the demo subscriber: a newsletter-only account with the general newsletter
// and the product reminder service, both confirmed, so that its preference centre opens on every tab and
// lists its reminders (spec 001 §4: only with SVC_PRODUCT_REMINDER subscribed and confirmed).
const demoSubscriber identity.Email = "demo@example.com"

// demoAccount is what the demo subscriber's account holds besides its reminders.
var demoAccount = embedded.SubscriberSeed{
	Confirmed: []string{"NLT_GENERAL", "SVC_PRODUCT_REMINDER"},
	Data: map[string]any{"sfmc": map[string]any{
		"dataProcessingConsented": true, "personalisationOptIn": true, "subscriptionKey": "demo-subscriber",
	}},
}

// demoReminders are the demo subscriber's active product reminders.
var demoReminders = []reminders.Seed{
	{VariantID: "demo-organic-milk-1l", VariantName: reminders.VariantName{"de": "Bio-Vollmilch 3,8 %, 1 l", "en": "Organic whole milk 3.8%, 1 l"}},
	{VariantID: "demo-espresso-beans-1kg", VariantName: reminders.VariantName{"de": "Espresso-Bohnen, 1 kg", "en": "Espresso beans, 1 kg"}},
	{VariantID: "demo-cordless-drill-18v", VariantName: reminders.VariantName{"de": "Akku-Bohrschrauber 18 V", "en": "Cordless drill 18 V"}},
}

// seedDemoSubscriber gives demo@example.com its account (embedded identity provider only: with SAP CDC the
// account is the vendor's) and its active reminders, and prints a link that opens its preference centre (the
// account's link, accountLink).
// After a journey changed or unsubscribed the demo, running it again restores what it promises.
func seedDemoSubscriber(ctx context.Context, d seedDeps) error {
	if d.cfg.Metadata.Identity.Provider == "cdc" {
		fmt.Fprintln(d.out, "demo-subscriber: the identity provider is SAP CDC; only the reminders are seeded, its subscriptions are the vendor's")
	} else {
		provider, err := embedded.New(app.EmbeddedSettings(d.cfg), embedded.Deps{Store: embedded.NewSQLStore(d.db), Logger: d.logger})
		if err != nil {
			return err
		}
		if err := provider.SeedSubscriber(ctx, demoSubscriber, demoAccount); err != nil {
			return err
		}
	}
	svc := reminders.NewService(reminders.Settings{Store: reminders.NewSQLStore(d.db)})
	created, err := svc.SeedActive(ctx, demoSubscriber, demoReminders)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.out, "demo-subscriber: %s with %d product reminders (%d new), newsletter and reminder subscriptions confirmed\n",
		demoSubscriber, len(demoReminders), created)
	tokens, err := app.SubscriberTokens(ctx, d.cfg, d.db, nil)
	if err != nil {
		return err
	}
	token, _, err := accountLink(ctx, d.cfg, d.db, tokens, demoSubscriber, d.cfg.Subscribers.Link.Lifetime)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.out, "demo-subscriber: preference centre %s\n", subscribers.LinkURL(publicBaseURL(d.cfg), token))
	return nil
}
