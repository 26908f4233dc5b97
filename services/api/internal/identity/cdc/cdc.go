// Package cdc implements identity.Backend against the REST API of SAP Customer Data Cloud (Gigya):
// form-encoded POSTs to https://accounts.{dataCenter}.gigya.com/accounts.<method> (China's differs: BaseURL),
// signed with the site's API key, a user key and its secret, answered with the vendor's JSON envelope
// (errorCode, statusCode, ...).
package cdc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/clientaddr"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

// DefaultTimeout bounds one call to the vendor when the configuration names none.
const DefaultTimeout = 10 * time.Second

// RegTokenLifetime is how long a regToken from accounts.initRegistration stays valid; the vendor does not
// return it, the contract says one hour.
const RegTokenLifetime = time.Hour

// maxResponseBytes caps a vendor answer; the calls used here answer a few kilobytes.
const maxResponseBytes = 1 << 20

// ErrMisconfigured is returned by New when a required setting is missing or malformed.
var ErrMisconfigured = errors.New("cdc: configuration incomplete")

var dataCenterPattern = regexp.MustCompile(`^[a-z]{2}[0-9]$`)

// Config is what the client needs to reach the vendor.
type Config struct {
	APIKey     string
	DataCenter string
	UserKey    string
	Secret     string
	// BaseURL replaces the data centre's address (BaseURL(DataCenter)), for tests and proxies.
	BaseURL string
	Timeout time.Duration
}

// BaseURL is the REST API of a data centre: https://accounts.<Data_Center>, where the data centre's domain is
// <dc>.gigya.com, except China's, which is cn1.gigya-api.cn (the "Request URL" of the vendor's REST reference,
// e.g. developers.gigya.com "accounts.getAccountInfo REST": "cn1.gigya-api.cn - For the Chinese data center"; QA
// round of 2026-11-29: cn1 was sent to accounts.cn1.gigya.com).
func BaseURL(dataCenter string) string {
	return "https://accounts." + DataCenterDomain(dataCenter)
}

// DataCenterDomain is the vendor's domain of a data centre (eu1 → eu1.gigya.com, cn1 → cn1.gigya-api.cn), the
// <Data_Center> of its REST and Web SDK addresses.
func DataCenterDomain(dataCenter string) string {
	if dataCenter == "cn1" {
		return "cn1.gigya-api.cn"
	}
	return dataCenter + ".gigya.com"
}

// Client is the vendor's REST API as identity.Backend.
type Client struct {
	cfg    Config
	base   string
	http   *http.Client
	logger *zap.Logger
	now    func() time.Time
	keys   *vendorKeys
	limit  AddressLimit
}

// AddressLimit is the contract's limit of failed logins per client address ("failures are also limited per
// client address") on the custom login, the same as the embedded provider's: each wrong-password answer
// (403042) is counted for the client's address (throttle.Limiter, shared by the replicas) and, past the free
// failures within Window, waits as long as Slowdown asks before it is answered. An address never locks and a
// correct password is never delayed.
type AddressLimit struct {
	Throttle *throttle.Limiter
	Slowdown throttle.Slowdown
	// Window is how far back failures count: the lockout window.
	Window time.Duration
	// Sleep waits d or until ctx ends; nil is throttle.Wait. Tests record the waits instead.
	Sleep func(ctx context.Context, d time.Duration)
}

// loginFailureScope counts the custom login's wrong-password answers per client address.
const loginFailureScope = "login-failure-address"

// LimitAddresses makes Login count failures per client address and slow an address with many down (QA round of
// 2026-11-29: 41 guesses from one client went to the vendor as fast as they came). Without it (a nil Throttle)
// nothing is counted.
func (c *Client) LimitAddresses(l AddressLimit) *Client {
	if l.Sleep == nil {
		l.Sleep = throttle.Wait
	}
	c.limit = l
	return c
}

var _ identity.Backend = (*Client)(nil)

