package sso

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/url"
	"slices"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// storage is op's view of the service. Every refusal is an *oidc.Error, so op answers the standard OAuth error
// (invalid_grant, invalid_client, ...) and never a 500; only a failing database is a server_error.
type storage struct {
	svc *Service
}

var (
	_ op.Storage                        = storage{}
	_ op.CanSetUserinfoFromRequest      = storage{}
	_ op.CanTerminateSessionFromRequest = storage{}
)

func serverError(err error) error { return oidc.ErrServerError().WithParent(err) }

// authRequest adapts AuthRequest to op.AuthRequest.
type authRequest struct{ AuthRequest }

func (a authRequest) GetID() string         { return a.ID }
func (a authRequest) GetACR() string        { return "" }
func (a authRequest) GetAMR() []string      { return a.AMR }
func (a authRequest) GetAudience() []string { return []string{a.ClientID} }
func (a authRequest) GetAuthTime() time.Time {
	return issuedAuthTime(a.AuthTime)
}
func (a authRequest) GetClientID() string { return a.ClientID }
func (a authRequest) GetCodeChallenge() *oidc.CodeChallenge {
	if a.Request.CodeChallenge == "" {
		return nil
	}
	return &oidc.CodeChallenge{Challenge: a.Request.CodeChallenge, Method: oidc.CodeChallengeMethod(a.Request.CodeChallengeMethod)}
}
func (a authRequest) GetNonce() string                   { return a.Request.Nonce }
func (a authRequest) GetRedirectURI() string             { return a.Request.RedirectURI }
func (a authRequest) GetResponseType() oidc.ResponseType { return oidc.ResponseTypeCode }
func (a authRequest) GetResponseMode() oidc.ResponseMode {
	return oidc.ResponseMode(a.Request.ResponseMode)
}
func (a authRequest) GetScopes() []string { return a.Request.Scopes }
func (a authRequest) GetState() string    { return a.Request.State }
func (a authRequest) GetSubject() string  { return a.Subject }
func (a authRequest) Done() bool          { return a.Subject != "" }

// issuedAuthTime is the auth_time op writes into an ID token: never after the token's iat. op stamps iat and exp
// with the wall clock (op.CreateIDToken, oidc.NewIDTokenClaims; neither op.Config nor an option sets its clock),
// while the login's time follows the service's clock, which the development clock (POST /dev/clock) moves ahead:
// an ID token stated a login 23 minutes after its own issue (QA round). On the wall clock it changes nothing.
func issuedAuthTime(t time.Time) time.Time {
	if now := time.Now(); t.After(now) {
		return now
	}
	return t
}

// refreshRequest adapts a Token found by its refresh token to op.RefreshTokenRequest.
type refreshRequest struct {
	Token
	scopes []string
}

func (r *refreshRequest) GetAMR() []string                 { return r.AMR }
func (r *refreshRequest) GetAudience() []string            { return r.Audience }
func (r *refreshRequest) GetAuthTime() time.Time           { return issuedAuthTime(r.AuthTime) }
func (r *refreshRequest) GetClientID() string              { return r.ClientID }
func (r *refreshRequest) GetScopes() []string              { return r.scopes }
func (r *refreshRequest) GetSubject() string               { return r.Subject }
func (r *refreshRequest) SetCurrentScopes(scopes []string) { r.scopes = scopes }

// maxRequestValue is the most bytes of a sign-in request's state and nonce: the request is stored for anyone who
// asks (QA security round: a 200 KB state was), and goes back in the partner's redirect address and into its ID
// tokens. The protocols set no bound; partners keep a random value there, or one with a return path: 2 KB keeps the
// whole answer's address well within what browsers and proxies take, and is above what other providers allow
// (Connect2id's default for state is 1,024 characters, 128 for the nonce).
const maxRequestValue = 2048

