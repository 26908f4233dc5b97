// Package demopartner is "Fotoservice", a demonstration partner service of the retailer: a first-party
// relying party of the service's OpenID Connect provider, written the way a partner would write one, with
// the standard client libraries (golang.org/x/oauth2 and coreos/go-oidc) and nothing of this repository's
// provider code. The service serves it under Path outside production, so anyone can click through the single
// sign-on: partner, "log in with your customer account", the portal's login, back at the partner.
package demopartner

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"go.uber.org/zap"
	"golang.org/x/oauth2"

	"github.com/grocer-portal/portal/services/api/internal/clientaddr"
)

// Path is where the partner is served.
const Path = "/partner/fotoservice"

// ClientID is the partner's registered client id.
const ClientID = "fotoservice"

// Name is the partner's name as shoppers see it.
const Name = "Fotoservice"

//go:embed page.html.tmpl style.css
var files embed.FS

var page = template.Must(template.ParseFS(files, "page.html.tmpl"))

// Settings are the partner's registration at the provider.
type Settings struct {
	// IssuerPath is the provider's path on the service's host ("/oidc").
	IssuerPath   string
	ClientSecret string
	// LocalOrigin is the public URL's origin when that is http://localhost:PORT (make run's), else empty; the
	// partner's pages asked of a loopback address then open there (ServeHTTP).
	LocalOrigin string
	// HTTPClient reaches the provider (discovery, token, keys, userinfo); nil means http.DefaultClient.
	HTTPClient *http.Client
	Logger     *zap.Logger
}

// Partner is the demonstration partner. Its visits live in memory: it is a demonstration for one process.
type Partner struct {
	s         Settings
	mu        sync.Mutex
	visits    map[string]*visit
	providers map[string]*oidc.Provider
}

// visit is one browser's state at the partner.
type visit struct {
	state, nonce, verifier string
	name, email, idToken   string
	// message is the key (texts) of what to say once on the next page, messageArg its detail.
	message, messageArg string
	// lang is the language the visitor chose with ?lang= (chosenLanguage: kept for the visit and handed whole,
	// region included, to the portal's login); empty when none was chosen.
	lang string
	seen time.Time
}

// RedirectPath and HomePath are what the partner registers: its callback and its start page (the post-logout
// address).
const (
	RedirectPath = Path + "/callback"
	HomePath     = Path + "/"
)

// New returns the partner.
func New(s Settings) *Partner {
	if s.Logger == nil {
		s.Logger = zap.NewNop()
	}
	return &Partner{s: s, visits: map[string]*visit{}, providers: map[string]*oidc.Provider{}}
}

// ServeHTTP serves the partner's pages under Path.
func (p *Partner) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// Asked of a loopback address while the public URL is localhost (make run listens on 127.0.0.1 and prints
	// localhost), the partner opens on localhost, as the portal's pages do (httpapi's webapp), so that its whole
	// sign-on runs on one host (QA round of 2026-11-30): it takes its issuer from the host it is asked on, so on
	// 127.0.0.1 the authorisation endpoint bound the request to a browser cookie of 127.0.0.1, the login page moved
	// to localhost and the continuation there found no cookie ("Diese Anmeldung ist abgelaufen."). Redirecting
	// here rather than at /oidc/authorize also keeps the partner's logout on the host of the portal session it ends.
	// A real partner, on a host of its own, is not served here.
	if p.s.LocalOrigin != "" && clientaddr.IsLoopback(r.Host) {
		http.Redirect(w, r, p.s.LocalOrigin+r.URL.RequestURI(), http.StatusTemporaryRedirect)
		return
	}
	switch {
	case r.URL.Path == Path:
		http.Redirect(w, r, HomePath, http.StatusFound)
	case r.URL.Path == HomePath && isGet(r):
		p.home(w, r)
	case r.URL.Path == Path+"/style.css" && isGet(r):
		w.Header().Set("Cache-Control", "public, max-age=3600")
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		_, _ = w.Write(mustRead("style.css"))
	case r.URL.Path == Path+"/login" && isGet(r):
		p.login(w, r)
	case r.URL.Path == RedirectPath && isGet(r):
		p.callback(w, r)
	case r.URL.Path == Path+"/logout" && r.Method == http.MethodPost:
		p.logout(w, r)
	default:
		http.NotFound(w, r)
	}
}

func isGet(r *http.Request) bool { return r.Method == http.MethodGet || r.Method == http.MethodHead }