// New checks cfg and returns a client. httpClient may be nil (a client with cfg.Timeout is made); logger may be
// nil.
func New(cfg Config, httpClient *http.Client, logger *zap.Logger) (*Client, error) {
	var missing []string
	for key, v := range map[string]string{
		"identity.cdc.apiKey": cfg.APIKey, "identity.cdc.userKey": cfg.UserKey, "identity.cdc.secret": cfg.Secret,
	} {
		if v == "" {
			missing = append(missing, key)
		}
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		if !dataCenterPattern.MatchString(cfg.DataCenter) {
			missing = append(missing, "identity.cdc.dataCenter")
		}
		base = BaseURL(cfg.DataCenter)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%w: set %s", ErrMisconfigured, strings.Join(slices.Sorted(slices.Values(missing)), ", "))
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if httpClient == nil {
		httpClient = &http.Client{Timeout: cfg.Timeout}
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	c := &Client{cfg: cfg, base: base, http: httpClient, logger: logger, now: time.Now}
	c.keys = &vendorKeys{fetch: c.fetchKeys}
	return c, nil
}

// response is the vendor's envelope plus the fields this client reads.
type response struct {
	CallID       string         `json:"callId"`
	ErrorCode    int            `json:"errorCode"`
	StatusCode   int            `json:"statusCode"`
	ErrorMessage string         `json:"errorMessage"`
	ErrorDetails string         `json:"errorDetails"`
	UID          string         `json:"UID"`
	RegToken     string         `json:"regToken"`
	Results      []searchResult `json:"results"`
	TotalCount   int            `json:"totalCount"`
	Profile      struct {
		Email string `json:"email"`
	} `json:"profile"`
	// Keys is accounts.getJWTPublicKey's answer with V2=true: the site's signing keys as a JWKS.
	Keys []json.RawMessage `json:"keys"`
}

// searchResult is one account of an accounts.search answer, with the fields this client selects.
type searchResult struct {
	UID        string `json:"UID"`
	IsVerified bool   `json:"isVerified"`
	// The markers of a lite (newsletter-only) record are pointers: a field the answer lacks is unknown, never
	// false (QA round of 2026-11-29: a registered customer whose result lacked hasFullAccount decoded as lite and
	// was deleted by a one-click unsubscribe).
	IsRegistered  *bool          `json:"isRegistered"`
	HasFull       *bool          `json:"hasFullAccount"`
	Subscriptions map[string]any `json:"subscriptions"`
	Profile       struct {
		Email string `json:"email"`
	} `json:"profile"`
}

// APIError is a vendor answer with an errorCode this client does not turn into a result; it wraps
// identity.ErrUnavailable because the caller cannot act on it.
type APIError struct {
	Method    string
	ErrorCode int
	CallID    string
}

// Error implements error; it carries no personal data.
func (e *APIError) Error() string {
	return fmt.Sprintf("cdc: %s answered errorCode %d (callId %s)", e.Method, e.ErrorCode, e.CallID)
}

// Unwrap makes errors.Is(err, identity.ErrUnavailable) true.
func (e *APIError) Unwrap() error { return identity.ErrUnavailable }

// call POSTs one method and decodes the envelope. Transport failures, timeouts, non-2xx answers and
// undecodable bodies are identity.ErrUnavailable. The answer's errorCode is left to the caller.
func (c *Client) call(ctx context.Context, method string, params url.Values) (response, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()

	form := url.Values{}
	for k, v := range params {
		form[k] = v
	}
	form.Set("apiKey", c.cfg.APIKey)
	form.Set("userKey", c.cfg.UserKey)
	form.Set("secret", c.cfg.Secret)
	form.Set("format", "json")
	form.Set("httpStatusCodes", "false")

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/"+method, strings.NewReader(form.Encode()))
	if err != nil {
		return response{}, fmt.Errorf("cdc: %s: %w", method, identity.ErrUnavailable)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")

	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		// The url.Error would repeat the URL only (no credentials: they travel in the body).
		c.logger.Warn("cdc call failed", zap.String("method", method), zap.Duration("duration", time.Since(start)), zap.Error(err))
		return response{}, fmt.Errorf("cdc: %s: %w: %w", method, identity.ErrUnavailable, err)
	}
	defer func() { _ = res.Body.Close() }()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxResponseBytes))
	if err != nil {
		return response{}, fmt.Errorf("cdc: %s: read answer: %w: %v", method, identity.ErrUnavailable, err)
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		c.logger.Warn("cdc call failed", zap.String("method", method), zap.Int("http_status", res.StatusCode))
		return response{}, fmt.Errorf("cdc: %s: HTTP %d: %w", method, res.StatusCode, identity.ErrUnavailable)
	}
	var r response
	if err := json.Unmarshal(body, &r); err != nil {
		return response{}, fmt.Errorf("cdc: %s: answer is not JSON: %w", method, identity.ErrUnavailable)
	}
	// Only codes and the vendor's call id are logged: the messages may quote the request.
	c.logger.Debug("cdc call", zap.String("method", method), zap.Int("error_code", r.ErrorCode),
		zap.String("call_id", r.CallID), zap.Duration("duration", time.Since(start)))
	return r, nil
}

// unavailable reports whether an errorCode says the vendor (or our credentials) failed rather than the request.
func unavailable(code int) bool {
	switch code {
	case contract.CodeInvalidAPIKey, contract.CodeInvalidRequestSignature, contract.CodePermissionDenied,
		contract.CodeInvalidUserKey, contract.CodeRateLimit:
		return true
	}
	// 500001 general server error, 503001 service unavailable, 504001/504002 timeouts, and any other 5xx.
	return contract.IsServerFailure(code)
}

