package embedded

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// GetAccountInfo answers accounts.getAccountInfo for the session or a regToken; 403005 without either, 403041 for
// a disabled account.
func (p *Provider) GetAccountInfo(ctx context.Context, c Caller, regToken, include, extraProfileFields string) (Result, error) {
	a, acc, found, err := p.authorize(ctx, c, regToken)
	if err != nil {
		return Result{}, err
	}
	if !found {
		return fail(contract.CodeUnauthorized, "No session or valid regToken"), nil
	}
	// A session ends with the disabling; a regToken (a newsletter link's, one issued before) reads nothing either,
	// as it writes nothing (QA security round of 2026-11-29: the preference centre still showed a disabled
	// account's profile and subscriptions).
	if a.Disabled {
		return fail(contract.CodeAccountDisabled, ""), nil
	}
	// An unconfirmed registration over a newsletter subscriber reads what it gave itself, as a new account of the
	// address would answer it, never the subscriber's values (registrant.go).
	if acc.limited {
		a = registrantView(a)
	}
	fields, err := p.accountFields(ctx, a, extraProfileFields)
	if err != nil {
		return Result{}, err
	}
	if acc.subscriber {
		fields = subscriberView(fields)
	}
	if strings.Contains(include, MissingRequiredFieldsFlag) {
		fields["missingRequiredFields"] = p.schema.missingRequired(a)
	}
	keepSections(fields, include)
	if !acc.sessionEndsAt.IsZero() {
		fields["sessionInfo"] = p.sessionInfo(acc.sessionEndsAt)
	}
	return ok(fields), nil
}

// accountSections are the parts of the account that `include` selects.
var accountSections = []string{"profile", "data", "preferences", "subscriptions"}

// keepSections drops the sections include does not name; without include, profile and data are answered (the
// contract's default).
func keepSections(fields map[string]any, include string) {
	wanted := map[string]bool{}
	for _, s := range strings.Split(include, ",") {
		wanted[strings.TrimSpace(s)] = true
	}
	if strings.TrimSpace(include) == "" {
		wanted["profile"], wanted["data"] = true, true
	}
	for _, s := range accountSections {
		if !wanted[s] {
			delete(fields, s)
		}
	}
}

// SetAccountInfoParams are the parameters of accounts.setAccountInfo; nil sections are left alone.
type SetAccountInfoParams struct {
	RegToken, Lang                            string
	Profile, Data, Preferences, Subscriptions map[string]any
	Password, NewPassword                     string
}

// SetAccountInfo answers accounts.setAccountInfo: profile merged field by field, data deep-merged, consents
// recorded with version and time, subscriptions with double opt-in; a password change ends every session of
// the account (the caller's too); an e-mail change takes effect when the new address is confirmed.
func (p *Provider) SetAccountInfo(ctx context.Context, c Caller, in SetAccountInfoParams) (Result, error) {
	var r Result
	permit, start := &mailPermit{}, time.Now()
	err := untilNoConflict(ctx, func() (err error) {
		r, err = p.setAccountInfoOnce(ctx, c, in, permit, start) // someone else saved in between: redo on the fresh account
		return err
	})
	return r, err
}

// mailPermit asks the mail throttle once for a call, however often a conflict makes it redo its save: each ask
// counts against the shopper's allowance, and five saves at once, each redone, once spent it without a mail sent
// (QA).
type mailPermit struct {
	asked, allowed bool
}

func (m *mailPermit) allow(ctx context.Context, p *Provider, c Caller, uid string) (bool, error) {
	return m.once(func() (bool, error) { return p.allowMail(ctx, c, uid) })
}

// once asks the throttle (ask) the first time and answers the same after.
func (m *mailPermit) once(ask func() (bool, error)) (bool, error) {
	if m.asked {
		return m.allowed, nil
	}
	allowed, err := ask()
	if err != nil {
		return false, err
	}
	m.asked, m.allowed = true, allowed
	return allowed, nil
}

