// Package identityapi is the HTTP edge of the embedded identity provider: POST /identity/accounts.<method>
// answered in the vendor's envelope, the verification and subscription-confirmation links, and outside
// production GET /dev/outbox.
package identityapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/crossorigin"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/jsonbody"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/maillink"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
)

// DefaultCookieName is the session cookie of the embedded provider.
const DefaultCookieName = "portal_session"

// Options configure the mounted routes.
type Options struct {
	// Production hides the development routes (/dev/outbox).
	Production bool
	// TrustedOrigins are the origins (scheme, host and port) whose pages may call the API besides the request's
	// own host: the REST API's list (httpapi.TrustedOrigins), so both APIs trust the same pages under the same rule
	// (package crossorigin).
	TrustedOrigins []string
	// Outbox backs GET /dev/outbox; nil leaves the route out.
	Outbox *mail.Outbox
	// CookieName defaults to DefaultCookieName.
	CookieName string
	Logger     *zap.Logger
}

// Methods lists the accounts.* methods the embedded provider answers.
var Methods = []string{
	"initRegistration", "register", "finalizeRegistration", "login", "logout", "getAccountInfo", "setAccountInfo",
	"resetPassword", "resendVerificationCode", "getSchema", "getPolicies", "getSiteConsentDetails",
	"getConflictingAccount", "socialLogin", "exportAccountData", "deleteAccount",
	"initPasskeyRegistration", "registerPasskey", "initPasskeyLogin", "passkeyLogin", "getPasskeys", "removePasskey",
}

type handler struct {
	p           *embedded.Provider
	o           Options
	crossOrigin *crossorigin.Rule
}

// Mount registers the identity routes on e. Unknown POST /identity/<x> answer the envelope with 404000. An error
// names a trusted origin that is not one.
func Mount(e *echo.Echo, p *embedded.Provider, o Options) error {
	if o.CookieName == "" {
		o.CookieName = DefaultCookieName
	}
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	rule, err := crossorigin.New(o.TrustedOrigins)
	if err != nil {
		return err
	}
	h := &handler{p: p, o: o, crossOrigin: rule}
	for _, m := range Methods {
		e.POST("/identity/accounts."+m, h.method(m))
		// Every method's series exists from the start, at 0: an alert on its increase() sees the first failure,
		// which a series that only appears with it hides (QA operator round).
		metrics.IdentityFailures.WithLabelValues(m)
	}
	e.POST("/identity/:method", func(c echo.Context) error {
		if !h.sameOrigin(c.Request()) {
			return h.refuse(c)
		}
		return h.write(c, embedded.Result{ErrorCode: contract.CodeNotFound, ErrorDetails: "Unknown method"})
	})
	// A mail link's GET only lands on the page that confirms it with a POST (package maillink).
	e.GET(contract.LinkVerifyEmailPath, func(c echo.Context) error {
		return maillink.Land(c, contract.PageDoubleOptInDone, VerifyFragmentKey, c.QueryParam(contract.LinkVerifyEmailTokenParam))
	})
	e.POST(contract.LinkVerifyEmailPath, h.verify)
	e.GET(contract.LinkConfirmSubscriptionPath, func(c echo.Context) error {
		return maillink.Land(c, contract.PagePreferencesDoubleOptInDone, SubscriptionFragmentKey, c.QueryParam(contract.LinkConfirmSubscriptionTokenParam))
	})
	e.POST(contract.LinkConfirmSubscriptionPath, h.confirmSubscription)
	if !o.Production && o.Outbox != nil {
		MountDev(e, o.Outbox)
	}
	return nil
}