func mustRead(name string) []byte {
	b, err := files.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return b
}

// origin is the scheme and host the browser used: the partner runs beside the portal, under the same host.
func origin(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func random() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

const cookieName = "fotoservice_visit"

// visitOf returns the browser's visit, starting one (and its cookie) when there is none.
func (p *Partner) visitOf(w http.ResponseWriter, r *http.Request) *visit {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	for id, v := range p.visits {
		if now.Sub(v.seen) > 12*time.Hour {
			delete(p.visits, id)
		}
	}
	if ck, err := r.Cookie(cookieName); err == nil {
		if v, ok := p.visits[ck.Value]; ok {
			v.seen = now
			return v
		}
	}
	id := random()
	v := &visit{seen: now}
	p.visits[id] = v
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: id, Path: Path, HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil})
	return v
}

// provider discovers the issuer once per host.
func (p *Partner) provider(ctx context.Context, issuer string) (*oidc.Provider, error) {
	p.mu.Lock()
	if pr, ok := p.providers[issuer]; ok {
		p.mu.Unlock()
		return pr, nil
	}
	p.mu.Unlock()
	if p.s.HTTPClient != nil {
		ctx = oidc.ClientContext(ctx, p.s.HTTPClient)
	}
	pr, err := oidc.NewProvider(ctx, issuer)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.providers[issuer] = pr
	p.mu.Unlock()
	return pr, nil
}

func (p *Partner) config(r *http.Request, pr *oidc.Provider) *oauth2.Config {
	return &oauth2.Config{
		ClientID: ClientID, ClientSecret: p.s.ClientSecret, Endpoint: pr.Endpoint(),
		RedirectURL: origin(r) + RedirectPath, Scopes: []string{oidc.ScopeOpenID, "profile", "email"},
	}
}

func (p *Partner) ctx(r *http.Request) context.Context {
	if p.s.HTTPClient != nil {
		return oidc.ClientContext(r.Context(), p.s.HTTPClient)
	}
	return r.Context()
}

type view struct {
	Lang                     string
	Heading, Notice, Message string
	LoggedInText, Pitch      string
	LogoutLabel, LoginLabel  string
	LoggedIn                 bool
}

func (p *Partner) home(w http.ResponseWriter, r *http.Request) {
	v := p.visitOf(w, r)
	p.mu.Lock()
	if chosen := chosenLanguage(r.URL.Query().Get("lang")); chosen != "" {
		v.lang = chosen
	}
	lang := pickLanguage(r, v.lang)
	t := texts[lang]
	out := view{Lang: lang, Notice: t["notice"], Pitch: t["pitch"], LogoutLabel: t["logout"], LoginLabel: t["login"],
		LoggedIn: v.idToken != "", Heading: t["welcome"]}
	if out.LoggedIn {
		out.Heading = fmt.Sprintf(t["hello"], v.name)
		email := ""
		if v.email != "" {
			email = " (" + v.email + ")"
		}
		out.LoggedInText = fmt.Sprintf(t["loggedIn"], email)
	}
	if v.message != "" {
		out.Message = t[v.message]
		if v.messageArg != "" {
			out.Message = fmt.Sprintf(out.Message, v.messageArg)
		}
	}
	v.message, v.messageArg = "", ""
	p.mu.Unlock()
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/html; charset=UTF-8")
	w.WriteHeader(http.StatusOK)
	if err := page.Execute(w, out); err != nil {
		p.s.Logger.Warn("fotoservice: page", zap.Error(err))
	}
}

// login sends the browser to the provider: authorisation code with PKCE (S256), state and nonce.
func (p *Partner) login(w http.ResponseWriter, r *http.Request) {
	pr, err := p.provider(p.ctx(r), origin(r)+p.s.IssuerPath)
	if err != nil {
		p.s.Logger.Warn("fotoservice: discovery failed", zap.Error(err))
		http.Error(w, "the customer account cannot be reached", http.StatusBadGateway)
		return
	}
	v := p.visitOf(w, r)
	p.mu.Lock()
	v.state, v.nonce, v.verifier = random(), random(), oauth2.GenerateVerifier()
	state, nonce, verifier := v.state, v.nonce, v.verifier
	if chosen := chosenLanguage(r.URL.Query().Get("lang")); chosen != "" {
		v.lang = chosen
	}
	lang := v.lang
	p.mu.Unlock()
	opts := []oauth2.AuthCodeOption{oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)}
	// A language the visitor chose here (?lang=) is handed to the portal's login (ui_locales); without a choice
	// the portal picks its own, from the browser, as for any visitor.
	if lang != "" {
		opts = append(opts, oauth2.SetAuthURLParam("ui_locales", lang))
	}
	// ?prompt=login: the partner asks a logged-in shopper to log in again (before a sensitive step).
	if r.URL.Query().Get("prompt") == "login" {
		opts = append(opts, oauth2.SetAuthURLParam("prompt", "login"))
	}
	http.Redirect(w, r, p.config(r, pr).AuthCodeURL(state, opts...), http.StatusFound)
}

