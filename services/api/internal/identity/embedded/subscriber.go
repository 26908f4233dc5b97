package embedded

import (
	"context"
	"errors"
	"slices"
	"sort"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// SubscriberSeed is demo data for SeedSubscriber: subscriptions that are on and confirmed, and data merged in.
type SubscriberSeed struct {
	Confirmed []string
	Data      map[string]any
	// At is when the subscriptions were confirmed, zero for now. A subscription whose state was set after a
	// non-zero At (the shopper's own later choice) is left as it is.
	At time.Time
}

// SeedSubscriber gives email (a newsletter-only account, created when missing) the seed's confirmed
// subscriptions and data; running it again leaves the account as it is. Unknown subscription keys are refused.
func (p *Provider) SeedSubscriber(ctx context.Context, email identity.Email, seed SubscriberSeed) error {
	_, err := p.seedSubscriber(ctx, email, seed)
	return err
}

// seedSubscriber is SeedSubscriber, also answering whether it changed the account.
func (p *Provider) seedSubscriber(ctx context.Context, email identity.Email, seed SubscriberSeed) (bool, error) {
	for _, key := range seed.Confirmed {
		if _, known := p.schema.subs[key]; !known {
			return false, errors.New("identity: seed: unknown subscription " + key)
		}
	}
	var changed bool
	err := untilNoConflict(ctx, func() error {
		a, err := p.liteAccount(ctx, email)
		if err != nil {
			return err
		}
		now, at := p.clock(), seed.At
		if at.IsZero() {
			at = now
		}
		changed = false
		for _, key := range seed.Confirmed {
			em, doi, subscribed := emailChannel(a.Subscriptions, key)
			if subscribed && doi["status"] == "Confirmed" {
				continue
			}
			if set, err := time.Parse(time.RFC3339Nano, stringField(em, "lastUpdatedSubscriptionState")); !seed.At.IsZero() && err == nil && set.After(at) {
				continue
			}
			setPath(a.Subscriptions, key+".email", map[string]any{
				"isSubscribed": true, "lastUpdatedSubscriptionState": isoTime(at),
				"doubleOptIn": map[string]any{"status": "Confirmed", "emailSentTime": isoTime(at), "confirmTime": isoTime(at)},
			})
			changed = true
		}
		for _, l := range mustFlatten(seed.Data) {
			if v, found := getPath(a.Data, l.Path); !found || v != l.Value {
				setPath(a.Data, l.Path, l.Value)
				changed = true
			}
		}
		if !changed {
			return nil
		}
		a.UpdatedAt = now
		_, err = p.store.UpdateAccount(ctx, a)
		return err
	})
	return changed && err == nil, err
}

// IsDisabled reports whether an operator disabled the account of email (false for an address without one): its
// product reminders are then as closed to the preference centre's link as its profile (reminders.DisabledAccounts).
func (p *Provider) IsDisabled(ctx context.Context, email identity.Email) (bool, error) {
	a, err := p.store.AccountByEmail(ctx, email.String())
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return a.Disabled, err
}

// SubscribeConfirmed turns key on for email, with its double opt-in confirmed: the address confirmed it through a
// link of the service's own (a product reminder's verification mail). A newsletter-only account is created when
// the address has none; an account that has it on and confirmed is left as it is.
func (p *Provider) SubscribeConfirmed(ctx context.Context, email identity.Email, key string) error {
	return p.SeedSubscriber(ctx, email, SubscriberSeed{Confirmed: []string{key}})
}

// SubscribeConfirmedAt is SubscribeConfirmed for a confirmation made at `at`, told of later (a product reminder
// confirmed under a release before 2026-11-28, which did not turn the subscription on): the double opt-in is dated
// then, and a subscription whose state was set after it stays as the shopper left it. It answers whether it turned
// the subscription on.
func (p *Provider) SubscribeConfirmedAt(ctx context.Context, email identity.Email, key string, at time.Time) (bool, error) {
	return p.seedSubscriber(ctx, email, SubscriberSeed{Confirmed: []string{key}, At: at})
}

func mustFlatten(m map[string]any) []leaf {
	leaves, _ := flatten(m, 8)
	return leaves
}

// liteAccount returns the account of email, creating a newsletter-only account when there is none.
func (p *Provider) liteAccount(ctx context.Context, email identity.Email) (Account, error) {
	a, err := p.store.AccountByEmail(ctx, email.String())
	if !errors.Is(err, ErrNotFound) {
		return a, err
	}
	now := p.clock()
	a = Account{UID: newUID(), Email: email.String(), Origin: OriginLite, CreatedAt: now, UpdatedAt: now,
		Profile: map[string]any{}, Data: map[string]any{}, Preferences: map[string]any{}, Subscriptions: map[string]any{}}
	err = p.store.CreateAccount(ctx, a)
	if errors.Is(err, ErrEmailTaken) {
		return p.store.AccountByEmail(ctx, email.String()) // created concurrently
	}
	return a, err
}

// EraseSubscriber is the identity side of a full unsubscribe (spec 001 §4: it "removes access to the profile
// and deletes personal data"). A newsletter-only account is deleted with everything in it (profile, tiles,
// favourite store, birth date, subscriptions, its regTokens). An account the shopper also logs in with keeps
// what belongs to the customer account (spec 000) and loses every subscription, the tiles, the favourite store
// and the marketing consents; its subscriber regTokens stop working. An unknown address erases nothing.
func (p *Provider) EraseSubscriber(ctx context.Context, email identity.Email) (identity.ErasedSubscriber, error) {
	var out identity.ErasedSubscriber
	err := untilNoConflict(ctx, func() error {
		a, err := p.store.AccountByEmail(ctx, email.String())
		if errors.Is(err, ErrNotFound) {
			out = identity.ErasedSubscriber{}
			return nil
		}
		if err != nil {
			return err
		}
		out = identity.ErasedSubscriber{Subscriptions: identity.ConsentedKeys(p.currentSubscriptions(a.Subscriptions, p.clock())), UID: a.UID}
		if only, err := newsletterOnly(ctx, p.store, a); err != nil {
			return err
		} else if only {
			out.AccountDeleted = true
			// Only the account as read goes: its version is checked (and on PostgreSQL its row held) in the
			// transaction that deletes it. A registration that upgraded it since made it the shopper's (ErrConflict:
			// read again, and withdraw its marketing only); one deleted meanwhile is read again as gone. The plain
			// delete erased a registration made between the read and the delete, answered 206002, with its link
			// (2026-11-30, beside QA's registration that lost the same race).
			return p.store.InTx(ctx, func(st Store) error {
				if _, err := st.UpdateAccount(ctx, a); errors.Is(err, ErrNotFound) {
					return ErrConflict
				} else if err != nil {
					return err
				}
				return st.DeleteAccount(ctx, a.UID)
			})
		}
		now := p.clock()
		for _, key := range sortedKeys(a.Subscriptions) {
			v, _ := getPath(a.Subscriptions, key+".email")
			if em, isObj := v.(map[string]any); isObj {
				em["isSubscribed"] = false
				em["doubleOptIn"] = map[string]any{"status": "NotConfirmed"}
				em["lastUpdatedSubscriptionState"] = isoTime(now)
			}
		}
		for _, section := range identity.MarketingDataSections {
			delete(a.Data, section)
		}
		a.UpdatedAt = now
		if _, err = p.store.UpdateAccount(ctx, a); err != nil {
			return err
		}
		return p.store.RevokeTokens(ctx, a.UID, TokenSubscriber, now, "")
	})
	if err != nil {
		return identity.ErasedSubscriber{}, err
	}
	return out, nil
}

// newsletterOnly reports whether a is a newsletter subscriber's account and nothing more: no registration, no
// password, no social login, no passkey. Every call but the preference centre's answers such an address as one
// without an account.
func newsletterOnly(ctx context.Context, st Store, a Account) (bool, error) {
	if a.IsRegistered || a.PasswordHash != "" {
		return false, nil
	}
	providers, err := st.SocialProviders(ctx, a.UID)
	if err != nil || len(providers) > 0 {
		return false, err
	}
	keys, err := st.Passkeys(ctx, a.UID)
	return err == nil && len(keys) == 0, err
}

// absorbSubscriber makes room for a confirmed e-mail change of a (a.Email being the new address) in st: a
// newsletter-only account of the address is folded into a and deleted. Following the link proved the new address,
// the subscriber's as much as the account's, so its newsletters come along: its subscriptions where a has none
// on (or a confirmed one where a's waits), and what a lacks of its marketing data (the tiles, the favourite store,
// the marketing consents); a's profile and customer data stay a's. It answers the subscriptions taken that still
// waited for their double opt-in, whose links end with the subscriber's account and are mailed again for a.
// ErrEmailTaken: the address is a registered account's.
func (p *Provider) absorbSubscriber(ctx context.Context, st Store, a Account, now time.Time) (Account, []string, error) {
	other, err := st.AccountByEmail(ctx, a.Email)
	switch {
	case errors.Is(err, ErrNotFound):
		return a, nil, nil
	case err != nil:
		return a, nil, err
	case other.UID == a.UID:
		return a, nil, nil
	}
	if only, err := newsletterOnly(ctx, st, other); err != nil {
		return a, nil, err
	} else if !only {
		return a, nil, ErrEmailTaken
	}
	waiting, err := p.awaitingConfirmation(ctx, st, other, now)
	if err != nil {
		return a, nil, err
	}
	subs := p.currentSubscriptions(other.Subscriptions, now)
	a.Subscriptions, a.Data = deepCopy(a.Subscriptions), deepCopy(a.Data)
	var taken []string
	for _, key := range sortedKeys(subs) {
		em, doi, subscribed := emailChannel(subs, key)
		_, own, ownSubscribed := emailChannel(a.Subscriptions, key)
		if !subscribed || (ownSubscribed && (own["status"] == "Confirmed" || doi["status"] != "Confirmed")) {
			continue
		}
		setPath(a.Subscriptions, key+".email", copyValue(em))
		if slices.Contains(waiting, key) {
			taken = append(taken, key)
		}
	}
	for _, section := range identity.MarketingDataSections {
		if held, isObj := other.Data[section].(map[string]any); isObj {
			own, _ := a.Data[section].(map[string]any)
			a.Data[section] = fillMissing(own, held)
		}
	}
	if p.subscriberJoined != nil {
		if err := st.Also(ctx, func(tx database.Tx) error { return p.subscriberJoined(ctx, tx, other.UID, a.UID) }); err != nil {
			return a, nil, err
		}
	}
	return a, taken, st.DeleteAccount(ctx, other.UID)
}

// fillMissing is own with every value of held that own lacks (nested objects field by field).
func fillMissing(own, held map[string]any) map[string]any {
	out := deepCopy(own)
	for k, v := range held {
		mine, found := out[k]
		ownObj, ownIsObj := mine.(map[string]any)
		heldObj, heldIsObj := v.(map[string]any)
		switch {
		case !found || mine == nil || mine == "":
			out[k] = copyValue(v)
		case ownIsObj && heldIsObj:
			out[k] = fillMissing(ownObj, heldObj)
		}
	}
	return out
}

// SessionAccount names the account of a live session, its UID and address; identity.ErrAccountNotFound without
// one.
func (p *Provider) SessionAccount(ctx context.Context, sessionToken string) (string, identity.Email, error) {
	a, err := p.sessionAccount(ctx, sessionToken)
	if errors.Is(err, ErrNotFound) {
		return "", "", identity.ErrAccountNotFound
	}
	if err != nil {
		return "", "", err
	}
	return a.UID, identity.Email(a.Email), nil
}

// SessionKey names the session of sessionToken for a link the session asks for (subscribers.SessionBinder): the
// hash the session is stored under, which opens nothing by itself.
func (p *Provider) SessionKey(sessionToken string) string {
	return hashToken(sessionToken)
}

// SessionLive reports whether the session stored under key has not ended: not logged out or revoked (a password
// change or reset, the disabling), not idled out, not past its absolute expiry, and its account's credentials those
// it was opened with. The link's use slides its idle expiry (useBoundSession, subscribers.SessionBinder).
func (p *Provider) SessionLive(ctx context.Context, key string) (bool, error) {
	err := p.useBoundSession(ctx, key)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
