// Package devissuer is a development OpenID Connect provider that plays Apple, Google and Facebook, so the real
// social-login code path (redirect, code exchange with PKCE, ID token verification) runs on a developer's machine
// and in tests without the internet. It is mounted only outside production; its key and codes live in memory.
package devissuer

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// Client credentials the development issuer accepts. They are not secret: the issuer exists only outside
// production and signs with a key made at start-up.
const (
	ClientID     = "portal-dev-client"
	ClientSecret = "portal-dev-secret"
)

// PathPrefix is where the issuer is mounted; a provider's issuer URL is {publicURL}/dev/oidc/{provider}.
const PathPrefix = "/dev/oidc/"

// CallbackPath is the only redirect_uri path the issuer sends codes to ({provider} replaced), so it cannot be
// used to redirect a browser elsewhere.
const CallbackPath = "/identity/social/{provider}/callback"

// Providers are the contract names the issuer plays.
var Providers = []string{"apple", "googleplus", "facebook"}

// CodeLifetime is how long an authorisation code may wait for its exchange.
const CodeLifetime = 2 * time.Minute

// IDTokenLifetime is the exp of issued ID tokens.
const IDTokenLifetime = 10 * time.Minute

var displayNames = map[string]string{"apple": "Apple", "googleplus": "Google", "facebook": "Facebook"}

//go:embed authorize.html.tmpl style.css
var files embed.FS

var page = template.Must(template.ParseFS(files, "authorize.html.tmpl"))

// Issuer is the development provider.
type Issuer struct {
	key       *rsa.PrivateKey
	kid       string
	publicURL string
	logger    *zap.Logger
	now       func() time.Time

	mu    sync.Mutex
	codes map[string]grant
}

// grant is what an issued code stands for.
type grant struct {
	provider      string
	redirectURI   string
	challenge     string
	nonce         string
	email         string
	emailVerified bool
	givenName     string
	familyName    string
	expires       time.Time
}

// New makes an issuer with a fresh 2048-bit RSA key. publicURL (http.publicUrl) may be empty: URLs are then
// derived from each request's host.
func New(publicURL string, logger *zap.Logger) (*Issuer, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, fmt.Errorf("devissuer: key: %w", err)
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	kid := make([]byte, 8)
	_, _ = rand.Read(kid)
	return &Issuer{key: key, kid: hex.EncodeToString(kid), publicURL: strings.TrimRight(publicURL, "/"), logger: logger,
		now: time.Now, codes: map[string]grant{}}, nil
}

// Mount serves a new issuer under /dev/oidc/{provider}/ and returns it. The composition root mounts it only
// outside production, when identity.social.devIssuer asks for it (app.DevIssuerEnabled).
func Mount(e *echo.Echo, publicURL string, logger *zap.Logger) (*Issuer, error) {
	iss, err := New(publicURL, logger)
	if err != nil {
		return nil, err
	}
	iss.Register(e)
	return iss, nil
}

// Register adds the issuer's routes to e.
func (iss *Issuer) Register(e *echo.Echo) {
	get := func(path string, h echo.HandlerFunc) {
		e.Match([]string{http.MethodGet, http.MethodHead}, path, h)
	}
	get(PathPrefix+"style.css", iss.style)
	get(PathPrefix+":provider/.well-known/openid-configuration", iss.discovery)
	get(PathPrefix+":provider/authorize", iss.authorizePage)
	e.POST(PathPrefix+":provider/authorize", iss.authorizeSubmit)
	e.POST(PathPrefix+":provider/token", iss.token)
	get(PathPrefix+":provider/jwks", iss.jwks)
}