// loginCodes are the accounts.login answers the contract lists for the backend's custom login; another code
// the vendor answers (a CAPTCHA or two-factor interruption, a policy of the site) is handed on as well, and logged.
var loginCodes = map[int]bool{
	contract.CodeOK:                  true,
	contract.CodeStaleLinkToken:      true,
	contract.CodePendingRegistration: true,
	contract.CodePendingVerification: true,
	contract.CodeAccountNotActivated: true,
	contract.CodeOldPasswordUsed:     true,
	contract.CodeAccountDisabled:     true,
	contract.CodeInvalidLogin:        true,
	contract.CodeSocialConflict:      true,
	contract.CodeLockedOut:           true,
	contract.CodeInvalidParameter:    true,
	contract.CodeValidation:          true,
}

// Login calls accounts.login. The vendor's answer is returned as LoginResult (ErrorCode 0 with the UID on
// success); only the vendor failing (transport, 5xx codes, our credentials refused, its rate limit) is
// identity.ErrUnavailable. An errorCode outside the contract's list is the app's to show (spec 000 §8: "unexpected
// login error shows the code"): turned into 503 "the identity provider cannot be reached", a CAPTCHA or two-factor
// interruption told the shopper the provider was down (QA round of 2026-11-29).
//
// The client's address goes with the call as clientContext.clientIP, which the vendor's risk-based
// authentication reads (help.sap.com "accounts.login REST": clientContext); without it every login seemed to come
// from the service. Wrong-password answers count against that address (AddressLimit).
func (c *Client) Login(ctx context.Context, loginID, password string) (identity.LoginResult, error) {
	params := url.Values{"loginID": {loginID}, "password": {password}}
	address := clientaddr.From(ctx)
	if address != "" {
		clientContext, err := json.Marshal(map[string]string{"clientIP": address})
		if err != nil {
			return identity.LoginResult{}, err
		}
		params.Set("clientContext", string(clientContext))
	}
	r, err := c.call(ctx, "accounts.login", params)
	if err != nil {
		return identity.LoginResult{}, err
	}
	if r.ErrorCode == contract.CodeInvalidLogin {
		if err := c.slowDownAddress(ctx, address); err != nil {
			return identity.LoginResult{}, err
		}
	}
	if unavailable(r.ErrorCode) {
		return identity.LoginResult{}, &APIError{Method: "accounts.login", ErrorCode: r.ErrorCode, CallID: r.CallID}
	}
	if !loginCodes[r.ErrorCode] {
		c.logger.Warn("cdc login answered a code outside the contract; handed on to the app",
			zap.Int("error_code", r.ErrorCode), zap.String("call_id", r.CallID))
	}
	res := identity.LoginResult{ErrorCode: r.ErrorCode}
	if r.ErrorCode == contract.CodeOK {
		res.UID = r.UID
	}
	return res, nil
}

// slowDownAddress records a wrong-password answer to the client address and waits as long as the address's
// failures within the window ask for (AddressLimit).
func (c *Client) slowDownAddress(ctx context.Context, address string) error {
	l := c.limit
	if address == "" || l.Throttle == nil || l.Slowdown.BaseDelay <= 0 {
		return nil
	}
	n, err := l.Throttle.Failure(ctx, loginFailureScope, throttle.Key(throttle.ClientNetwork(address)), l.Window)
	if err != nil {
		return err
	}
	if d := l.Slowdown.Delay(n); d > 0 {
		metrics.Throttled.WithLabelValues("login-address").Inc()
		l.Sleep(ctx, d)
	}
	return nil
}

// ResendVerificationEmail finds the full account of email (accounts.search) and calls
// accounts.resendVerificationCode with its UID, which is how a server resends without the user's regToken.
//
// Decided: no full account → identity.ErrAccountNotFound (lite accounts have nothing to verify); the search
// says isVerified → identity.ErrAlreadyVerified without a call; the resend answering 206002-like "already
// verified" codes or 400006 (the vendor's answer for a verified or unknown account, the account was found a
// moment ago) → identity.ErrAlreadyVerified; 403047/404000 (gone meanwhile) → identity.ErrAccountNotFound.
func (c *Client) ResendVerificationEmail(ctx context.Context, email identity.Email, _ string) error {
	found, err := c.searchEmail(ctx, "UID, profile.email, isVerified", email, "full")
	if err != nil {
		return err
	}
	if len(found) == 0 {
		return identity.ErrAccountNotFound
	}
	acc := found[0]
	if acc.IsVerified {
		return identity.ErrAlreadyVerified
	}
	// No lang: accounts.resendVerificationCode documents none (QA round of 2026-11-29). The vendor's mail speaks
	// the language of its e-mail templates for the account (its profile.locale), not one a call names; language
	// is the embedded provider's concern.
	params := url.Values{"UID": {acc.UID}, "email": {email.String()}}
	r, err := c.call(ctx, "accounts.resendVerificationCode", params)
	if err != nil {
		return err
	}
	switch r.ErrorCode {
	case contract.CodeOK:
		return nil
	case contract.CodeInvalidParameter, contract.CodePendingVerification, contract.CodeAccountNotActivated:
		return identity.ErrAlreadyVerified
	case contract.CodeLoginIDUnknown, contract.CodeNotFound:
		return identity.ErrAccountNotFound
	}
	return &APIError{Method: "accounts.resendVerificationCode", ErrorCode: r.ErrorCode, CallID: r.CallID}
}

