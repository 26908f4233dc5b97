package embedded

import (
	"context"
	"errors"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

// LoginParams are the parameters of accounts.login.
type LoginParams struct {
	LoginID, Password, Include, LoginMode, RegToken string
}

// Login answers accounts.login. Wrong password and unknown login ID give the same code after the same work
// (an argon2id verification against a decoy hash), and lockout is keyed by the login ID, not the account, so
// neither the answer nor its timing tells whether an address has an account.
func (p *Provider) Login(ctx context.Context, c Caller, in LoginParams) (Result, error) {
	// A call without either is a client's mistake, not a guess: it names the parameter and, answered before any
	// account is looked at, neither counts towards a lockout nor tells whether the address exists (QA bad-input
	// round: a login without password answered 403042 and counted).
	if strings.TrimSpace(in.LoginID) == "" {
		return fail(contract.CodeMissingRequiredParameter, "loginID"), nil
	}
	if in.Password == "" {
		return fail(contract.CodeMissingRequiredParameter, "password"), nil
	}
	a, code, err := p.checkCredentials(ctx, c, in.LoginID, in.Password)
	if err != nil {
		return Result{}, err
	}
	if code != contract.CodeOK {
		return fail(code, ""), nil
	}
	if a.Disabled {
		metrics.Logins.WithLabelValues("disabled").Inc()
		// The right password for a disabled account is worth the operator's knowing (QA operations round: portal
		// audit showed nothing of it).
		p.audit(ctx, audit.Event{Type: audit.LoginFailed, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress, Detail: "account disabled"})
		return fail(contract.CodeAccountDisabled, ""), nil
	}
	// The password proved the owner: the waiting identity is linked before what the account still owes (changed
	// terms, a missing field, its verification) is answered, since the finalize page that follows knows nothing
	// of the link (QA round: after the terms were accepted the identity was still unlinked).
	if in.LoginMode == "link" {
		linkCode, err := p.linkFromToken(ctx, a, in.RegToken)
		if err != nil {
			return Result{}, err
		}
		// 200009: the identity was linked already, the link token is stale. It counts as success but opens no
		// session: the app drops the token and logs in plainly (spec 000 §4), as the fake does.
		if linkCode != contract.CodeOK {
			return fail(linkCode, ""), nil
		}
	}
	if r, err := p.pendingResult(ctx, a, in.Include, nil); err != nil || r.ErrorCode != contract.CodeOK {
		metrics.Logins.WithLabelValues("pending").Inc()
		return r, err
	}
	metrics.Logins.WithLabelValues("ok").Inc()
	p.audit(ctx, audit.Event{Type: audit.LoginSucceeded, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
	return p.completeLogin(ctx, c, a, "site", false)
}

func (p *Provider) loginKey(loginID string) string {
	if email, err := identity.ParseEmail(loginID); err == nil {
		loginID = email.String() // the ways of writing one address share its count
	}
	return "login:" + p.throttleHash(strings.ToLower(strings.TrimSpace(loginID)))
}

// addressKey names a client address's failed logins: by its network (throttle.ClientNetwork), so that an IPv6
// client does not start afresh at each address of its /64.
func (p *Provider) addressKey(addr string) string {
	return "addr:" + p.throttleHash(throttle.ClientNetwork(addr))
}

// ThrottleKeyPurpose is the signing_keys.purpose of the key that Deps.ThrottleKey is: random, made by the
// service once (database.KeptSecret), so no operator has to configure it.
const ThrottleKeyPurpose = "login-throttle"

// throttleHash names a login ID or client address in the lockout's records, keyed with the service's throttle key
// (QA round of 2026-11-29: a plain SHA-256 of an address is reversed by trying them all).
func (p *Provider) throttleHash(s string) string {
	return database.KeyedHash(p.throttleKey, s)
}

// checkCredentials verifies a login ID and password with lockout; it answers 0 with the account, or 403042 /
// 403120. The argon2id work is done on every path, including while locked. Failures also count against the
// client address, whose wrong-password answers then slow down (AddressSlowdown); the address never locks.
func (p *Provider) checkCredentials(ctx context.Context, c Caller, loginID, password string) (Account, int, error) {
	now := p.clock()
	try, err := p.beginAttempt(ctx, p.loginKey(loginID), now)
	if err != nil {
		return Account{}, 0, err
	}
	a, err := p.accountByEmail(ctx, loginID)
	usable := err == nil && a.PasswordHash != "" && len(loginID) <= 254
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Account{}, 0, err
	}
	hash := p.decoyHash
	if usable {
		hash = a.PasswordHash
	}
	match, rehash, err := p.hasher.Verify(ctx, p.limitedClient(ctx, c), truncate(password, 1024), hash)
	if errors.Is(err, ErrMalformedHash) {
		p.log.Error("stored password hash is malformed", zap.String("uid", a.UID))
		match, err = false, nil
	}
	if err != nil {
		return Account{}, 0, err
	}
	match = match && usable
	verdict, lockedNow, err := p.judgeAttempt(ctx, try, match)
	if err != nil {
		return Account{}, 0, err
	}
	event := audit.Event{Type: audit.LoginFailed, UID: a.UID, Email: loginID, ClientAddress: c.ClientAddress}
	if verdict == tryRefused {
		event.Type = audit.LoginLocked
	}
	if verdict != trySucceeded {
		p.audit(ctx, event)
	}
	if lockedNow {
		metrics.Lockouts.Inc()
		event.Type = audit.LockedOut
		p.audit(ctx, event)
	}
	switch verdict {
	case tryRefused:
		metrics.Logins.WithLabelValues("locked").Inc()
		return Account{}, contract.CodeLockedOut, nil
	case tryFailed:
		metrics.Logins.WithLabelValues("invalid").Inc()
		if err := p.slowDownAddress(ctx, c.ClientAddress, now); err != nil {
			return Account{}, 0, err
		}
		return Account{}, contract.CodeInvalidLogin, nil
	}
	if rehash {
		// Parameters were raised since this hash was made: upgrade it now that the password is known.
		if h, err := p.hasher.Hash(ctx, p.limitedClient(ctx, c), password); err == nil {
			a.PasswordHash = h
			if updated, err := p.store.UpdateAccount(ctx, a); err == nil {
				a = updated
			}
		}
	}
	return a, contract.CodeOK, nil
}

// slowDownAddress records a failed login of the client address and waits as long as the address's failures in
// the lockout window ask for (AddressSlowdown). The wait follows the wrong answer's hash and holds no hashing slot.
// Waiting before the hash would delay the right password of every shopper behind an address an attacker shares (a
// carrier's NAT: issue 15's bench, TestLoginsUnderAttackFromTheSameAddress); what bounds a flood's hashing instead
// is its address's turn (Hasher), which leaves other addresses a hash's wait at most.
func (p *Provider) slowDownAddress(ctx context.Context, clientAddress string, now time.Time) error {
	if clientAddress == "" || p.cfg.AddressSlowdown.BaseDelay <= 0 {
		return nil
	}
	key := p.addressKey(clientAddress)
	if err := p.store.RecordFailure(ctx, key, now); err != nil {
		return err
	}
	n, err := p.store.CountFailures(ctx, key, now.Add(-p.cfg.LockoutWindow))
	if err != nil {
		return err
	}
	if d := p.cfg.AddressSlowdown.Delay(n); d > 0 {
		metrics.Throttled.WithLabelValues("login-address").Inc()
		p.sleep(ctx, d)
	}
	return nil
}

func (p *Provider) isLocked(ctx context.Context, key string, now time.Time) (bool, error) {
	until, err := p.store.LockedUntil(ctx, key)
	if err != nil {
		return false, err
	}
	return now.Before(until), nil
}

// attempt is one try of a login ID's credentials (password or passkey). It counts as a failure from before it is
// judged (beginAttempt) until it succeeds, so that parallel tries cannot all be judged against the same count of
// earlier failures: of any number sent at once, at most LockoutMaxFailures are judged, the rest are refused as
// locked (OWASP ASVS 2.2.1; a flood of 49 wrong and 1 right password once got all 50 judged and a session).
type attempt struct {
	key    string
	now    time.Time
	locked bool // the key was locked when the try began; it was not counted
	place  int  // failures in the window when it began, itself included
}

func (p *Provider) beginAttempt(ctx context.Context, key string, now time.Time) (attempt, error) {
	try := attempt{key: key, now: now}
	var err error
	if try.locked, err = p.isLocked(ctx, key, now); err != nil || try.locked || p.cfg.LockoutMaxFailures <= 0 {
		return try, err
	}
	if err := p.store.RecordFailure(ctx, key, now); err != nil {
		return try, err
	}
	try.place, err = p.store.CountFailures(ctx, key, now.Add(-p.cfg.LockoutWindow))
	return try, err
}

// verdict is what a try's credentials amount to once the lockout has had its say.
type verdict int

const (
	tryRefused   verdict = iota // 403120 whatever the credentials: the key is locked, or too many tries came at once
	tryFailed                   // wrong credentials, counted
	trySucceeded                // right credentials: the failures are forgotten
)

// judgeAttempt settles a try whose credentials were checked (right: ok). It is refused when the key was or has
// since been locked (a try that began before another locked it), and when more tries were in the window than
// failures are allowed: the right password too, or a flood of guesses would have every one judged. A wrong try at
// or beyond the allowed failures locks the key; a right one beyond them is only refused (the owner's tabs or
// retries sent at once must not lock the account, QA). The lock is read after the try was counted, so a try counted
// after a lock cleared the failures still sees the lock. lockedNow: this try locked the key.
func (p *Provider) judgeAttempt(ctx context.Context, try attempt, ok bool) (v verdict, lockedNow bool, err error) {
	if try.locked {
		return tryRefused, false, nil
	}
	if locked, err := p.isLocked(ctx, try.key, p.clock()); err != nil || locked {
		return tryRefused, false, err
	}
	max := p.cfg.LockoutMaxFailures
	beyond := max > 0 && try.place > max
	switch {
	case ok && beyond:
		// Refused, but the password was right: its failures are forgotten as a success's are. Left counted, the
		// owner's own tries sent at once could leave enough behind to refuse the next login (a lock, set by a wrong
		// try, stays).
		return tryRefused, false, p.store.ClearFailures(ctx, try.key)
	case ok:
		return trySucceeded, false, p.store.ClearFailures(ctx, try.key)
	case max > 0 && try.place >= max:
		if beyond {
			return tryRefused, true, p.lock(ctx, try)
		}
		return tryFailed, true, p.lock(ctx, try)
	}
	return tryFailed, false, nil
}

func (p *Provider) lock(ctx context.Context, try attempt) error {
	if err := p.store.Lock(ctx, try.key, try.now.Add(p.cfg.LockoutDuration)); err != nil {
		return err
	}
	return p.store.ClearFailures(ctx, try.key)
}

// completeLogin rotates the session (the caller's old one is revoked), records the login and answers the
// account with the onLogin details.
func (p *Provider) completeLogin(ctx context.Context, c Caller, a Account, provider string, newUser bool) (Result, error) {
	s, err := p.startSession(ctx, a, c.SessionToken)
	if err != nil {
		return Result{}, err
	}
	now := p.clock()
	if err := p.store.RecordLogin(ctx, a.UID, now); err != nil {
		return Result{}, err
	}
	a.LastLoginAt = now
	fields, err := p.accountFields(ctx, a, "phones")
	if err != nil {
		return Result{}, err
	}
	fields["provider"] = provider
	fields["newUser"] = newUser
	fields["sessionInfo"] = p.sessionInfo(s.ExpiresAt)
	r := ok(fields)
	r.Session = s
	return r, nil
}

// Logout answers accounts.logout: the caller's session is revoked; it always succeeds.
func (p *Provider) Logout(ctx context.Context, c Caller) (Result, error) {
	if c.SessionToken != "" && len(c.SessionToken) <= 200 {
		if err := p.store.RevokeSession(ctx, hashToken(c.SessionToken), p.clock()); err != nil {
			return Result{}, err
		}
	}
	r := ok(nil)
	r.EndSession = true
	return r, nil
}
