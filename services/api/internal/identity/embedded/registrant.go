package embedded

import "time"

// A registration of a newsletter subscriber's address upgrades the subscriber's account, but whoever registers has
// not proven the address until the verification mail's link is followed. Until then nothing the subscriber stored
// may change what that registration answers or shows: its answer (206001 or 206002, missingRequiredFields, validation
// errors) and its regToken's (the account read, finalize, a login with the password it chose) are those a new
// account of the address would give for the same requests (security finding of 2026-11-30: a registration without
// names answered 206002 for a subscriber who had given names in the preference centre and 206001 for an unknown
// address, telling a subscriber from nobody). So a write of that registration is checked against, and kept in,
// what the registration itself gave (Account.Registrant), and applied to the subscriber's account as keepHeld and
// keepSubscribed allow.

// registrantView is the account as its unconfirmed registration over a newsletter subscriber sees it: its own
// values (Account.Registrant) in place of the account's, and created when it registered, as a new account would be.
func registrantView(a Account) Account {
	seen := a
	r := a.Registrant
	if r == nil {
		// Registered over a subscriber before Registrant was kept (2026-11-30): its own consents only, as then.
		own := emptySections()
		own.Preferences = consentsOfRegistration(a)
		r = &own
	}
	seen.Profile, seen.Data, seen.Preferences, seen.Subscriptions = deepCopy(r.Profile), deepCopy(r.Data), deepCopy(r.Preferences), deepCopy(r.Subscriptions)
	if !a.RegisteredAt.IsZero() {
		seen.CreatedAt = a.RegisteredAt
	}
	seen.Registrant = nil
	return seen
}

// missingForRegistration are the required fields a registration's token (its regToken, a login's pending answer)
// finds missing: for an unconfirmed registration over a newsletter subscriber, among what it gave itself.
func (p *Provider) missingForRegistration(t Token, a Account) []string {
	if limitedAccess(t, a) {
		a = registrantView(a)
	}
	return p.schema.missingRequired(a)
}

// sectionsWrite is a write of the four sections merged into an account's.
type sectionsWrite struct {
	AccountSections
	// pendingSubs are the subscriptions that now wait for their double opt-in mail.
	pendingSubs []string
	errs        []ValidationError
	// serverOnly: the write touches a server-only field (400020).
	serverOnly bool
}

// sectionsInput is what a call asks to write into the sections; nil leaves a section alone.
type sectionsInput struct {
	Profile, Data, Preferences, Subscriptions map[string]any
	// ConsentLang is the page's tag a consent is recorded with (nl-BE where the Belgian shopper had the Belgian text).
	ConsentLang string
}

// mergeSections checks in and merges it into onto.
func (p *Provider) mergeSections(onto AccountSections, in sectionsInput, now time.Time) sectionsWrite {
	var w sectionsWrite
	var perrs, derrs, prerrs, serrs []ValidationError
	var profileServerOnly, dataServerOnly bool
	w.Profile, perrs, profileServerOnly = p.schema.mergeProfile(in.Profile, onto.Profile)
	w.Data, derrs, dataServerOnly = p.schema.mergeData(in.Data, onto.Data)
	w.Preferences, prerrs = p.schema.mergePreferences(in.Preferences, onto.Preferences, in.ConsentLang, now)
	w.Subscriptions, w.pendingSubs, serrs = p.schema.mergeSubscriptions(in.Subscriptions, onto.Subscriptions, now)
	w.errs = append(append(append(perrs, derrs...), prerrs...), serrs...)
	w.serverOnly = profileServerOnly || dataServerOnly
	return w
}

// mergeOverSubscriber is what a write of an unconfirmed registration does to the subscriber's account it upgrades:
// it fills what the subscriber left empty and adds subscriptions, but changes and ends nothing the subscriber gave
// (keepHeld, keepSubscribed). Its checks were made on what the registration sees (registrantView): the subscriber's
// values neither refuse nor allow it.
func (p *Provider) mergeOverSubscriber(held AccountSections, in sectionsInput, now time.Time) sectionsWrite {
	w := p.mergeSections(held, in, now)
	w.Profile, w.Data, w.Subscriptions = keepHeld(held.Profile, w.Profile), keepHeld(held.Data, w.Data), keepSubscribed(held.Subscriptions, w.Subscriptions)
	w.errs, w.serverOnly = nil, false
	return w
}

// ownSections are the registration's own values after a write it made (seen), with the store area a new account
// of the address would have (withCustomerAssignment).
func (p *Provider) ownSections(seen sectionsWrite) *AccountSections {
	own := seen.AccountSections
	own.Data = p.withCustomerAssignment(own.Profile, own.Data)
	return &own
}
