package main

import (
	"context"
	"fmt"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// demoSubscriber is the address of the demo subscriber. Only reminders are seeded: the identity provider
// creates the (lite) account itself when the preference centre link is first opened.
const demoSubscriber identity.Email = "demo@example.com"

// demoReminders are the demo subscriber's active product reminders.
var demoReminders = []reminders.Seed{
	{VariantID: "demo-organic-milk-1l", VariantName: reminders.VariantName{"de": "Bio-Vollmilch 3,8 %, 1 l", "en": "Organic whole milk 3.8%, 1 l"}},
	{VariantID: "demo-espresso-beans-1kg", VariantName: reminders.VariantName{"de": "Espresso-Bohnen, 1 kg", "en": "Espresso beans, 1 kg"}},
	{VariantID: "demo-cordless-drill-18v", VariantName: reminders.VariantName{"de": "Akku-Bohrschrauber 18 V", "en": "Cordless drill 18 V"}},
}

// seedDemoSubscriber gives demo@example.com its active reminders and prints a link that opens its
// preference centre.
func seedDemoSubscriber(ctx context.Context, d seedDeps) error {
	svc := reminders.NewService(reminders.Settings{Store: reminders.NewSQLStore(d.db)})
	created, err := svc.SeedActive(ctx, demoSubscriber, demoReminders)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.out, "demo-subscriber: %s with %d product reminders (%d new)\n", demoSubscriber, len(demoReminders), created)
	tokens, err := app.SubscriberTokens(ctx, d.cfg, d.db)
	if err != nil {
		return err
	}
	token, _, err := tokens.Mint(demoSubscriber, d.cfg.Subscribers.Link.Lifetime)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.out, "demo-subscriber: preference centre %s\n", subscribers.LinkURL(publicBaseURL(d.cfg), token))
	return nil
}