// MountDev registers GET /dev/outbox?to=ADDRESS: the newest mails to an address with their links, for QA and
// browser tests. Never mount it in production: it shows every mail's content.
func MountDev(e *echo.Echo, outbox *mail.Outbox) {
	e.GET("/dev/outbox", func(c echo.Context) error {
		to := strings.TrimSpace(c.QueryParam("to"))
		if to == "" {
			return c.JSON(http.StatusBadRequest, map[string]any{"error": map[string]any{"code": "invalid_parameter", "message": "Give the address as ?to=.", "field": "to"}})
		}
		// PostgreSQL refuses a NUL or invalid UTF-8 in a query's text with an error, which answered 500 where
		// SQLite answered [] (QA round of 2026-11-29): neither is an address, on either database.
		if !database.Storable(to) {
			return c.JSON(http.StatusBadRequest, map[string]any{"error": map[string]any{"code": "invalid_parameter", "message": "to must be UTF-8 text without NUL.", "field": "to"}})
		}
		// The outbox keeps a mail under its recipient's address as identity.ParseEmail writes it (the domain in
		// ASCII, composed, in lower case): ?to=…@bücher.de found nothing where …@xn--bcher-kva.de found the mails (QA
		// robustness round of 2026-11-30). Text that is no address is looked up as given, and finds nothing.
		if email, err := identity.ParseEmail(to); err == nil {
			to = email.String()
		}
		limit := 20
		if n, err := strconv.Atoi(c.QueryParam("limit")); err == nil && n > 0 && n <= 100 {
			limit = n
		}
		msgs, err := outbox.Latest(c.Request().Context(), to, limit)
		if err != nil {
			return err
		}
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		return c.JSON(http.StatusOK, msgs)
	})
}

func (h *handler) method(name string) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !h.sameOrigin(c.Request()) {
			return h.refuse(c)
		}
		in, err := parseParams(c.Request())
		if err != nil {
			return h.write(c, embedded.Result{ErrorCode: contract.CodeInvalidParameter, ErrorDetails: err.Error()})
		}
		r, err := h.dispatch(c, name, in)
		var perr paramError
		if errors.As(err, &perr) {
			return h.write(c, embedded.Result{ErrorCode: contract.CodeInvalidParameter, ErrorDetails: perr.Error()})
		}
		if err != nil {
			fields := []zap.Field{zap.String("method", name), zap.String("request_id", callID(c)), zap.Error(err)}
			// A client that went away (the shopper navigated on) cancels the request's context: its doing, not
			// the server's, so neither an error in the log nor a failure in the metrics.
			if errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil {
				h.o.Logger.Debug("identity call failed", fields...)
			} else {
				h.o.Logger.Error("identity call failed", fields...)
				metrics.IdentityFailures.WithLabelValues(name).Inc()
			}
			r = embedded.Result{ErrorCode: contract.CodeGeneralServerError}
		}
		if r.Session != nil {
			h.setCookie(c, r.Session.Token, r.Session.ExpiresAt)
		} else if r.EndSession {
			h.clearCookie(c)
		}
		return h.write(c, r)
	}
}