// back returns to the start page, which says message (a key of texts, with arg for its %s) once.
func (p *Partner) back(w http.ResponseWriter, r *http.Request, v *visit, message string, arg ...string) {
	p.mu.Lock()
	v.message, v.messageArg = message, strings.Join(arg, "")
	v.state, v.nonce, v.verifier = "", "", ""
	p.mu.Unlock()
	http.Redirect(w, r, HomePath, http.StatusFound)
}

// callback exchanges the code (with the PKCE verifier), verifies the ID token (signature, issuer, audience,
// expiry, nonce) and asks userinfo for the shopper's name.
func (p *Partner) callback(w http.ResponseWriter, r *http.Request) {
	v := p.visitOf(w, r)
	query := r.URL.Query()
	p.mu.Lock()
	state, nonce, verifier := v.state, v.nonce, v.verifier
	p.mu.Unlock()
	if state == "" || query.Get("state") != state {
		p.back(w, r, v, "msgExpired")
		return
	}
	if e := query.Get("error"); e != "" {
		p.back(w, r, v, "msgAborted", e)
		return
	}
	ctx := p.ctx(r)
	pr, err := p.provider(ctx, origin(r)+p.s.IssuerPath)
	if err != nil {
		http.Error(w, "the customer account cannot be reached", http.StatusBadGateway)
		return
	}
	cfg := p.config(r, pr)
	tok, err := cfg.Exchange(ctx, query.Get("code"), oauth2.VerifierOption(verifier))
	if err != nil {
		p.s.Logger.Warn("fotoservice: code exchange failed", zap.Error(err))
		p.back(w, r, v, "msgFailed")
		return
	}
	raw, _ := tok.Extra("id_token").(string)
	idToken, err := pr.Verifier(&oidc.Config{ClientID: ClientID}).Verify(ctx, raw)
	if err != nil || idToken.Nonce != nonce {
		p.s.Logger.Warn("fotoservice: ID token refused", zap.Error(err))
		p.back(w, r, v, "msgFailed")
		return
	}
	info, err := pr.UserInfo(ctx, oauth2.StaticTokenSource(tok))
	if err != nil || info.Subject != idToken.Subject {
		p.s.Logger.Warn("fotoservice: userinfo failed", zap.Error(err))
		p.back(w, r, v, "msgFailed")
		return
	}
	var claims struct {
		Name string `json:"name"`
	}
	if err := info.Claims(&claims); err != nil {
		p.back(w, r, v, "msgFailed")
		return
	}
	p.mu.Lock()
	v.name, v.email, v.idToken = claims.Name, info.Email, raw
	p.mu.Unlock()
	p.back(w, r, v, "")
	return
}

// logout forgets the shopper here and asks the provider to end the portal session too (RP-initiated logout),
// coming back to the partner's registered start page.
func (p *Partner) logout(w http.ResponseWriter, r *http.Request) {
	v := p.visitOf(w, r)
	p.mu.Lock()
	hint := v.idToken
	v.name, v.email, v.idToken = "", "", ""
	p.mu.Unlock()
	pr, err := p.provider(p.ctx(r), origin(r)+p.s.IssuerPath)
	if err != nil {
		http.Redirect(w, r, HomePath, http.StatusFound)
		return
	}
	var meta struct {
		EndSession string `json:"end_session_endpoint"`
	}
	if err := pr.Claims(&meta); err != nil || meta.EndSession == "" {
		http.Redirect(w, r, HomePath, http.StatusFound)
		return
	}
	q := url.Values{"client_id": {ClientID}, "post_logout_redirect_uri": {origin(r) + HomePath}}
	if hint != "" {
		q.Set("id_token_hint", hint)
	}
	sep := "?"
	if strings.Contains(meta.EndSession, "?") {
		sep = "&"
	}
	http.Redirect(w, r, meta.EndSession+sep+q.Encode(), http.StatusFound)
}
