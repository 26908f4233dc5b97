package embedded

import (
	"context"
	"errors"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// ResetPasswordParams are the parameters of accounts.resetPassword: step 1 LoginID; step 2 PasswordResetToken
// and NewPassword.
type ResetPasswordParams struct {
	LoginID, Lang, PasswordResetToken, NewPassword string
}

// ResetPassword answers accounts.resetPassword, both steps.
func (p *Provider) ResetPassword(ctx context.Context, c Caller, in ResetPasswordParams) (Result, error) {
	if in.PasswordResetToken != "" {
		return p.completeReset(ctx, c, in.PasswordResetToken, in.NewPassword)
	}
	if strings.TrimSpace(in.LoginID) == "" {
		return fail(contract.CodeMissingRequiredParameter, "loginID"), nil
	}
	if in.Lang != "" {
		c.Lang = in.Lang
	}
	// A hit (mail rendered and stored) and a miss cannot be told apart by their timing (padMailRequest); the code
	// itself (403047) is the contract's.
	defer p.padMailRequest(ctx, time.Now())
	return p.startReset(ctx, c, in.LoginID)
}

func (p *Provider) startReset(ctx context.Context, c Caller, loginID string) (Result, error) {
	a, err := p.accountByEmail(ctx, loginID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Result{}, err
	}
	if err != nil || !a.IsRegistered {
		// The same work as a hit: a token and a rendered mail, neither kept.
		plain, _ := newToken()
		lang := p.pageLang(c, Account{})
		_, _ = p.templates.Render(MailPasswordReset, lang, "nobody@invalid.example", map[string]any{
			"Link": p.link(contract.LinkResetPasswordPath, contract.LinkResetPasswordTokenParam, plain, lang), "FirstName": "",
			"Minutes": int(p.cfg.ResetTokenLifetime.Minutes())})
		return fail(contract.CodeLoginIDUnknown, ""), nil
	}
	now := p.clock()
	last, err := p.store.LatestToken(ctx, a.UID, TokenReset)
	if err == nil && now.Sub(last.CreatedAt) < p.cfg.ResetFrequency {
		return fail(contract.CodeFrequencyLimit, "A password reset e-mail was sent recently"), nil
	}
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Result{}, err
	}
	// The same rule for requests sent at once, which all found no recent token above (QA: 10 at once sent 8
	// mails): one of them claims the account's reset mail for the next ResetFrequency.
	mailSlot := "reset-mail:" + a.UID
	if claimed, err := p.store.Claim(ctx, mailSlot, now, now.Add(p.cfg.ResetFrequency)); err != nil {
		return Result{}, err
	} else if !claimed {
		return fail(contract.CodeFrequencyLimit, "A password reset e-mail was sent recently"), nil
	}
	if allowed, err := p.allowMail(ctx, c, a.UID); err != nil {
		return Result{}, err
	} else if !allowed {
		// No mail went out: the slot is free again.
		if err := p.store.Lock(ctx, mailSlot, now); err != nil {
			return Result{}, err
		}
		return fail(contract.CodeFrequencyLimit, tooManyMails), nil
	}
	p.audit(ctx, audit.Event{Type: audit.PasswordResetSent, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
	if err := p.store.RevokeTokens(ctx, a.UID, TokenReset, now, ""); err != nil {
		return Result{}, err
	}
	token, err := p.issueToken(ctx, TokenReset, a.UID, nil, p.cfg.ResetTokenLifetime)
	if err != nil {
		return Result{}, err
	}
	lang := p.pageLang(c, a)
	if err := p.sendLinkMail(ctx, MailPasswordReset, lang, a.UID, a.Email, p.cfg.ResetTokenLifetime, map[string]any{
		"Link": p.link(contract.LinkResetPasswordPath, contract.LinkResetPasswordTokenParam, token, lang), "FirstName": stringField(a.Profile, "firstName"),
		"Minutes": int(p.cfg.ResetTokenLifetime.Minutes()),
	}); err != nil {
		return Result{}, err
	}
	return ok(nil), nil
}

// completeReset is step 2: a valid, unused, unexpired token sets the new password, verifies the address (the
// link proved it), ends every session and lifts a login lock. A disabled account's link answers 403041 and changes
// nothing (spendLink).
func (p *Provider) completeReset(ctx context.Context, c Caller, token, newPassword string) (Result, error) {
	t, err := p.liveToken(ctx, token, TokenReset)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodePasswordTokenInvalid, ""), nil
	}
	if err != nil {
		return Result{}, err
	}
	// The new password must differ from the old one (spec 000 §5, §8 400006.100001), answered as a password
	// change answers it, before the policy: a reset saved the current password again and logged the shopper in
	// with it (QA). The link stays unused for a second try. The link proves the account, so comparing tells its
	// holder nothing new; it costs one verify of the stored hash beside the hash of the new password.
	a, err := p.store.AccountByUID(ctx, t.UID)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodePasswordTokenInvalid, ""), nil
	}
	if err != nil {
		return Result{}, err
	}
	if refused, ok := p.refuseNewPassword(ctx, c, newPassword, a.PasswordHash); ok {
		return refused, nil
	}
	hash, err := p.hasher.Hash(ctx, p.limitedClient(ctx, c), newPassword)
	if err != nil {
		return Result{}, err
	}
	now := p.clock()
	var dropped int
	var unlinked int64
	// The spent token, the new password, the end of every session and reset link, and the lifted lock take effect
	// together or not at all.
	a, err = p.spendLink(ctx, t, now, func(st Store, a Account) (Account, error) {
		a.PasswordHash, a.UpdatedAt = hash, now
		if !a.IsVerified {
			// The reset is the first proof that the mailbox's owner holds the account. A passkey bound before it
			// is anyone's who registered the address: someone who registered a shopper's address with a passkey
			// logged in with it after the shopper, finding the address taken, reset the password (pre-account
			// hijacking, QA security round). Only the owner's credentials outlive the proof.
			var err error
			if dropped, err = dropPasskeys(ctx, st, a.UID); err != nil {
				return a, err
			}
			// The same holds for a social identity that made the account with the address unconfirmed by its
			// provider (code review round: it logged into the owner's account after the owner's reset).
			if unlinked, err = st.UnlinkSocial(ctx, a.UID); err != nil {
				return a, err
			}
			a.IsVerified, a.VerifiedAt, a.Registrant = true, now, nil // the owner sees the account's values (registrant.go)
		}
		a, err := st.UpdateAccount(ctx, a)
		if err != nil {
			return a, err
		}
		if err := endCredentials(ctx, st, a.UID, now, EndedByPassword); err != nil {
			return a, err
		}
		if err := st.ClearFailures(ctx, p.loginKey(a.Email)); err != nil {
			return a, err
		}
		return a, st.Lock(ctx, p.loginKey(a.Email), now)
	})
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodePasswordTokenInvalid, ""), nil
	}
	if errors.Is(err, identity.ErrAccountDisabled) {
		return fail(contract.CodeAccountDisabled, ""), nil // the password stays, and the link for after the block
	}
	if err != nil {
		return Result{}, err
	}
	p.audit(ctx, audit.Event{Type: audit.PasswordReset, UID: a.UID, Email: a.Email})
	p.credentialsChanged(ctx, a.UID)
	for range dropped {
		p.audit(ctx, audit.Event{Type: audit.PasskeyRemoved, UID: a.UID, Email: a.Email, Detail: "bound before the address was proven"})
	}
	if unlinked > 0 {
		p.audit(ctx, audit.Event{Type: audit.SocialUnlinked, UID: a.UID, Email: a.Email, Detail: "bound before the address was proven"})
	}
	p.notify(ctx, MailPasswordChangedNotice, p.pageLang(c, a), a, resetStartPath)
	r := ok(map[string]any{"UID": a.UID})
	r.EndSession = true
	return r, nil
}

