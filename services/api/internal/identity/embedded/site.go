package embedded

import (
	"github.com/grocer-portal/portal/services/api/internal/audit"

	"context"
	"errors"
	"strings"
	"time"
)

// GetSchema answers accounts.getSchema.
func (p *Provider) GetSchema() Result { return ok(p.schema.schemaAnswer()) }

// GetSiteConsentDetails answers accounts.getSiteConsentDetails.
func (p *Provider) GetSiteConsentDetails() Result { return ok(p.schema.consentAnswer()) }

// GetPolicies answers accounts.getPolicies; sections (comma-separated) narrows the answer.
func (p *Provider) GetPolicies(sections string) Result {
	complexity := map[string]any{"minLength": p.cfg.Password.MinLength, "minCharGroups": p.cfg.Password.MinCharGroups}
	if p.cfg.Password.RegExp != "" {
		complexity["regExp"] = p.cfg.Password.RegExp
	}
	all := map[string]any{
		"passwordComplexity": complexity,
		"registration":       map[string]any{"requireCaptcha": false, "requireSecurityQuestion": false, "requireLoginID": false, "enforceCoppa": false},
		"accountOptions": map[string]any{
			"verifyEmail": true, "allowUnverifiedLogin": false, "preventLoginIDHarvesting": true,
			"verifyProviderEmail": true, "sendWelcomeEmail": false, "sendAccountDeletedEmail": true,
			"defaultLanguage": "de", "loginIdentifiers": "email", "loginIdentifierConflict": "failOnSiteConflictingIdentity",
		},
		"security": map[string]any{"accountLockout": map[string]any{
			"failedLoginThreshold": p.cfg.LockoutMaxFailures,
			"lockoutTimeSec":       int(p.cfg.LockoutDuration.Seconds()),
			"failedLoginResetSec":  int(p.cfg.LockoutWindow.Seconds()),
		}},
		"emailVerification": map[string]any{"verificationEmailExpiration": int(p.cfg.VerificationLifetime.Seconds())},
		"passwordReset":     map[string]any{"tokenExpiration": int(p.cfg.ResetTokenLifetime.Seconds())},
	}
	if strings.TrimSpace(sections) == "" {
		return ok(all)
	}
	out := map[string]any{}
	for _, s := range strings.Split(sections, ",") {
		if v, found := all[strings.TrimSpace(s)]; found {
			out[strings.TrimSpace(s)] = v
		}
	}
	return ok(out)
}

// ErrUnknownAccount is returned by SetDisabled for an address without an account.
var ErrUnknownAccount = errors.New("identity: no account with this e-mail address")

// ErrAlreadySo is returned by SetDisabled for an account already in the state asked for: nothing changes, and no
// second event is recorded.
var ErrAlreadySo = errors.New("identity: the account is already so")

// SetDisabled disables (403041 at login and on its mailed links, every session and e-mail change link ended) or
// re-enables the account of an address; the operator's `portal accounts disable|enable EMAIL`.
func (p *Provider) SetDisabled(ctx context.Context, email string, disabled bool) error {
	var a Account
	now := p.clock()
	err := untilNoConflict(ctx, func() (err error) {
		a, err = p.accountByEmail(ctx, email)
		if errors.Is(err, ErrNotFound) {
			return ErrUnknownAccount
		}
		if err != nil {
			return err
		}
		if a.Disabled == disabled {
			return ErrAlreadySo
		}
		a.Disabled, a.UpdatedAt = disabled, now
		a, err = p.store.UpdateAccount(ctx, a)
		return err
	})
	if err != nil {
		return err
	}
	event := audit.AccountEnabled
	if disabled {
		event = audit.AccountDisabled
		// Sessions end, and so do the e-mail change links, which a session asked for: the block may be for a thief's
		// session, whose change must not outlive it. The links mailed to the account's own address (its
		// registration's verification link, reset and double opt-in links) are held, not spent: while the account is
		// disabled they change nothing and answer 403041 (spendLink), and once it is enabled they work within their
		// time (QA operator round of 2026-11-30: a disable and an enable left a shopper's verification link
		// unknown). Its regTokens stay, to be answered 403041 (finalizeRegistration, setAccountInfo: a disabled
		// account changed its password and address through one, code review round).
		if err := p.store.RevokeSessions(ctx, a.UID, now); err != nil {
			return err
		}
		if err := endEmailChangeLinks(ctx, p.store, a.UID, now); err != nil {
			return err
		}
	}
	p.audit(ctx, audit.Event{Type: event, UID: a.UID, Email: a.Email, Detail: "operator"})
	if disabled {
		p.credentialsChanged(ctx, a.UID)
	}
	return nil
}

// endEmailChangeLinks ends the unused e-mail change links of the account (verification links naming a new address),
// leaving its registration's.
func endEmailChangeLinks(ctx context.Context, st Store, uid string, now time.Time) error {
	tokens, err := st.UnusedTokens(ctx, uid, TokenVerification)
	if err != nil {
		return err
	}
	for _, t := range tokens {
		if t.Payload["email"] == "" {
			continue
		}
		if _, err := st.UseToken(ctx, t.Hash, now); err != nil {
			return err
		}
	}
	return nil
}