// CreateAuthRequest stores a validated request; PKCE with S256 is required of every client. hint is the shopper the
// partner's id_token_hint names (op verified it); the request is bound to the browser of the context (WithBrowser).
// op has verified the client and its redirect URI, so a refusal here goes to the partner's redirect URI.
func (s storage) CreateAuthRequest(ctx context.Context, in *oidc.AuthRequest, hint string) (op.AuthRequest, error) {
	if in.CodeChallenge == "" || in.CodeChallengeMethod != oidc.CodeChallengeMethodS256 {
		return nil, oidc.ErrInvalidRequest().WithDescription("PKCE is required: send code_challenge with code_challenge_method S256")
	}
	// An S256 challenge is the SHA-256 of the verifier in base64url without padding, 43 characters (RFC 7636 §4.2,
	// Appendix A): no verifier matches another, which was stored all the same (QA security round: abc).
	if b, err := base64.RawURLEncoding.DecodeString(in.CodeChallenge); err != nil || len(b) != sha256.Size {
		return nil, oidc.ErrInvalidRequest().WithDescription("code_challenge must be the S256 challenge: 43 characters of base64url")
	}
	if len(in.State) > maxRequestValue || len(in.Nonce) > maxRequestValue {
		return nil, oidc.ErrInvalidRequest().WithDescription("state and nonce may hold at most %d bytes each", maxRequestValue)
	}
	// form_post answers with op's page that posts itself to the partner, which the pages' CSP stops (script-src
	// 'self', form-action 'self'): the code was issued and never delivered (QA). An unsupported response mode is
	// invalid_request (OAuth 2.0 Multiple Response Type Encoding Practices §5, RFC 6749 §4.1.2.1).
	if in.ResponseMode != "" && !slices.Contains(ResponseModes, string(in.ResponseMode)) {
		return nil, oidc.ErrInvalidRequest().WithDescription("response_mode must be query or fragment")
	}
	browser, _ := ctx.Value(browserKey{}).(string)
	if browser == "" {
		return nil, serverError(errors.New("sso: the authorisation request came without the browser's binding"))
	}
	client, err := s.svc.Client(ctx, in.ClientID)
	if errors.Is(err, ErrNotFound) {
		return nil, oidc.ErrInvalidClient().WithDescription("unknown client")
	}
	if err != nil {
		return nil, serverError(err)
	}
	now := s.svc.clock()
	r := AuthRequest{ID: randomToken(), ClientID: in.ClientID, Browser: hashToken(browser), Hint: hint, CreatedAt: now,
		ExpiresAt: now.Add(s.svc.settings.RequestLifetime),
		Request: Request{
			RedirectURI: in.RedirectURI, Scopes: grantableTo(client, in.Scopes), State: in.State, Nonce: in.Nonce, CodeChallenge: in.CodeChallenge,
			CodeChallengeMethod: string(in.CodeChallengeMethod), ResponseMode: string(in.ResponseMode), Prompt: knownPrompts(in.Prompt), MaxAge: in.MaxAge,
		}}
	// Only the first language goes on to the login page; a list of any length was stored whole (QA security round).
	if len(in.UILocales) > 0 {
		r.Request.Locales = []string{in.UILocales[0].String()}
	}
	if err := s.svc.store.CreateAuthRequest(ctx, r); err != nil {
		return nil, serverError(err)
	}
	return authRequest{r}, nil
}