// BaseURL is the service's public URL: http.publicUrl, else the scheme and host of the request.
func BaseURL(publicURL string, r *http.Request) string {
	if publicURL != "" {
		return strings.TrimRight(publicURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// IssuerURL is the issuer identifier of a provider at base.
func IssuerURL(base, provider string) string { return base + PathPrefix + provider }

func (iss *Issuer) provider(c echo.Context) (string, error) {
	p := c.Param("provider")
	if !slices.Contains(Providers, p) {
		return "", echo.NewHTTPError(http.StatusNotFound, "unknown provider")
	}
	return p, nil
}

func (iss *Issuer) style(c echo.Context) error {
	b, err := files.ReadFile("style.css")
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	return c.Blob(http.StatusOK, "text/css; charset=utf-8", b)
}

func (iss *Issuer) discovery(c echo.Context) error {
	p, err := iss.provider(c)
	if err != nil {
		return err
	}
	issuer := IssuerURL(BaseURL(iss.publicURL, c.Request()), p)
	return c.JSON(http.StatusOK, map[string]any{
		"issuer":                                issuer,
		"authorization_endpoint":                issuer + "/authorize",
		"token_endpoint":                        issuer + "/token",
		"jwks_uri":                              issuer + "/jwks",
		"response_types_supported":              []string{"code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"code_challenge_methods_supported":      []string{"S256"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_post", "client_secret_basic"},
		"scopes_supported":                      []string{"openid", "email", "profile", "name", "public_profile"},
		"claims_supported":                      []string{"sub", "email", "email_verified", "given_name", "family_name", "name", "nonce"},
	})
}

// authorizeRequest holds the parameters the authorize page carries from the GET to the POST.
type authorizeRequest struct {
	Provider            string
	ProviderName        string
	ClientID            string
	RedirectURI         string
	State               string
	Nonce               string
	CodeChallenge       string
	CodeChallengeMethod string
	Scope               string
}

// pageData is what the template renders.
type pageData struct {
	authorizeRequest
	Action        string
	Email         string
	FirstName     string
	LastName      string
	EmailVerified bool
	Error         string
}

func (iss *Issuer) readAuthorizeRequest(c echo.Context, provider string) (authorizeRequest, error) {
	get := func(k string) string {
		if c.Request().Method == http.MethodPost {
			return c.FormValue(k)
		}
		return c.QueryParam(k)
	}
	ar := authorizeRequest{
		Provider: provider, ProviderName: displayNames[provider],
		ClientID: get("client_id"), RedirectURI: get("redirect_uri"), State: get("state"), Nonce: get("nonce"),
		CodeChallenge: get("code_challenge"), CodeChallengeMethod: get("code_challenge_method"), Scope: get("scope"),
	}
	base := BaseURL(iss.publicURL, c.Request())
	switch {
	case get("response_type") != "code" && c.Request().Method == http.MethodGet:
		return ar, errors.New("response_type must be code")
	case ar.ClientID != ClientID:
		return ar, errors.New("unknown client_id")
	case ar.RedirectURI != base+strings.Replace(CallbackPath, "{provider}", provider, 1):
		return ar, errors.New("redirect_uri is not this service's callback")
	case ar.State == "" || ar.Nonce == "":
		return ar, errors.New("state and nonce are required")
	case ar.CodeChallengeMethod != "S256" || len(ar.CodeChallenge) < 43:
		return ar, errors.New("PKCE with code_challenge_method S256 is required")
	}
	return ar, nil
}

func (iss *Issuer) render(c echo.Context, status int, d pageData) error {
	var b strings.Builder
	if err := page.Execute(&b, d); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	return c.HTML(status, b.String())
}

func (iss *Issuer) authorizePage(c echo.Context) error {
	p, err := iss.provider(c)
	if err != nil {
		return err
	}
	ar, err := iss.readAuthorizeRequest(c, p)
	if err != nil {
		// Per OAuth, a bad client or redirect_uri is shown, never redirected to.
		return iss.render(c, http.StatusBadRequest, pageData{authorizeRequest: ar, Error: "Ungültige Anfrage: " + err.Error()})
	}
	return iss.render(c, http.StatusOK, pageData{authorizeRequest: ar, Action: PathPrefix + p + "/authorize", EmailVerified: true})
}

func (iss *Issuer) authorizeSubmit(c echo.Context) error {
	p, err := iss.provider(c)
	if err != nil {
		return err
	}
	ar, err := iss.readAuthorizeRequest(c, p)
	if err != nil {
		return iss.render(c, http.StatusBadRequest, pageData{authorizeRequest: ar, Error: "Ungültige Anfrage: " + err.Error()})
	}
	back, _ := url.Parse(ar.RedirectURI)
	q := back.Query()
	q.Set("state", ar.State)
	if c.FormValue("action") != "login" {
		q.Set("error", "access_denied")
		q.Set("error_description", "The user cancelled the login.")
		back.RawQuery = q.Encode()
		return c.Redirect(http.StatusSeeOther, back.String())
	}
	d := pageData{
		authorizeRequest: ar, Action: PathPrefix + p + "/authorize",
		Email: strings.TrimSpace(c.FormValue("email")), FirstName: strings.TrimSpace(c.FormValue("firstName")),
		LastName: strings.TrimSpace(c.FormValue("lastName")), EmailVerified: c.FormValue("emailVerified") == "on",
	}
	email, err := identity.ParseEmail(d.Email)
	if err != nil {
		d.Error = "Bitte geben Sie eine gültige E-Mail-Adresse ein."
		return iss.render(c, http.StatusUnprocessableEntity, d)
	}
	code := randomToken()
	iss.mu.Lock()
	now := iss.now()
	for k, g := range iss.codes {
		if now.After(g.expires) {
			delete(iss.codes, k)
		}
	}
	iss.codes[hash(code)] = grant{
		provider: p, redirectURI: ar.RedirectURI, challenge: ar.CodeChallenge, nonce: ar.Nonce,
		email: email.String(), emailVerified: d.EmailVerified, givenName: d.FirstName, familyName: d.LastName,
		expires: now.Add(CodeLifetime),
	}
	iss.mu.Unlock()
	q.Set("code", code)
	back.RawQuery = q.Encode()
	return c.Redirect(http.StatusSeeOther, back.String())
}

func tokenError(c echo.Context, status int, code, description string) error {
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(status, map[string]string{"error": code, "error_description": description})
}

func (iss *Issuer) token(c echo.Context) error {
	p, err := iss.provider(c)
	if err != nil {
		return err
	}
	if c.FormValue("grant_type") != "authorization_code" {
		return tokenError(c, http.StatusBadRequest, "unsupported_grant_type", "only authorization_code")
	}
	clientID, secret, ok := c.Request().BasicAuth()
	if !ok {
		clientID, secret = c.FormValue("client_id"), c.FormValue("client_secret")
	}
	if subtle.ConstantTimeCompare([]byte(clientID), []byte(ClientID)) != 1 || subtle.ConstantTimeCompare([]byte(secret), []byte(ClientSecret)) != 1 {
		return tokenError(c, http.StatusUnauthorized, "invalid_client", "client authentication failed")
	}
	code := c.FormValue("code")
	iss.mu.Lock()
	g, found := iss.codes[hash(code)]
	// A code is spent by its first exchange, whether that succeeds or not.
	delete(iss.codes, hash(code))
	now := iss.now()
	iss.mu.Unlock()
	switch {
	case !found || code == "":
		return tokenError(c, http.StatusBadRequest, "invalid_grant", "unknown or used code")
	case now.After(g.expires):
		return tokenError(c, http.StatusBadRequest, "invalid_grant", "code expired")
	case g.provider != p:
		return tokenError(c, http.StatusBadRequest, "invalid_grant", "code of another provider")
	case c.FormValue("redirect_uri") != g.redirectURI:
		return tokenError(c, http.StatusBadRequest, "invalid_grant", "redirect_uri differs from the authorisation request")
	case !pkceMatches(c.FormValue("code_verifier"), g.challenge):
		return tokenError(c, http.StatusBadRequest, "invalid_grant", "code_verifier does not match the code_challenge")
	}
	idToken, err := iss.SignIDToken(IDTokenClaims{
		Issuer: IssuerURL(BaseURL(iss.publicURL, c.Request()), p), Subject: Subject(p, g.email), Audience: ClientID,
		Nonce: g.nonce, Email: g.email, EmailVerified: g.emailVerified, GivenName: g.givenName, FamilyName: g.familyName,
		IssuedAt: now, Expires: now.Add(IDTokenLifetime),
	})
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, map[string]any{
		"access_token": randomToken(), "token_type": "Bearer", "expires_in": 3600, "id_token": idToken,
	})
}

func (iss *Issuer) jwks(c echo.Context) error {
	if _, err := iss.provider(c); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"keys": []map[string]string{iss.PublicJWK()}})
}