// SubscriberRegToken gives a newsletter subscriber a regToken for the account of email.
//
// Assumptions (the vendor documents no server-side "regToken for an existing account" call):
//   - accounts.search (full and lite accounts) tells whether the e-mail is known;
//   - accounts.initRegistration(isLite=true) answers a fresh regToken, valid one hour (RegTokenLifetime);
//   - accounts.setAccountInfo(regToken, profile={"email":…}) binds it to the lite identity of that e-mail:
//     it creates the lite account when the search found none, and addresses the existing lite record
//     otherwise (the vendor's lite registration is keyed by e-mail). That regToken is what the preference
//     centre then uses with getAccountInfo/setAccountInfo.
//
// No call is retried: initRegistration and setAccountInfo are not idempotent.
func (c *Client) SubscriberRegToken(ctx context.Context, email identity.Email) (identity.RegToken, error) {
	found, err := c.searchEmail(ctx, "UID, profile.email", email, "full,lite")
	if err != nil {
		return identity.RegToken{}, err
	}
	issued := c.now()
	r, err := c.call(ctx, "accounts.initRegistration", url.Values{"isLite": {"true"}})
	if err != nil {
		return identity.RegToken{}, err
	}
	if r.ErrorCode != contract.CodeOK || r.RegToken == "" {
		return identity.RegToken{}, &APIError{Method: "accounts.initRegistration", ErrorCode: r.ErrorCode, CallID: r.CallID}
	}
	token := r.RegToken
	profile, _ := json.Marshal(map[string]string{"email": email.String()})
	r, err = c.call(ctx, "accounts.setAccountInfo", url.Values{"regToken": {token}, "profile": {string(profile)}})
	if err != nil {
		return identity.RegToken{}, err
	}
	if r.ErrorCode != contract.CodeOK {
		return identity.RegToken{}, &APIError{Method: "accounts.setAccountInfo", ErrorCode: r.ErrorCode, CallID: r.CallID}
	}
	c.logger.Debug("cdc subscriber regToken issued", zap.Bool("existing_account", len(found) > 0))
	return identity.RegToken{Token: token, CreatedAt: issued, ExpiresAt: issued.Add(RegTokenLifetime)}, nil
}

// searchEmail finds the records of email (accounts.search, SearchByEmailQuery) and keeps those whose
// profile.email is the address regardless of case (SameEmail); fields must select profile.email.
func (c *Client) searchEmail(ctx context.Context, fields string, email identity.Email, accountTypes string) ([]searchResult, error) {
	query, err := SearchByEmailQuery(fields, email)
	if err != nil {
		return nil, err
	}
	r, err := c.search(ctx, query, accountTypes)
	if err != nil {
		return nil, err
	}
	var out []searchResult
	for _, acc := range r.Results {
		if SameEmail(acc.Profile.Email, email) {
			out = append(out, acc)
		}
	}
	if len(out) < len(r.Results) {
		c.logger.Warn("cdc search answered records of another address; they are ignored",
			zap.Int("results", len(r.Results)), zap.Int("kept", len(out)), zap.String("call_id", r.CallID))
	}
	return out, nil
}

// search runs accounts.search. It is a read, so one transport failure is retried once.
func (c *Client) search(ctx context.Context, query, accountTypes string) (response, error) {
	params := url.Values{"query": {query}, "accountTypes": {accountTypes}}
	r, err := c.call(ctx, "accounts.search", params)
	if err != nil && ctx.Err() == nil && !isTimeout(err) {
		r, err = c.call(ctx, "accounts.search", params)
	}
	if err != nil {
		return response{}, err
	}
	if r.ErrorCode != contract.CodeOK {
		return response{}, &APIError{Method: "accounts.search", ErrorCode: r.ErrorCode, CallID: r.CallID}
	}
	return r, nil
}

func isTimeout(err error) bool {
	var te interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &te) && te.Timeout())
}
