package embedded

import (
	"github.com/grocer-portal/portal/services/api/internal/audit"

	"context"
	"errors"
	"strings"
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

// SetDisabled disables (403041 at login, every session ended) or re-enables the account of an address; the
// operator's `portal accounts disable|enable EMAIL`.
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
		// Sessions end, and so do the reset and e-mail change links; its regTokens stay, to be answered 403041
		// (finalizeRegistration, setAccountInfo: a disabled account changed its password and address through one,
		// code review round).
		if err := endSessionsAndTokens(ctx, p.store, a.UID, now, TokenReset, TokenVerification); err != nil {
			return err
		}
	}
	p.audit(ctx, audit.Event{Type: event, UID: a.UID, Email: a.Email, Detail: "operator"})
	if disabled {
		p.credentialsChanged(ctx, a.UID)
	}
	return nil
}