// PublicJWK is the verification key as a JSON Web Key.
func (iss *Issuer) PublicJWK() map[string]string {
	pub := iss.key.PublicKey
	return map[string]string{
		"kty": "RSA", "use": "sig", "alg": "RS256", "kid": iss.kid,
		"n": base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
		"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
	}
}

// IDTokenClaims are the claims the issuer puts in an ID token.
type IDTokenClaims struct {
	Issuer, Subject, Audience, Nonce string
	Email                            string
	EmailVerified                    bool
	GivenName, FamilyName            string
	IssuedAt, Expires                time.Time
}

// SignIDToken signs claims with the issuer's key (RS256, header kid).
func (iss *Issuer) SignIDToken(cl IDTokenClaims) (string, error) {
	claims := jwt.MapClaims{
		"iss": cl.Issuer, "sub": cl.Subject, "aud": cl.Audience, "nonce": cl.Nonce,
		"iat": cl.IssuedAt.Unix(), "exp": cl.Expires.Unix(), "auth_time": cl.IssuedAt.Unix(),
		"email": cl.Email, "email_verified": cl.EmailVerified,
	}
	if cl.GivenName != "" {
		claims["given_name"] = cl.GivenName
	}
	if cl.FamilyName != "" {
		claims["family_name"] = cl.FamilyName
	}
	if name := strings.TrimSpace(cl.GivenName + " " + cl.FamilyName); name != "" {
		claims["name"] = name
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	tok.Header["kid"] = iss.kid
	return tok.SignedString(iss.key)
}

// Subject is the stable sub of an e-mail at a provider, so a tester who comes back with the same address is the
// same social identity.
func Subject(provider, email string) string {
	sum := sha256.Sum256([]byte(provider + "\x00" + strings.ToLower(email)))
	return "dev-" + hex.EncodeToString(sum[:12])
}

func pkceMatches(verifier, challenge string) bool {
	if len(verifier) < 43 || len(verifier) > 128 {
		return false
	}
	sum := sha256.Sum256([]byte(verifier))
	return subtle.ConstantTimeCompare([]byte(base64.RawURLEncoding.EncodeToString(sum[:])), []byte(challenge)) == 1
}

func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