func (h *handler) dispatch(c echo.Context, name string, in params) (embedded.Result, error) {
	ctx := c.Request().Context()
	caller := embedded.Caller{ClientAddress: c.RealIP(), Lang: in.str("lang")}
	if ck, err := c.Cookie(h.o.CookieName); err == nil {
		caller.SessionToken = ck.Value
	}
	p := h.p
	switch name {
	case "initRegistration":
		return p.InitRegistration(ctx, caller)
	case "register":
		rp := embedded.RegisterParams{
			Email: in.str("email"), Password: in.str("password"), RegToken: in.str("regToken"), Lang: in.str("lang"),
			RegSource: in.str("regSource"), Include: in.str("include"),
		}
		var err error
		if rp.FinalizeRegistration, err = in.boolean("finalizeRegistration"); err != nil {
			return embedded.Result{}, err
		}
		if rp.Profile, rp.Data, rp.Preferences, rp.Subscriptions, err = in.sections(); err != nil {
			return embedded.Result{}, err
		}
		if rp.Passkey, err = in.raw("passkey"); err != nil {
			return embedded.Result{}, err
		}
		return p.Register(ctx, caller, rp)
	case "finalizeRegistration":
		return p.FinalizeRegistration(ctx, caller, in.str("regToken"), in.str("include"))
	case "login":
		// The apps send ignoreInterruptions false (spec 000 §7), the vendor's default: pending registrations and
		// verifications are answered (206001, 206002), which the embedded provider always does. Read only so that a
		// value that is no boolean is refused by name rather than passed over.
		if _, err := in.boolean("ignoreInterruptions"); err != nil {
			return embedded.Result{}, err
		}
		return p.Login(ctx, caller, embedded.LoginParams{
			LoginID: in.str("loginID"), Password: in.str("password"), Include: in.str("include"),
			LoginMode: in.str("loginMode"), RegToken: in.str("regToken"),
		})
	case "logout":
		return p.Logout(ctx, caller)
	case "getAccountInfo":
		return p.GetAccountInfo(ctx, caller, in.str("regToken"), in.str("include"), in.str("extraProfileFields"))
	case "setAccountInfo":
		sp := embedded.SetAccountInfoParams{
			RegToken: in.str("regToken"), Lang: in.str("lang"), Password: in.str("password"), NewPassword: in.str("newPassword"),
		}
		var err error
		if sp.Profile, sp.Data, sp.Preferences, sp.Subscriptions, err = in.sections(); err != nil {
			return embedded.Result{}, err
		}
		return p.SetAccountInfo(ctx, caller, sp)
	case "resetPassword":
		return p.ResetPassword(ctx, caller, embedded.ResetPasswordParams{
			LoginID: in.str("loginID"), Lang: in.str("lang"), PasswordResetToken: in.str("passwordResetToken"), NewPassword: in.str("newPassword"),
		})
	case "resendVerificationCode":
		return p.ResendVerificationCode(ctx, caller, in.str("regToken"), in.str("email"))
	case "getSchema":
		return p.GetSchema(), nil
	case "getPolicies":
		return p.GetPolicies(in.str("sections")), nil
	case "getSiteConsentDetails":
		return p.GetSiteConsentDetails(), nil
	case "getConflictingAccount":
		return p.GetConflictingAccount(ctx, in.str("regToken"))
	case "exportAccountData":
		return p.ExportAccountData(ctx, caller)
	case "deleteAccount":
		return p.DeleteAccount(ctx, caller, embedded.DeleteAccountParams{Password: in.str("password")})
	case "initPasskeyRegistration":
		return p.InitPasskeyRegistration(ctx, caller, in.str("regToken"), in.str("email"))
	case "registerPasskey":
		raw, err := in.raw("passkey")
		if err != nil {
			return embedded.Result{}, err
		}
		return p.RegisterPasskey(ctx, caller, raw, in.str("name"))
	case "initPasskeyLogin":
		return p.InitPasskeyLogin(ctx, caller)
	case "passkeyLogin":
		raw, err := in.raw("passkey")
		if err != nil {
			return embedded.Result{}, err
		}
		linkToken := ""
		if in.str("loginMode") == "link" {
			linkToken = in.str("regToken")
		}
		return p.PasskeyLogin(ctx, caller, raw, in.str("include"), linkToken)
	case "getPasskeys":
		return p.GetPasskeys(ctx, caller)
	case "removePasskey":
		return p.RemovePasskey(ctx, caller, in.str("id"))
	case "socialLogin":
		return p.SocialLogin(ctx, caller, embedded.SocialLoginParams{
			Provider: in.str("provider"), RedirectURL: in.str("redirectURL"), LoginMode: in.str("loginMode"),
			RegToken: in.str("regToken"), Lang: in.str("lang"),
		})
	}
	return embedded.Result{ErrorCode: contract.CodeNotFound, ErrorDetails: "Unknown method"}, nil
}

// write sends the vendor's envelope: always HTTP 200, the outcome in errorCode.
func (h *handler) write(c echo.Context, r embedded.Result) error {
	return h.writeStatus(c, http.StatusOK, r)
}

