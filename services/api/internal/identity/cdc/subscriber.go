package cdc

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// EraseSubscriber is the vendor side of a full unsubscribe (spec 001 §4, and the RFC 8058 one-click link the
// retailer's mailing system sends): the same outcome as the embedded provider's, with the vendor's calls.
//
// accounts.search (full and lite) finds every record of the address; the vendor keeps a lite (newsletter-only)
// record apart from a full account of the same address, so there may be two.
//   - A lite record is deleted (accounts.deleteAccount with its UID): nothing in it belongs to a customer
//     account. Only a record the vendor positively marks as lite is (liteOnly).
//   - A full account, and any record whose kind the answer leaves open, keeps what the shopper logs in with and loses every subscription and the marketing data
//     sections (accounts.setAccountInfo: each subscribed key to isSubscribed=false, each section to null, which
//     the vendor documents as removing the field).
//
// Assumption: the vendor offers no call that revokes a regToken; the regTokens already handed out end with their
// own lifetime (one hour, RegTokenLifetime), and the service's withdrawal record stops every older link from
// issuing a new one. An unknown address erases nothing. The first failing call stops the erasure and is
// reported; repeating the unsubscribe repeats only what is left.
func (c *Client) EraseSubscriber(ctx context.Context, email identity.Email) (identity.ErasedSubscriber, error) {
	found, err := c.searchEmail(ctx, "UID, profile.email, isRegistered, hasFullAccount, subscriptions", email, "full,lite")
	if err != nil {
		return identity.ErasedSubscriber{}, err
	}
	var out identity.ErasedSubscriber
	deleted, kept := 0, 0
	for _, acc := range found {
		for _, key := range identity.ConsentedKeys(acc.Subscriptions) {
			if !slices.Contains(out.Subscriptions, key) {
				out.Subscriptions = append(out.Subscriptions, key)
			}
		}
		if acc.liteOnly() {
			if err := c.expectOK(ctx, "accounts.deleteAccount", url.Values{"UID": {acc.UID}}, contract.CodeNotFound); err != nil {
				return identity.ErasedSubscriber{}, err
			}
			deleted++
			continue
		}
		if err := c.withdrawMarketing(ctx, acc.UID, acc.Subscriptions); err != nil {
			return identity.ErasedSubscriber{}, err
		}
		kept++
	}
	slices.Sort(out.Subscriptions)
	// The account is gone for the shopper when no full account of the address remains.
	out.AccountDeleted = deleted > 0 && kept == 0
	c.logger.Debug("cdc subscriber erased", zap.Int("records_deleted", deleted), zap.Int("accounts_kept", kept))
	return out, nil
}

// liteOnly reports whether the vendor says the record is a lite (newsletter-only) one: isRegistered false (the
// account object: "The user is registered once his registration has been finalized"; the contract: a lite
// account is one with isRegistered false) and hasFullAccount false (the email account object: "associated with a
// fully registered account"). A marker the answer lacks is not a "no": such a record is kept and only loses its
// marketing, because deleting a customer's account cannot be undone (QA round of 2026-11-29).
func (acc searchResult) liteOnly() bool {
	return acc.IsRegistered != nil && !*acc.IsRegistered && acc.HasFull != nil && !*acc.HasFull
}

// withdrawMarketing turns every subscription of a full account off and removes its marketing data sections.
func (c *Client) withdrawMarketing(ctx context.Context, uid string, subscriptions map[string]any) error {
	subs := map[string]any{}
	for key := range subscriptions {
		subs[key] = map[string]any{"email": map[string]any{"isSubscribed": false}}
	}
	data := map[string]any{}
	for _, section := range identity.MarketingDataSections {
		data[section] = nil
	}
	params := url.Values{"UID": {uid}}
	for name, v := range map[string]any{"subscriptions": subs, "data": data} {
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		params.Set(name, string(raw))
	}
	return c.expectOK(ctx, "accounts.setAccountInfo", params)
}

// expectOK calls a method that answers nothing but its errorCode: 0, or one of alsoFine, is success.
func (c *Client) expectOK(ctx context.Context, method string, params url.Values, alsoFine ...int) error {
	r, err := c.call(ctx, method, params)
	if err != nil {
		return err
	}
	if r.ErrorCode == contract.CodeOK || slices.Contains(alsoFine, r.ErrorCode) {
		return nil
	}
	return &APIError{Method: method, ErrorCode: r.ErrorCode, CallID: r.CallID}
}