// setAccountInfoOnce is one try of SetAccountInfo, which began at start.
func (p *Provider) setAccountInfoOnce(ctx context.Context, c Caller, in SetAccountInfoParams, permit *mailPermit, start time.Time) (Result, error) {
	a, acc, found, err := p.authorize(ctx, c, in.RegToken)
	if err != nil {
		return Result{}, err
	}
	if !found {
		return fail(contract.CodeUnauthorized, "No session or valid regToken"), nil
	}
	if a.Disabled { // a regToken issued after the operator disabled the account (a newsletter link's) changes nothing
		return fail(contract.CodeAccountDisabled, ""), nil
	}
	if acc.subscriber {
		if field := subscriberRefusal(a, in); field != "" {
			return fail(contract.CodeReadOnlyField, field+" is not written with the preference centre's regToken"), nil
		}
	}
	// A registration of a subscriber's address that nobody has confirmed yet may complete what it lacks (fields,
	// consents) but, as at the registration itself (keepHeld), change and end nothing the subscriber gave, and
	// neither the password nor the address: with the regToken alone a stranger renamed and unsubscribed a
	// subscriber and moved the account to an address of their own (code review round).
	if acc.limited && (in.NewPassword != "" || in.Password != "" || in.Profile["email"] != nil) {
		return fail(contract.CodeUnauthorized, "The address is not confirmed yet"), nil
	}
	now := p.clock()
	a.Subscriptions = p.currentSubscriptions(a.Subscriptions, now)
	lang := a.Lang
	if in.Lang != "" {
		lang = mail.BaseLanguage(in.Lang)
	}

	profileIn := deepCopy(in.Profile)
	newEmailRaw, emailGiven := profileIn["email"]
	delete(profileIn, "email")
	// A consent is recorded with the statement of the page's tag, which may be its country's (nl-BE), not only its language's.
	consentLang := in.Lang
	if consentLang == "" {
		consentLang = lang
	}
	write := sectionsInput{Profile: profileIn, Data: in.Data, Preferences: in.Preferences, Subscriptions: in.Subscriptions, ConsentLang: consentLang}
	// What the caller sees is what the write is checked against: for an unconfirmed registration over a newsletter
	// subscriber, what it gave itself (registrant.go).
	seenBefore := a
	if acc.limited {
		seenBefore = registrantView(a)
	}
	seen := p.mergeSections(seenBefore.sections(), write, now)
	if seen.serverOnly {
		return fail(contract.CodeReadOnlyField, "data.customerassignment is a server-only field"), nil
	}
	errs := seen.errs

	newEmail := ""
	if emailGiven {
		raw, _ := newEmailRaw.(string)
		parsed, perr := identity.ParseEmail(raw)
		if perr != nil {
			errs = append(errs, ValidationError{FieldName: "profile.email", ErrorCode: contract.CodeInvalidFormat, Message: "Invalid email address"})
		} else if parsed.String() != a.Email {
			newEmail = parsed.String()
			// A newsletter subscriber's address is looked into further below (newsletterOnly) and a free one is
			// not, while both answer 0 and get the same mails: the answer takes the same time for both
			// (padMailRequest; QA security round of 2026-11-30).
			defer p.padMailRequest(ctx, start)
		}
	}
	storeErr, err := p.checkFavouriteStore(ctx, seen.Data, seenBefore.Data)
	if err != nil {
		return Result{}, err
	}
	if storeErr != nil {
		errs = append(errs, *storeErr)
	}
	if len(errs) > 0 {
		return validationFailed(errs), nil
	}
	held := seen
	if acc.limited {
		held = p.mergeOverSubscriber(a.sections(), write, now)
		a.Registrant = p.ownSections(seen)
	}
	profile, data, prefs, subs, pendingSubs := held.Profile, held.Data, held.Preferences, held.Subscriptions, held.pendingSubs

	// An account without a password (registered with a passkey, or social only) sets its first one with its
	// session: there is no current password to confirm, and a regToken is not enough. The session's login must be
	// recent, as for adding a passkey: a password set with a copied cookie would be a way in its owner, who logs
	// in with a passkey, never learns of.
	firstPassword := in.NewPassword != "" && in.Password == "" && a.PasswordHash == "" && !acc.viaRegToken && newEmail == ""
	if firstPassword && !p.recentLogin(acc.loggedInAt) {
		return fail(contract.CodeInvalidLogin, contract.DetailsRecentLoginRequired), nil
	}
	if (in.NewPassword != "" || newEmail != "") && !firstPassword {
		if in.Password == "" {
			return fail(contract.CodeMissingRequiredParameter, "password"), nil
		}
		// Checked as a login is, lockout included: otherwise a stolen session or a newsletter link's regToken
		// could guess the password here without limit and then take the account over.
		_, code, err := p.checkCredentials(ctx, c, a.Email, in.Password)
		if err != nil {
			return Result{}, err
		}
		if code != contract.CodeOK {
			return wrongPassword(code), nil
		}
	}
	if newEmail != "" {
		// A registered address answers 400003, as registering it does (spec 000 §8). A newsletter subscriber's
		// address is taken as one without an account, as registering it is: every call but the preference centre's
		// hides such accounts, and 400003 told them apart (QA security round of 2026-11-29). Following the link
		// proves the address, and the subscriber's account joins this one then (VerifyEmail, absorbSubscriber).
		other, err := p.store.AccountByEmail(ctx, newEmail)
		taken := false
		switch {
		case errors.Is(err, ErrNotFound):
		case err != nil:
			return Result{}, err
		case other.UID != a.UID:
			only, err := newsletterOnly(ctx, p.store, other)
			if err != nil {
				return Result{}, err
			}
			taken = !only
		}
		if taken {
			r := fail(contract.CodeUniqueIdentifierExists, "email already exists")
			r.ValidationErrors = []ValidationError{{FieldName: "profile.email", ErrorCode: contract.CodeUniqueIdentifierExists, Message: "email already exists"}}
			return r, nil
		}
	}
	// A password change answers in the contract's order, as the fake does: the current password (400002,
	// 403042), then the same password again (400006 with details 100001), then the policy (400009).
	endSessions := false
	if in.NewPassword != "" {
		// A first password has no current one to repeat (no hash: refuseNewPassword's compare finds none).
		if refused, ok := p.refuseNewPassword(ctx, c, in.NewPassword, a.PasswordHash); ok {
			return refused, nil
		}
		hash, err := p.hasher.Hash(ctx, p.limitedClient(ctx, c), in.NewPassword)
		if err != nil {
			return Result{}, err
		}
		a.PasswordHash = hash
		endSessions = true
	}

	data = p.withCustomerAssignment(profile, data)
	// Counted as the caller sees it: the subscriptions a registration over a subscriber asks for count as for a new
	// account, also those the subscriber had confirmed already, which send no mail (registrant.go).
	if newEmail != "" || len(seen.pendingSubs) > 0 {
		// The call sends mail: throttled per account and per client address, before anything changes.
		if allowed, err := permit.allow(ctx, p, c, a.UID); err != nil {
			return Result{}, err
		} else if !allowed {
			return fail(contract.CodeFrequencyLimit, tooManyMails), nil
		}
	}

	a.Profile, a.Data, a.Preferences, a.Subscriptions, a.Lang, a.UpdatedAt = profile, data, prefs, subs, lang, now
	// A new password and the end of what the old one gave (endCredentials) take effect together or not at all.
	err = p.store.InTx(ctx, func(st Store) error {
		updated, err := st.UpdateAccount(ctx, a)
		if err != nil {
			return err
		}
		a = updated
		if !endSessions {
			return nil
		}
		return endCredentials(ctx, st, a.UID, now, EndedByPassword)
	})
	if errors.Is(err, ErrNotFound) {
		// Erased meanwhile (an unsubscribe from everything deleted the newsletter-only account): the caller's
		// regToken or session no longer names an account.
		return fail(contract.CodeUnauthorized, ""), nil
	}
	if err != nil {
		return Result{}, err
	}
	if endSessions {
		p.audit(ctx, audit.Event{Type: audit.PasswordChanged, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
		p.credentialsChanged(ctx, a.UID)
		p.notify(ctx, MailPasswordChangedNotice, p.pageLang(c, a), a, resetStartPath)
	}
	if newEmail != "" {
		p.audit(ctx, audit.Event{Type: audit.EmailChangeAsked, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
	}
	if newEmail != "" {
		lang := p.pageLang(c, a)
		if err := p.sendVerification(ctx, a, lang, newEmail); err != nil {
			return Result{}, err
		}
		if err := p.sendMail(ctx, MailEmailChangedNotice, lang, a.UID, a.Email, map[string]any{
			"FirstName": stringField(a.Profile, "firstName"), "NewEmail": identity.Email(newEmail).Masked(), "Link": p.pageLink(resetStartPath, lang),
		}); err != nil {
			return Result{}, err
		}
	}
	if err := p.sendSubscriptionConfirmations(ctx, a, pendingSubs, p.pageLang(c, a)); err != nil {
		return Result{}, err
	}
	r := ok(nil)
	r.EndSession = endSessions
	return r, nil
}

// checkFavouriteStore refuses a newly chosen favourite store that the retailer does not have or that has closed
// (spec 001 §5); keeping a store that closed since it was chosen is not a new choice and passes.
func (p *Provider) checkFavouriteStore(ctx context.Context, data, before map[string]any) (*ValidationError, error) {
	path := strings.TrimPrefix(FavouriteStoreField, "data.")
	chosen, _ := getPath(data, path)
	id, _ := chosen.(string)
	previous, _ := getPath(before, path)
	if p.stores == nil || id == "" || id == previous {
		return nil, nil
	}
	exists, open, err := p.stores.StoreStatus(ctx, id)
	switch {
	case err != nil:
		return nil, err
	case !exists:
		return &ValidationError{FieldName: FavouriteStoreField, ErrorCode: contract.CodeInvalidParameter, Message: "Unknown store"}, nil
	case !open:
		return &ValidationError{FieldName: FavouriteStoreField, ErrorCode: contract.CodeInvalidParameter, Message: "The store has closed"}, nil
	}
	return nil, nil
}

// sendSubscriptionConfirmations mails a double opt-in link per newly subscribed key.
func (p *Provider) sendSubscriptionConfirmations(ctx context.Context, a Account, keys []string, lang string) error {
	tokens, err := p.subscriptionTokens(ctx, p.store, a, keys)
	if err != nil {
		return err
	}
	return p.mailSubscriptionConfirmations(ctx, a, tokens, lang)
}

// subscriptionToken is the stored token of one double opt-in link.
type subscriptionToken struct {
	key, token string
	lifetime   time.Duration
}

// refuseNewPassword is the answer to a new password the account may not take, in the contract's order: its current
// one again (400006 with details 100001, spec 000 §5, §8), then one the policy refuses (400009). A password change
// and a reset ask it alike.
func (p *Provider) refuseNewPassword(ctx context.Context, c Caller, newPassword, currentHash string) (Result, bool) {
	if same, _, _ := p.hasher.Verify(ctx, p.limitedClient(ctx, c), newPassword, currentHash); same {
		return fail(contract.CodeInvalidParameter, contract.DetailsSamePassword), true
	}
	if errs := p.schema.checkPassword("newPassword", newPassword); len(errs) > 0 {
		return validationFailed(errs), true
	}
	return Result{}, false
}

// subscriptionTokens stores a double opt-in token per newly subscribed key. The links of earlier requests for the
// key end: a confirmation is consent to this request, at this address (QA security round of 2026-11-29: the link
// of a subscription the shopper had ended since confirmed the one asked for later).
func (p *Provider) subscriptionTokens(ctx context.Context, st Store, a Account, keys []string) ([]subscriptionToken, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	if err := p.endSubscriptionLinks(ctx, st, a.UID, keys...); err != nil {
		return nil, err
	}
	out := make([]subscriptionToken, 0, len(keys))
	for _, key := range keys {
		lifetime := p.confirmationLifetime(key)
		token, err := p.issueTokenIn(ctx, st, TokenSubscription, a.UID, map[string]string{"key": key}, lifetime)
		if err != nil {
			return nil, err
		}
		out = append(out, subscriptionToken{key: key, token: token, lifetime: lifetime})
	}
	return out, nil
}

// confirmationLifetime is how long the double opt-in link of subscription key stays valid.
func (p *Provider) confirmationLifetime(key string) time.Duration {
	if lifetime := p.schema.subs[key].ConfirmationLifetime; lifetime > 0 {
		return lifetime
	}
	return p.cfg.VerificationLifetime
}

// mailSubscriptionConfirmations sends the double opt-in mails of stored tokens.
func (p *Provider) mailSubscriptionConfirmations(ctx context.Context, a Account, tokens []subscriptionToken, lang string) error {
	for _, t := range tokens {
		name := p.newsletterName(t.key, lang)
		if name == "" {
			name = t.key
		}
		if err := p.sendLinkMail(ctx, MailSubscriptionConfirmation, lang, a.UID, a.Email, t.lifetime, map[string]any{
			"Link": p.link(contract.LinkConfirmSubscriptionPath, contract.LinkConfirmSubscriptionTokenParam, t.token, lang), "Name": name, "FirstName": stringField(a.Profile, "firstName"),
			"Days": int(t.lifetime / (24 * time.Hour)), "ProductReminder": strings.HasPrefix(t.key, "SVC_"),
		}); err != nil {
			return err
		}
	}
	return nil
}

// endSubscriptionLinks ends the unused double opt-in links of the account, of the given keys only when any are named.
func (p *Provider) endSubscriptionLinks(ctx context.Context, st Store, uid string, keys ...string) error {
	tokens, err := st.UnusedTokens(ctx, uid, TokenSubscription)
	if err != nil {
		return err
	}
	now := p.clock()
	for _, t := range tokens {
		if len(keys) > 0 && !slices.Contains(keys, t.Payload["key"]) {
			continue
		}
		if _, err := st.UseToken(ctx, t.Hash, now); err != nil {
			return err
		}
	}
	return nil
}

// SubscriptionLinkOutcome is what following a double opt-in link did.
type SubscriptionLinkOutcome struct {
	// Code: 0 confirmed, 403002 expired, 404000 unknown or no longer valid, 403041 the account is disabled.
	Code int
	// Key names the subscription the link confirmed, or would have (an expired link's page depends on it); with
	// 404000 only when Ended says why the link no longer confirms it.
	Key string
	// Ended, with 404000: LinkUnsubscribedSince or LinkReplaced; empty for an unknown link or one used to confirm.
	Ended string
}

// Why a double opt-in link no longer confirms its subscription (SubscriptionLinkOutcome.Ended).
const (
	// LinkUnsubscribedSince: the subscription ended after the link was sent.
	LinkUnsubscribedSince = "unsubscribed"
	// LinkReplaced: the subscription awaits the confirmation of a newer request (chosen again, or mailed again to a
	// new address of the account); only that request's link confirms it.
	LinkReplaced = "replaced"
)

// ConfirmSubscription follows a double opt-in link. A link that opens nothing any more says why where the
// account tells: the subscription ended since, or it waits for a newer link; a link used to confirm it (the
// subscription confirmed) or an unknown one says nothing more.
func (p *Provider) ConfirmSubscription(ctx context.Context, token string) (SubscriptionLinkOutcome, error) {
	t, code, err := p.openLink(ctx, token, TokenSubscription)
	if code == contract.CodeActivationExpired {
		return SubscriptionLinkOutcome{Code: code, Key: t.Payload["key"]}, nil
	}
	if err != nil {
		return SubscriptionLinkOutcome{}, err
	}
	if code == contract.CodeNotFound {
		return p.spentSubscriptionLink(ctx, token)
	}
	key := t.Payload["key"]
	now := p.clock()
	_, err = p.spendLink(ctx, t, now, func(st Store, a Account) (Account, error) {
		em, doi, subscribed := emailChannel(a.Subscriptions, key)
		if !subscribed {
			return a, errUnsubscribedSince // the link confirms nothing and stays unused
		}
		if doi == nil {
			doi = map[string]any{}
		}
		doi["status"], doi["confirmTime"] = "Confirmed", isoTime(now)
		em["doubleOptIn"] = doi
		a.UpdatedAt = now
		return st.UpdateAccount(ctx, a)
	})
	switch {
	case errors.Is(err, errUnsubscribedSince):
		// The page says the newsletter was unsubscribed since, not "perhaps confirmed already" (QA: the shopper
		// was neither).
		return SubscriptionLinkOutcome{Code: contract.CodeNotFound, Key: key, Ended: LinkUnsubscribedSince}, nil
	case errors.Is(err, ErrNotFound): // used meanwhile, or the account was erased
		return p.spentSubscriptionLink(ctx, token)
	case errors.Is(err, identity.ErrAccountDisabled): // the link stays, for when the account is enabled again
		return SubscriptionLinkOutcome{Code: contract.CodeAccountDisabled, Key: key}, nil
	case err != nil:
		return SubscriptionLinkOutcome{}, err
	}
	return SubscriptionLinkOutcome{Code: contract.CodeOK, Key: key}, nil
}

// spentSubscriptionLink answers a double opt-in link that is unknown or no longer unused: used to confirm, or
// ended by a newer request for its subscription or by the account's change of address (endSubscriptionLinks).
// The account's subscription tells which page is true: confirmed (by this link or a newer one) is the used
// link's; pending again means a newer link waits; ended, unsubscribed since. A link that had expired before it
// was ended is an expired link.
func (p *Provider) spentSubscriptionLink(ctx context.Context, token string) (SubscriptionLinkOutcome, error) {
	notFound := SubscriptionLinkOutcome{Code: contract.CodeNotFound}
	if token == "" || len(token) > 200 {
		return notFound, nil
	}
	t, err := p.store.TokenByHash(ctx, hashToken(token))
	if errors.Is(err, ErrNotFound) || (err == nil && (t.Kind != TokenSubscription || t.UsedAt.IsZero())) {
		return notFound, nil
	}
	if err != nil {
		return SubscriptionLinkOutcome{}, err
	}
	key := t.Payload["key"]
	if !t.UsedAt.Before(t.ExpiresAt) {
		return SubscriptionLinkOutcome{Code: contract.CodeActivationExpired, Key: key}, nil
	}
	a, err := p.store.AccountByUID(ctx, t.UID)
	if errors.Is(err, ErrNotFound) {
		return notFound, nil
	}
	if err != nil {
		return SubscriptionLinkOutcome{}, err
	}
	switch _, doi, subscribed := emailChannel(a.Subscriptions, key); {
	case !subscribed:
		return SubscriptionLinkOutcome{Code: contract.CodeNotFound, Key: key, Ended: LinkUnsubscribedSince}, nil
	case doi["status"] == "Pending":
		return SubscriptionLinkOutcome{Code: contract.CodeNotFound, Key: key, Ended: LinkReplaced}, nil
	}
	return notFound, nil
}

// emailChannel reads the e-mail channel of subscription key in an account's subscriptions: the channel's
// document (nil when there is none), its double opt-in (nil when there is none) and whether it is subscribed.
// The maps are the account's own, so a change to them changes the account.
func emailChannel(subscriptions map[string]any, key string) (em, doi map[string]any, subscribed bool) {
	v, _ := getPath(subscriptions, key+".email")
	em, _ = v.(map[string]any)
	doi, _ = em["doubleOptIn"].(map[string]any)
	subscribed, _ = em["isSubscribed"].(bool)
	return em, doi, subscribed
}

// currentSubscriptions is a copy of an account's stored subscriptions as they stand at now: a subscription still
// waiting for its double opt-in when its link expired (the link's lifetime after its mail) is not subscribed. The
// request lapsed with its link, as an unverified registration does, and choosing the subscription again mails a
// new link (QA: the preference centre showed such a subscription as waiting for the dead link, and switching it on
// again sent none). What answers the subscriptions (the account, the login event, the export, an erasure's list)
// and what changes them (a save, a registration over a subscriber) starts from this copy, so the next save stores
// the lapse; the links themselves go by their own expiry, set with the mail. The lapse counts as a change of
// state at the link's end.
func (p *Provider) currentSubscriptions(subscriptions map[string]any, now time.Time) map[string]any {
	out := deepCopy(subscriptions)
	for key := range out {
		em, doi, subscribed := emailChannel(out, key)
		sentTime, _ := doi["emailSentTime"].(string)
		if !subscribed || doi["status"] != "Pending" || sentTime == "" {
			continue
		}
		sent, err := time.Parse(time.RFC3339, sentTime)
		if err != nil {
			continue
		}
		ended := sent.Add(p.confirmationLifetime(key))
		if now.Before(ended) {
			continue
		}
		em["isSubscribed"] = false
		doi["status"] = "NotConfirmed"
		em["lastUpdatedSubscriptionState"] = isoTime(ended)
	}
	return out
}

// errUnsubscribedSince: a double opt-in link of a subscription ended before the link was followed.
var errUnsubscribedSince = errors.New("identity: unsubscribed since the link was sent")

// consentsOfRegistration are the consents the registration of a newsletter subscriber's address gave itself (those
// recorded at its RegisteredAt), which its limited regToken may read back: finalize asked the terms again of every
// subscriber who registered, since the token read no consent at all (QA, 2026-11-29). The subscriber's own earlier
// consents stay unread, as the rest of the subscriber's data.
func consentsOfRegistration(a Account) map[string]any {
	out := map[string]any{}
	if !a.IsRegistered || a.RegisteredAt.IsZero() {
		return out
	}
	given := isoTime(a.RegisteredAt)
	for group, v := range a.Preferences {
		consents, _ := v.(map[string]any)
		for name, c := range consents {
			if record, _ := c.(map[string]any); record["lastConsentModified"] == given {
				kept, _ := out[group].(map[string]any)
				if kept == nil {
					kept = map[string]any{}
					out[group] = kept
				}
				kept[name] = record
			}
		}
	}
	return out
}