func (h *handler) writeStatus(c echo.Context, status int, r embedded.Result) error {
	body := make(map[string]any, len(r.Fields)+8)
	for k, v := range r.Fields {
		body[k] = v
	}
	details := r.ErrorDetails
	if details == "" && r.ErrorCode != contract.CodeOK {
		details = contract.Message(r.ErrorCode)
	}
	body["errorCode"] = r.ErrorCode
	body["errorMessage"] = contract.Message(r.ErrorCode)
	body["errorDetails"] = details
	body["statusCode"] = contract.Status(r.ErrorCode)
	body["statusReason"] = http.StatusText(contract.Status(r.ErrorCode))
	body["callId"] = callID(c)
	body["time"] = time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	body["apiVersion"] = 2
	if len(r.ValidationErrors) > 0 {
		body["validationErrors"] = r.ValidationErrors
	}
	if r.RegToken != "" {
		body["regToken"] = r.RegToken
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(status, body)
}

// refuse answers a cross-site call: HTTP 403 with the envelope, errorCode 403000.
func (h *handler) refuse(c echo.Context) error {
	return h.writeStatus(c, http.StatusForbidden, embedded.Result{ErrorCode: contract.CodeForbidden, ErrorDetails: "Cross-site request refused"})
}

// callID is the call's id in the answer: the request id (X-Request-Id) that the service's access log and a
// failure's line name, so a support ticket quoting an answer finds its log lines; it was a random id of its own that
// no log named (QA operator round). Mounted without the service's middleware (the package's tests), a call gets an
// id here, kept in the same header.
func callID(c echo.Context) string {
	header := c.Response().Header()
	if id := header.Get(echo.HeaderXRequestID); id != "" {
		return id
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	id := hex.EncodeToString(b)
	header.Set(echo.HeaderXRequestID, id)
	return id
}

// sameOrigin is the CSRF rule of every POST, the REST API's (package crossorigin): Sec-Fetch-Site, else Origin
// against Host or a trusted origin, then an Origin naming a trusted origin's host only with that origin's scheme and port;
// requests with neither header (non-browser clients) pass. Until 2026-11-30 it had a rule of its own which, without
// Origin and Sec-Fetch-Site, refused a foreign Referer: only a browser from before 2020 sends a POST with neither,
// and such a browser's cross-site POST brings no session cookie either (SameSite=Lax), so the REST API's rule is
// kept for both.
func (h *handler) sameOrigin(r *http.Request) bool {
	return h.crossOrigin.Check(r) == nil
}

func hostname(hostPort string) string {
	if host, _, err := net.SplitHostPort(hostPort); err == nil {
		return strings.Trim(host, "[]")
	}
	return strings.Trim(hostPort, "[]")
}

// secureCookie: Secure in production and everywhere else except on a developer's localhost over plain HTTP (a
// proxy that rewrites Host to localhost must not cost production cookies their Secure).
func (h *handler) secureCookie(r *http.Request) bool {
	if h.o.Production {
		return true
	}
	switch host := strings.ToLower(hostname(r.Host)); {
	case host == "localhost", host == "127.0.0.1", host == "::1", strings.HasSuffix(host, ".localhost"):
		return false
	}
	return true
}

func (h *handler) setCookie(c echo.Context, token string, expires time.Time) {
	c.SetCookie(&http.Cookie{
		Name: h.o.CookieName, Value: token, Path: "/", Expires: expires, MaxAge: int(time.Until(expires).Seconds()),
		HttpOnly: true, Secure: h.secureCookie(c.Request()), SameSite: http.SameSiteLaxMode,
	})
}

func (h *handler) clearCookie(c echo.Context) {
	c.SetCookie(&http.Cookie{
		Name: h.o.CookieName, Value: "", Path: "/", MaxAge: -1, Expires: time.Unix(0, 0),
		HttpOnly: true, Secure: h.secureCookie(c.Request()), SameSite: http.SameSiteLaxMode,
	})
}

// ApplySession sets or clears the session cookie as a Result asks; the social-login callback calls it with
// the Result of CompleteSocialLogin.
func ApplySession(c echo.Context, r embedded.Result, cookieName string) {
	h := &handler{o: Options{CookieName: cookieName}}
	if h.o.CookieName == "" {
		h.o.CookieName = DefaultCookieName
	}
	if r.Session != nil {
		h.setCookie(c, r.Session.Token, r.Session.ExpiresAt)
	} else if r.EndSession {
		h.clearCookie(c)
	}
}

// ExpiredEmailChangePage is where an e-mail change's expired link lands: the account portal's error page saying
// the address was not changed (global.errors.email-change-expired), not the expired registration's "register
// again".
const ExpiredEmailChangePage = "/error/email-change-expired"

// ReplacedEmailChangePage is where the link of an e-mail change that a newer change ended lands: the account
// portal's error page saying a newer link was sent (global.errors.email-change-replaced), as a newsletter's replaced
// double opt-in link says (ReplacedCode), not "invalid, perhaps used already" (QA wording round, 2026-11-30).
const ReplacedEmailChangePage = "/error/email-change-" + ReplacedCode

// EndedEmailChangePage is where the link of an e-mail change that a password change or reset ended lands, and the
// older link it had replaced: the account portal's error page saying the change was ended for the shopper's security
// and can be made again after logging in (global.errors.email-change-ended), not "invalid, perhaps used already"
// nor "only the newest link changes the address" (later QA round of 2026-12-01).
const EndedEmailChangePage = "/error/email-change-ended"

// InUseEmailChangePage is where the link of an e-mail change lands whose new address became another account's before
// it was followed (400003), also by a registration not confirmed yet, which holds its address as any account does:
// the account portal's error page saying the address belongs to another account or registration and the shopper's
// own address is unchanged, and where to give another (global.errors.email-change-in-use). The generic
// /error/doi-400003 said only "Es ist ein unerwarteter Fehler aufgetreten. Fehlercode: doi-400003" (a later QA round
// of 2026-12-01). The link stays unused, as the change was not made.
const InUseEmailChangePage = "/error/email-change-in-use"

// Fragment keys of the pages the mail links land on: the page posts the token back to the link's address.
const (
	VerifyFragmentKey       = "verify"
	SubscriptionFragmentKey = "subscription"
)

// verify is the POST of the verification link (its page sends the token): the address is verified and the
// answer names /double-opt-in-done with errorCode 0 (and its emailChanged=true for an e-mail change's link), 403002
// (expired) or 404000 (unknown or used); an e-mail
// change's link that expired, that a newer change ended or that a new password ended names the page saying so
// (EndedEmailChange), and one whose new address another account took meanwhile (400003; only an e-mail change's link
// changes an address) names InUseEmailChangePage.
func (h *handler) verify(c echo.Context) error {
	if !h.sameOrigin(c.Request()) {
		return h.refuse(c)
	}
	token, err := maillink.Token(c, contract.LinkVerifyEmailTokenParam)
	if err != nil {
		return err
	}
	code, err := h.p.VerifyEmail(c.Request().Context(), token)
	if err != nil {
		h.o.Logger.Error("verification link failed", zap.Error(err))
		code = contract.CodeGeneralServerError
	}
	if code == contract.CodeUniqueIdentifierExists {
		return maillink.Answer(c, InUseEmailChangePage)
	}
	if code == contract.CodeActivationExpired || code == contract.CodeNotFound {
		ended, err := h.p.EndedEmailChange(c.Request().Context(), token)
		if err != nil {
			h.o.Logger.Error("verification link failed", zap.Error(err))
		}
		switch ended {
		case embedded.LinkExpired:
			return maillink.Answer(c, ExpiredEmailChangePage)
		case embedded.LinkReplaced:
			return maillink.Answer(c, ReplacedEmailChangePage)
		case embedded.LinkEnded:
			return maillink.Answer(c, EndedEmailChangePage)
		}
	}
	next := contract.PageDoubleOptInDone + "?errorCode=" + strconv.Itoa(code)
	if code == contract.CodeOK {
		changed, err := h.p.IsEmailChange(c.Request().Context(), token)
		if err != nil {
			// The change is made: the page says so in the registration's words rather than fail.
			h.o.Logger.Error("verification link's kind unknown", zap.Error(err))
		}
		if changed {
			next += "&" + contract.PageDoubleOptInDoneEmailChangedParam + "=true"
		}
	}
	return maillink.Answer(c, next)
}

// UnsubscribedSinceCode ends the error page of a double opt-in link whose subscription ended before it was
// followed (/preferences/error/doi-unsubscribed).
const UnsubscribedSinceCode = "unsubscribed"

// ReplacedCode ends the error page of a double opt-in link whose subscription waits for a newer link
// (/preferences/error/doi-replaced).
const ReplacedCode = "replaced"

// newsletterKeyPrefix starts every newsletter's subscription key (spec 001 §3).
const newsletterKeyPrefix = "NLT"

// confirmSubscription is the POST of a subscription's double opt-in link: confirmed, or the error page's code.
// A confirmed newsletter is named in the page's query, so the page thanks for the newsletter; the product
// reminder subscription gets the page's own reminder text (spec 001 §2).
func (h *handler) confirmSubscription(c echo.Context) error {
	if !h.sameOrigin(c.Request()) {
		return h.refuse(c)
	}
	token, err := maillink.Token(c, contract.LinkConfirmSubscriptionTokenParam)
	if err != nil {
		return err
	}
	out, err := h.p.ConfirmSubscription(c.Request().Context(), token)
	if err != nil {
		h.o.Logger.Error("subscription confirmation failed", zap.Error(err))
		out = embedded.SubscriptionLinkOutcome{Code: contract.CodeGeneralServerError}
	}
	key, code := out.Key, out.Code
	if code == contract.CodeOK {
		if strings.HasPrefix(key, newsletterKeyPrefix) {
			return maillink.Answer(c, contract.PagePreferencesDoubleOptInDone+"?"+url.Values{"newsletter": {key}}.Encode())
		}
		return maillink.Answer(c, contract.PagePreferencesDoubleOptInDone)
	}
	switch out.Ended {
	case embedded.LinkUnsubscribedSince:
		// Unsubscribed since the mail was sent: said so, not "perhaps confirmed already" (QA).
		return maillink.Answer(c, contract.PagePreferencesDoubleOptInError+UnsubscribedSinceCode)
	case embedded.LinkReplaced:
		// A newer request waits for its own link (chosen again, or asked again at the account's new address): the
		// page says so, not "perhaps confirmed already" (QA security round of 2026-11-29).
		return maillink.Answer(c, contract.PagePreferencesDoubleOptInError+ReplacedCode)
	}
	// The product reminders' link lives 7 days, not a newsletter's 14, and is not asked for again in the
	// newsletter list: its page is the reminders' own expired link.
	if code == contract.CodeActivationExpired && key != "" && !strings.HasPrefix(key, newsletterKeyPrefix) {
		return maillink.Answer(c, contract.PagePreferencesReminderLinkExpired)
	}
	return maillink.Answer(c, contract.PagePreferencesDoubleOptInError+strconv.Itoa(code))
}

// params are a call's parameters, from a JSON body or a form (where nested ones are JSON strings, as the
// vendor's SDK sends them); form says which, since a form has only strings where JSON has its booleans.
type params struct {
	v    map[string]any
	form bool
}

type paramError struct{ name string }

func (e paramError) Error() string { return "Invalid parameter value: " + e.name }

// objectParams are the parameters that are JSON objects (or, in a form, strings holding one); every other
// parameter is a single value.
var objectParams = map[string]bool{"profile": true, "data": true, "preferences": true, "subscriptions": true, "passkey": true}

// hashedParams are the parameters the provider only hashes or compares with a hash, never stores nor looks up: the
// passwords. A NUL in one is no danger to the database, so it is the provider's to judge, as the password it is part
// of: a new one is refused naming its field (the identity contract's passwordPolicy), a current one or a login's is a
// wrong password (403042), as no account has one with a NUL. Refused here as any other value, registration and the
// password change answered "Invalid parameter value: password", which the pages could only show as the form's general
// error, under the new password even when the NUL was in the current one (QA, 2026-12-01).
var hashedParams = map[string]bool{"password": true, "newPassword": true}

// parseParams reads a call's parameters from its body, a JSON object or a form; never from the URL, where
// credentials would end in proxies' logs. Each parameter is a single value (a string, number or boolean; a JSON
// object only for objectParams), strings valid UTF-8 without NUL (but for hashedParams): the database refuses those
// (PostgreSQL with an error), a list was once joined into one string with commas (QA), and an object was read as an empty value, so
// setAccountInfo with newPassword {…} answered 0 and changed nothing (QA bad-input round). The body holds at most
// contract.APIMaxBodyBytes; the service's REST limit leaves these calls to it, so that one over it is refused in the
// envelope too.
func parseParams(r *http.Request) (params, error) {
	if r.ContentLength > contract.APIMaxBodyBytes {
		return params{}, errBodyTooLarge
	}
	r.Body = http.MaxBytesReader(nil, r.Body, contract.APIMaxBodyBytes)
	out := map[string]any{}
	form := false
	ct, _, _ := mime.ParseMediaType(r.Header.Get(echo.HeaderContentType))
	switch ct {
	case echo.MIMEApplicationJSON:
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return params{}, unreadable(err, "Unreadable body")
		}
		if len(strings.TrimSpace(string(body))) == 0 {
			return params{v: out}, nil
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			if path := typeErrorPath(body, err); path != "" {
				return params{}, paramError{path}
			}
			return params{}, errors.New("The body is not a JSON object")
		}
		if path, problem := jsonbody.Check(body); problem != jsonbody.Fine {
			return params{}, paramError{path}
		}
		maps.Copy(out, m)
	case echo.MIMEApplicationForm:
		if err := r.ParseForm(); err != nil {
			return params{}, unreadable(err, "Unreadable form")
		}
		form = true
		for k, v := range r.PostForm {
			if len(v) > 1 {
				return params{}, paramError{k}
			}
			if len(v) == 1 {
				out[k] = v[0]
			}
		}
	default:
		// Any other type (text/plain, multipart, none) with a body: its parameters went unread and the call answered
		// as if none were given, setAccountInfo 0 with nothing changed (QA bad-input round). A call without a body
		// needs no type.
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return params{}, unreadable(err, "Unreadable body")
		}
		if len(bytes.TrimSpace(body)) > 0 {
			return params{}, errors.New("Unsupported content type: send application/json or application/x-www-form-urlencoded")
		}
	}
	for _, k := range slices.Sorted(maps.Keys(out)) { // the first bad one by name: the same answer every time
		switch v := out[k].(type) {
		case []any:
			return params{}, paramError{k}
		case map[string]any:
			if !objectParams[k] {
				return params{}, paramError{k}
			}
		case string:
			fit := database.Storable(v)
			if hashedParams[k] {
				fit = utf8.ValidString(v)
			}
			if !fit {
				return params{}, paramError{k}
			}
		}
	}
	in := params{v: out, form: form}
	if lang := in.str("lang"); lang != "" && !identity.IsLanguageTag(lang) {
		return params{}, paramError{"lang"}
	}
	return in, nil
}