// knownPrompts are the prompt values the provider knows, once each: the others mean nothing to it (OpenID Connect
// Core 3.1.2.1), and a list of any length was stored whole (QA security round).
func knownPrompts(prompts []string) []string {
	var out []string
	for _, p := range prompts {
		if slices.Contains([]string{oidc.PromptNone, oidc.PromptLogin, oidc.PromptConsent, oidc.PromptSelectAccount}, p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// unknownRequest is the answer for a request that cannot be carried on: unknown, expired, answered, or another
// browser's (which is not told apart, so that its id tells a caller nothing).
func unknownRequest() *oidc.Error {
	return oidc.ErrInvalidRequest().WithDescription("unknown or expired sign-in request")
}

// liveRequest returns an unexpired request that was answered neither with a code nor with an error.
func (s storage) liveRequest(ctx context.Context, id string) (AuthRequest, error) {
	if id == "" || len(id) > 100 {
		return AuthRequest{}, unknownRequest()
	}
	r, err := s.svc.store.AuthRequest(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return AuthRequest{}, unknownRequest()
	}
	if err != nil {
		return AuthRequest{}, serverError(err)
	}
	if !s.svc.clock().Before(r.ExpiresAt) || r.CodeHash != "" || !r.EndedAt.IsZero() {
		return AuthRequest{}, unknownRequest()
	}
	return r, nil
}

// AuthRequestByID implements op.Storage.
func (s storage) AuthRequestByID(ctx context.Context, id string) (op.AuthRequest, error) {
	r, err := s.liveRequest(ctx, id)
	if err != nil {
		return nil, err
	}
	return authRequest{r}, nil
}

// AuthRequestByCode finds the request of an unexpired, unused code. A second use of a code fails and revokes
// what the first one issued (RFC 6749 §4.1.2). The code is used up only when tokens are issued (claimCode),
// after op checked PKCE and the client, so a partner's failed attempt does not burn it.
func (s storage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	now := s.svc.clock()
	r, err := s.svc.store.RequestByCode(ctx, hashToken(code))
	if errors.Is(err, ErrNotFound) {
		return nil, oidc.ErrInvalidGrant().WithDescription("unknown code")
	}
	if err != nil {
		return nil, serverError(err)
	}
	if !r.CodeUsedAt.IsZero() {
		return nil, s.reused(ctx, r)
	}
	if !now.Before(r.CodeExpiresAt) {
		return nil, oidc.ErrInvalidGrant().WithDescription("the code has expired")
	}
	return authRequest{r}, nil
}

// reused revokes what a reused code's first exchange issued.
func (s storage) reused(ctx context.Context, r AuthRequest) error {
	if err := s.svc.store.RevokeTokensOfRequest(ctx, r.ID, s.svc.clock()); err != nil {
		return serverError(err)
	}
	return oidc.ErrInvalidGrant().WithDescription("the code was used before")
}

// claimCode uses the code of a request up; of concurrent exchanges exactly one gets tokens.
func (s storage) claimCode(ctx context.Context, req op.TokenRequest) error {
	r, ok := req.(authRequest)
	if !ok {
		return nil
	}
	used, err := s.svc.store.UseCode(ctx, r.CodeHash, s.svc.clock())
	if errors.Is(err, ErrCodeUsed) {
		return s.reused(ctx, used)
	}
	if errors.Is(err, ErrNotFound) {
		return oidc.ErrInvalidGrant().WithDescription("unknown code")
	}
	if err != nil {
		return serverError(err)
	}
	return nil
}

// SaveAuthCode implements op.Storage.
func (s storage) SaveAuthCode(ctx context.Context, id, code string) error {
	err := s.svc.store.SaveCode(ctx, id, hashToken(code), s.svc.clock().Add(s.svc.settings.CodeLifetime))
	if errors.Is(err, ErrNotFound) {
		return oidc.ErrInvalidRequest().WithDescription("the sign-in request was answered before")
	}
	if err != nil {
		return serverError(err)
	}
	return nil
}

// DeleteAuthRequest keeps the request: it is needed until it expires to notice a reused code.
func (s storage) DeleteAuthRequest(context.Context, string) error { return nil }

// newToken builds the token row for a token request of any kind op hands over.
func (s storage) newToken(req op.TokenRequest) Token {
	now := s.svc.clock()
	t := Token{ID: randomToken(), Subject: req.GetSubject(), Scopes: req.GetScopes(), Audience: req.GetAudience(), CreatedAt: now,
		ExpiresAt: now.Add(s.svc.settings.AccessTokenLifetime)}
	switch r := req.(type) {
	case authRequest:
		t.ClientID, t.AuthTime, t.AMR, t.AuthRequestID = r.ClientID, r.AuthTime, r.AMR, r.ID
	case *refreshRequest:
		t.ClientID, t.AuthTime, t.AMR, t.AuthRequestID = r.ClientID, r.AuthTime, r.AMR, r.AuthRequestID
	}
	return t
}

// CreateAccessToken implements op.Storage.
func (s storage) CreateAccessToken(ctx context.Context, req op.TokenRequest) (string, time.Time, error) {
	if err := s.claimCode(ctx, req); err != nil {
		return "", time.Time{}, err
	}
	t := s.newToken(req)
	if err := s.svc.store.CreateToken(ctx, t); err != nil {
		return "", time.Time{}, serverError(err)
	}
	return t.ID, t.ExpiresAt, nil
}

// CreateAccessAndRefreshTokens issues a refresh token beside the access token; a refresh rotates: the old one
// is revoked, and only one of two concurrent refreshes with the same token wins.
func (s storage) CreateAccessAndRefreshTokens(ctx context.Context, req op.TokenRequest, current string) (string, string, time.Time, error) {
	if err := s.claimCode(ctx, req); err != nil {
		return "", "", time.Time{}, err
	}
	t := s.newToken(req)
	refresh := randomToken()
	t.RefreshHash, t.RefreshExpiresAt = hashToken(refresh), t.CreatedAt.Add(s.svc.settings.RefreshTokenLifetime)
	if r, ok := req.(*refreshRequest); ok {
		// A refresh does not extend the shopper's sign-in beyond the first refresh token's life.
		t.RefreshExpiresAt = r.RefreshExpiresAt
	}
	if current == "" {
		if err := s.svc.store.CreateToken(ctx, t); err != nil {
			return "", "", time.Time{}, serverError(err)
		}
		return t.ID, refresh, t.ExpiresAt, nil
	}
	old, err := s.svc.store.TokenByRefreshHash(ctx, hashToken(current))
	if err != nil {
		return "", "", time.Time{}, oidc.ErrInvalidGrant().WithDescription("unknown refresh token")
	}
	rotated, err := s.svc.store.RotateToken(ctx, old.ID, t, s.svc.clock())
	if err != nil {
		return "", "", time.Time{}, serverError(err)
	}
	if !rotated {
		return "", "", time.Time{}, s.refreshReused(ctx, old)
	}
	return t.ID, refresh, t.ExpiresAt, nil
}

// refreshReused answers a refresh token presented after it was rotated out (or revoked) and ends its grant: every
// token the sign-in's code and its refreshes gave, which carry its authorisation request's id. The partner and a
// thief hold the token and which of them presents it cannot be told, so the current refresh token ends too (RFC
// 9700 §4.14.2); the partner signs the shopper in again. Before, only the replay was refused (QA round).
func (s storage) refreshReused(ctx context.Context, t Token) error {
	if err := s.svc.store.RevokeTokensOfRequest(ctx, t.AuthRequestID, s.svc.clock()); err != nil {
		return serverError(err)
	}
	return oidc.ErrInvalidGrant().WithDescription("the refresh token was used before")
}

// liveRefresh returns the token row of an unrevoked, unexpired refresh token of a grant that stands (granted).
func (s storage) liveRefresh(ctx context.Context, refresh string) (Token, error) {
	t, err := s.svc.store.TokenByRefreshHash(ctx, hashToken(refresh))
	if errors.Is(err, ErrNotFound) {
		return Token{}, oidc.ErrInvalidGrant().WithDescription("invalid refresh token")
	}
	if err != nil {
		return Token{}, serverError(err)
	}
	if !t.RevokedAt.IsZero() {
		return Token{}, s.refreshReused(ctx, t)
	}
	if !s.svc.clock().Before(t.RefreshExpiresAt) {
		return Token{}, oidc.ErrInvalidGrant().WithDescription("invalid refresh token")
	}
	if err := s.granted(ctx, t); errors.Is(err, errDeadToken) {
		return Token{}, oidc.ErrInvalidGrant().WithDescription("invalid refresh token")
	} else if err != nil {
		return Token{}, err
	}
	return t, nil
}

// TokenRequestByRefreshToken implements op.Storage.
func (s storage) TokenRequestByRefreshToken(ctx context.Context, refresh string) (op.RefreshTokenRequest, error) {
	t, err := s.liveRefresh(ctx, refresh)
	if err != nil {
		return nil, err
	}
	return &refreshRequest{Token: t, scopes: t.Scopes}, nil
}

// TerminateSession implements op.Storage (TerminateSessionFromRequest is what op calls).
func (s storage) TerminateSession(ctx context.Context, userID, clientID string) error {
	return s.svc.store.RevokeTokensOf(ctx, userID, clientID, s.svc.clock())
}

// TerminateSessionFromRequest carries out a partner's logout (OpenID Connect RP-Initiated Logout 1.0 §2). An
// id_token_hint revokes the partner's tokens of the shopper it names; when that shopper is the browser's session, the
// session ends here and the browser goes on without a question, through the portal's logout page to the partner's
// address: that page tells the portal's other tabs that the shopper logs out, which a redirect cannot, and their
// login then does not say that the session expired (QA, 2026-12-01: an account page left open in another tab said
// so after the shopper's logout at a partner). Without a hint, or with one of another shopper, nothing shows that
// the browser's shopper asked, and the provider MUST ask: the browser goes to the portal's logout page with
// ConfirmLogoutParam, which asks before it logs out (QA security round, 2026-11-30: a plain link to the endpoint from
// any site logged the shopper out). A browser without a session has nothing to log out of and is not asked: a hint's
// logout goes on to the partner, one without through the portal's logout page.
func (s storage) TerminateSessionFromRequest(ctx context.Context, req *op.EndSessionRequest) (string, error) {
	session, _ := ctx.Value(endSessionKey{}).(browserSession)
	q := url.Values{"redirect": {req.RedirectURI}}
	if req.UserID != "" {
		if err := s.svc.store.RevokeTokensOf(ctx, req.UserID, req.ClientID, s.svc.clock()); err != nil {
			return "", serverError(err)
		}
		if session.shopper == req.UserID {
			if err := session.end(); err != nil {
				return "", serverError(err)
			}
			return PortalLogout + "?" + q.Encode(), nil
		}
		if session.shopper == "" {
			return req.RedirectURI, nil
		}
	}
	if session.shopper != "" {
		q.Set(ConfirmLogoutParam, req.ClientID)
	}
	return PortalLogout + "?" + q.Encode(), nil
}

// RevokeToken implements op.Storage (RFC 7009): access tokens by id, refresh tokens by value.
func (s storage) RevokeToken(ctx context.Context, tokenOrID, userID, clientID string) *oidc.Error {
	var t Token
	var err error
	if userID != "" {
		t, err = s.svc.store.TokenByID(ctx, tokenOrID)
	} else {
		t, err = s.svc.store.TokenByRefreshHash(ctx, hashToken(tokenOrID))
	}
	if errors.Is(err, ErrNotFound) {
		return nil // RFC 7009 §2.2: an unknown token is no error
	}
	if err != nil {
		return oidc.ErrServerError().WithParent(err)
	}
	if t.ClientID != clientID {
		return oidc.ErrInvalidClient().WithDescription("the token belongs to another client")
	}
	if _, err := s.svc.store.RevokeToken(ctx, t.ID, s.svc.clock()); err != nil {
		return oidc.ErrServerError().WithParent(err)
	}
	return nil
}

// GetRefreshTokenInfo implements op.Storage.
func (s storage) GetRefreshTokenInfo(ctx context.Context, _ string, token string) (string, string, error) {
	t, err := s.svc.store.TokenByRefreshHash(ctx, hashToken(token))
	if err != nil {
		return "", "", op.ErrInvalidRefreshToken
	}
	return t.Subject, t.ID, nil
}

// SigningKey implements op.Storage.
func (s storage) SigningKey(ctx context.Context) (op.SigningKey, error) {
	k, err := s.svc.keys.current(ctx)
	if err != nil {
		return nil, serverError(err)
	}
	return k, nil
}

// SignatureAlgorithms implements op.Storage: RS256 only, so `alg: none` and HMAC tricks never verify.
func (s storage) SignatureAlgorithms(context.Context) ([]jose.SignatureAlgorithm, error) {
	return []jose.SignatureAlgorithm{jose.RS256}, nil
}

// KeySet implements op.Storage: every key that still verifies.
func (s storage) KeySet(ctx context.Context) ([]op.Key, error) {
	if _, err := s.svc.keys.current(ctx); err != nil {
		return nil, serverError(err)
	}
	keys, err := s.svc.keys.published(ctx)
	if err != nil {
		return nil, serverError(err)
	}
	out := make([]op.Key, len(keys))
	for i, k := range keys {
		out[i] = k
	}
	return out, nil
}

// GetClientByClientID implements op.Storage; an unknown client is invalid_client.
func (s storage) GetClientByClientID(ctx context.Context, id string) (op.Client, error) {
	c, err := s.svc.Client(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return nil, oidc.ErrInvalidClient().WithDescription("unknown client")
	}
	if err != nil {
		return nil, serverError(err)
	}
	return opClient{Client: c, dev: !s.svc.settings.Production, idTokenLifetime: s.svc.settings.IDTokenLifetime}, nil
}

// AuthorizeClientIDSecret implements op.Storage.
func (s storage) AuthorizeClientIDSecret(ctx context.Context, id, secret string) error {
	c, err := s.svc.Client(ctx, id)
	if errors.Is(err, ErrNotFound) || (err == nil && !secretMatches(c, secret)) {
		return oidc.ErrInvalidClient().WithDescription("invalid client_id / client_secret")
	}
	if err != nil {
		return serverError(err)
	}
	return nil
}

// SetUserinfoFromScopes is deprecated in op; SetUserinfoFromRequest does the work.
func (s storage) SetUserinfoFromScopes(context.Context, *oidc.UserInfo, string, string, []string) error {
	return nil
}

// SetUserinfoFromRequest puts the shopper's claims into the ID token.
func (s storage) SetUserinfoFromRequest(ctx context.Context, info *oidc.UserInfo, req op.IDTokenRequest, scopes []string) error {
	return s.userinfo(ctx, info, req.GetSubject(), scopes)
}

func (s storage) userinfo(ctx context.Context, info *oidc.UserInfo, subject string, scopes []string) error {
	if s.svc.accounts == nil {
		return oidc.ErrServerError().WithDescription("no identity provider")
	}
	p, err := s.svc.accounts.Profile(ctx, subject)
	if errors.Is(err, ErrNotFound) {
		return oidc.ErrInvalidRequest().WithDescription("the account no longer exists")
	}
	if err != nil {
		return serverError(err)
	}
	info.Subject = subject
	if slices.Contains(scopes, ScopeProfile) {
		info.GivenName, info.FamilyName, info.Name = p.GivenName, p.FamilyName, p.Name()
		if p.Locale != "" {
			info.Locale = oidc.NewLocale(p.localeTag())
		}
	}
	if slices.Contains(scopes, ScopeEmail) {
		info.Email, info.EmailVerified = p.Email, oidc.Bool(p.EmailVerified)
	}
	return nil
}

// errDeadToken refuses a token that is unknown, expired or revoked, or whose grant no longer stands (granted).
var errDeadToken = errors.New("the token is invalid or expired")

// granted checks that a token's grant stands: the shopper's account is there and enabled, and the partner is
// still registered. A disabling ends the partners' tokens (EndTokensOf), a deletion and a partner's removal delete
// them; where that was missed (a disabling by a process that did not tell single sign-on, a failed revocation, a
// deletion without the erasure, a partner dropped from sso.clients) the token is dead all the same (QA round:
// introspection answered active for a disabled shopper). Seen so, the shopper's tokens are revoked, so that
// enabling the account again does not bring them back.
func (s storage) granted(ctx context.Context, t Token) error {
	if _, err := s.svc.Client(ctx, t.ClientID); errors.Is(err, ErrNotFound) {
		return errDeadToken
	} else if err != nil {
		return serverError(err)
	}
	if s.svc.accounts == nil {
		return oidc.ErrServerError().WithDescription("no identity provider")
	}
	if _, err := s.svc.accounts.Profile(ctx, t.Subject); errors.Is(err, ErrNotFound) {
		if err := s.svc.EndTokensOf(ctx, t.Subject); err != nil {
			return serverError(err)
		}
		return errDeadToken
	} else if err != nil {
		return serverError(err)
	}
	return nil
}

// liveToken returns an unrevoked, unexpired access token of a grant that stands.
func (s storage) liveToken(ctx context.Context, id, subject string) (Token, error) {
	t, err := s.svc.store.TokenByID(ctx, id)
	if errors.Is(err, ErrNotFound) || (err == nil && (t.Subject != subject || !t.RevokedAt.IsZero() || !s.svc.clock().Before(t.ExpiresAt))) {
		return Token{}, errDeadToken
	}
	if err != nil {
		return Token{}, serverError(err)
	}
	return t, s.granted(ctx, t)
}

// SetUserinfoFromToken answers the userinfo endpoint. A dead token is told to the caller (WithDeadToken), as op
// answers every refusal of its storage 403 (op.Userinfo) where RFC 6750 §3.1 asks 401 invalid_token.
func (s storage) SetUserinfoFromToken(ctx context.Context, info *oidc.UserInfo, tokenID, subject, _ string) error {
	t, err := s.liveToken(ctx, tokenID, subject)
	if errors.Is(err, errDeadToken) {
		if dead, ok := ctx.Value(deadTokenKey{}).(func()); ok {
			dead()
		}
		// RFC 6750 §3.1's error code, which oidc has no constructor for.
		return &oidc.Error{ErrorType: "invalid_token", Description: "the access token is invalid or expired"}
	}
	if err != nil {
		return err
	}
	return s.userinfo(ctx, info, subject, t.Scopes)
}

// deadTokenKey carries, in a userinfo request's context, the function that hears of a dead access token.
type deadTokenKey struct{}

// WithDeadToken hands the userinfo endpoint the function called when it refuses the access token as dead (unknown,
// expired, revoked, its grant ended), so that the answer can be RFC 6750 §3.1's 401 instead of op's 403.
func WithDeadToken(ctx context.Context, dead func()) context.Context {
	return context.WithValue(ctx, deadTokenKey{}, dead)
}

// SetIntrospectionFromToken implements op.Storage.
func (s storage) SetIntrospectionFromToken(ctx context.Context, resp *oidc.IntrospectionResponse, tokenID, subject, clientID string) error {
	t, err := s.liveToken(ctx, tokenID, subject)
	if err != nil || !slices.Contains(t.Audience, clientID) {
		return oidc.ErrInvalidRequest().WithDescription("token inactive")
	}
	resp.Active, resp.Scope, resp.ClientID = true, t.Scopes, t.ClientID
	resp.Subject, resp.Audience = t.Subject, t.Audience
	return nil
}

// GetPrivateClaimsFromScopes implements op.Storage: no private claims.
func (s storage) GetPrivateClaimsFromScopes(context.Context, string, string, []string) (map[string]any, error) {
	return nil, nil
}

// GetKeyByIDAndClientID implements op.Storage: JWT client authentication is not offered.
func (s storage) GetKeyByIDAndClientID(context.Context, string, string) (*jose.JSONWebKey, error) {
	return nil, oidc.ErrInvalidClient().WithDescription("private_key_jwt is not supported")
}

// ValidateJWTProfileScopes implements op.Storage: the JWT profile grant is not offered.
func (s storage) ValidateJWTProfileScopes(context.Context, string, []string) ([]string, error) {
	return nil, oidc.ErrUnsupportedGrantType()
}

// Health implements op.Storage.
func (s storage) Health(context.Context) error { return nil }

// endSessionKey carries, in the end-session request's context, the browser's session (browserSession).
type endSessionKey struct{}

// browserSession is the portal session of the browser that asks the end-session endpoint (WithEndSession).
type browserSession struct {
	// shopper is the uid of its shopper; empty when the browser has no session.
	shopper string
	end     func() error
}

// browserKey carries, in the authorisation request's context, the value of the browser's binding cookie.
type browserKey struct{}