// dropPasskeys removes every passkey of the account and reports how many there were.
func dropPasskeys(ctx context.Context, st Store, uid string) (int, error) {
	keys, err := st.Passkeys(ctx, uid)
	if err != nil {
		return 0, err
	}
	for _, k := range keys {
		if err := st.DeletePasskey(ctx, uid, k.ID); err != nil {
			return 0, err
		}
	}
	return len(keys), nil
}

// endCredentials ends what the account's old credentials gave, at a password reset or change and at a confirmed
// e-mail change: every session, and the links and tokens issued under them: reset links (one mailed to an old
// address among them), e-mail change and verification links (an e-mail change a thief asked with the old password
// was still confirmed after the owner's reset), and regTokens (one a login with the old password answered still
// finalised into a session after the reset; code review round), the preference centre's among them (one exchanged
// from a link a copied session cookie asked for read and changed the profile for its hour; the centre exchanges
// its link again, which a mailed link survives and a session's does not; security round). why is recorded with the
// ended tokens (Token.EndedBy): EndedByPassword for a password change or reset, whose ended e-mail change link says
// so (EndedEmailChange); "" for the confirmed change of address, whose own link was the change.
func endCredentials(ctx context.Context, st Store, uid string, now time.Time, why string) error {
	return endSessionsAndTokens(ctx, st, uid, now, why, TokenReset, TokenVerification, TokenRegistration, TokenSubscriber)
}

// endSessionsAndTokens ends every session of the account and its unused tokens of the given kinds, ended by why.
func endSessionsAndTokens(ctx context.Context, st Store, uid string, now time.Time, why string, kinds ...string) error {
	if err := st.RevokeSessions(ctx, uid, now); err != nil {
		return err
	}
	for _, kind := range kinds {
		if err := st.RevokeTokens(ctx, uid, kind, now, why); err != nil {
			return err
		}
	}
	return nil
}

// credentialsChanged tells the parts that issued something under the account's old credentials
// (Deps.CredentialsEnded) that they ended. The change is stored already; a failure here is logged, not answered.
func (p *Provider) credentialsChanged(ctx context.Context, uid string) {
	if p.credentialsEnded == nil {
		return
	}
	if err := p.credentialsEnded(ctx, uid); err != nil && p.log != nil {
		p.log.Warn("ending what the old credentials gave", zap.Error(err))
	}
}