// typeErrorPath names the value of doc that json.Unmarshal into a map[string]any refused with err: a number no
// float64 holds (1e400), the one value of a JSON object it cannot read. "" for any other error, or the document
// itself (an array, a string). The error's Field is empty for a map (QA robustness round of 2026-11-30: setAccountInfo
// answered "The body is not a JSON object" for {"profile":{"birthYear":1e400}}).
func typeErrorPath(doc []byte, err error) string {
	var typeErr *json.UnmarshalTypeError
	if !errors.As(err, &typeErr) {
		return ""
	}
	return jsonbody.PathAt(doc, typeErr.Offset)
}

// errBodyTooLarge refuses a body over contract.APIMaxBodyBytes.
var errBodyTooLarge = fmt.Errorf("The request body is larger than %d KB", contract.APIMaxBodyBytes>>10)

// unreadable is the refusal of a body that could not be read: errBodyTooLarge when it went over the limit.
func unreadable(err error, message string) error {
	if tooLarge := (*http.MaxBytesError)(nil); errors.As(err, &tooLarge) {
		return errBodyTooLarge
	}
	return errors.New(message)
}

func (p params) str(name string) string {
	switch v := p.v[name].(type) {
	case string:
		return v
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// boolean reads a true or false parameter (a JSON boolean, or as a form sends it, "true" or "false"); absent is
// false, anything else ("maybe", 2) is refused: it was once read as false (QA bad-input round). strconv.ParseBool
// also took 1, 0, "T" and "FALSE", and a JSON body's string "true" (QA round of 2026-11-29): a form has only
// strings, JSON has its booleans.
func (p params) boolean(name string) (bool, error) {
	switch v, given := p.v[name]; {
	case !given:
		return false, nil
	case v == true, p.form && v == "true":
		return true, nil
	case v == false, p.form && v == "false":
		return false, nil
	}
	return false, paramError{name}
}

// object reads a nested parameter: a JSON object, or a string holding one; absent or empty is nil.
func (p params) object(name string) (map[string]any, error) {
	switch v := p.v[name].(type) {
	case nil:
		return nil, nil
	case map[string]any:
		return v, nil
	case string:
		if strings.TrimSpace(v) == "" {
			return nil, nil
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(v), &m); err != nil {
			if path := typeErrorPath([]byte(v), err); path != "" {
				return nil, paramError{name + "." + path}
			}
			return nil, paramError{name}
		}
		if path, problem := jsonbody.Check([]byte(v)); problem != jsonbody.Fine {
			return nil, paramError{name + "." + path}
		}
		return m, nil
	}
	return nil, paramError{name}
}

// raw reads a nested parameter as JSON (a WebAuthn response): an object, or a string holding one; absent is nil.
func (p params) raw(name string) (json.RawMessage, error) {
	m, err := p.object(name)
	if err != nil || m == nil {
		return nil, err
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, paramError{name}
	}
	return b, nil
}

func (p params) sections() (profile, data, preferences, subscriptions map[string]any, err error) {
	if profile, err = p.object("profile"); err != nil {
		return
	}
	if data, err = p.object("data"); err != nil {
		return
	}
	if preferences, err = p.object("preferences"); err != nil {
		return
	}
	subscriptions, err = p.object("subscriptions")
	return
}
