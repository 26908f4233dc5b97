// Package crossorigin is the one rule by which the service refuses a cross-site state-changing request, for both
// HTTP edges: the REST API's middleware and the identity API, which answers in the vendor's envelope (403000) and
// so checks its calls itself. The two had a rule each and disagreed on requests browsers never send (QA robustness
// round of 2026-11-30): Origin HTTP://LOCALHOST:8080 passed one and not the other, and a foreign Referer without
// Origin the other way round.
package crossorigin

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Rule is net/http's CrossOriginProtection (Sec-Fetch-Site; without it, Origin against Host; a request with neither,
// from a server such as the shop or a mail provider, passes) with the service's trusted origins, and one rule more:
// an Origin naming the host of a trusted origin must be that origin, scheme and port included. The standard check
// compares hosts only, since Host carries no scheme, so https://localhost:8080 passed on the http://localhost:8080
// service; where the service knows its own origin (http.publicUrl, the apps' hosts) the scheme is known too.
// The rule more applies only to a request without Sec-Fetch-Site: that header is one only browsers set (a page cannot),
// and when it says same-origin or none the browser has compared the full origins itself, so the scheme rule would
// add no protection and only refuse the pages of a deployment behind a TLS-terminating proxy whose http.publicUrl is
// still http://… (code review of 2026-11-30: every POST on both APIs was refused there); a request saying same-site or
// cross-site is refused by net/http unless its Origin is trusted, which the other scheme is not.
type Rule struct {
	cop     *http.CrossOriginProtection
	bypass  *http.ServeMux
	trusted map[string]bool
	// known are the hosts (with a port other than the scheme's default) of the trusted origins.
	known map[string]bool
}

// Refusal is the answer to a refused request: the header whose value refused it.
type Refusal struct {
	// Header is Sec-Fetch-Site when the request carried it (net/http then decides by it alone: a value other than
	// same-origin or none, from an untrusted Origin, is refused), else Origin.
	Header string
	err    error
}

func (r *Refusal) Error() string {
	return "cross-origin request refused by its " + r.Header + ": " + r.err.Error()
}

// Unwrap gives net/http's reason.
func (r *Refusal) Unwrap() error { return r.err }

// New is the rule trusting trustedOrigins (scheme://host[:port]) besides a request's own; requests matching a
// bypass pattern (http.ServeMux syntax) are never refused: they carry their own authorisation instead of a cookie.
func New(trustedOrigins []string, bypass ...string) (*Rule, error) {
	r := &Rule{cop: http.NewCrossOriginProtection(), bypass: http.NewServeMux(), trusted: map[string]bool{}, known: map[string]bool{}}
	for _, o := range trustedOrigins {
		u, err := url.Parse(strings.TrimSpace(o))
		if err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return nil, fmt.Errorf("trusted origin %q: not scheme://host[:port]", o)
		}
		// As a browser writes it: in lower case, without the scheme's default port.
		host := strings.ToLower(u.Host)
		scheme := strings.ToLower(u.Scheme)
		if p := u.Port(); (scheme == "https" && p == "443") || (scheme == "http" && p == "80") {
			host = strings.TrimSuffix(host, ":"+p)
		}
		origin := scheme + "://" + host
		if err := r.cop.AddTrustedOrigin(origin); err != nil {
			return nil, err
		}
		r.trusted[origin] = true
		r.known[host] = true
	}
	for _, p := range bypass {
		r.bypass.Handle(p, bypassed)
	}
	return r, nil
}

// bypassed marks the bypass patterns' requests; a pointer, so that the handler ServeMux finds compares with it.
var bypassed http.Handler = &bypassMark{}

type bypassMark struct{}

func (*bypassMark) ServeHTTP(http.ResponseWriter, *http.Request) {}

// Check answers nil when req may go on, else a *Refusal. Safe methods always may.
func (r *Rule) Check(req *http.Request) error {
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return nil
	}
	if h, _ := r.bypass.Handler(req); h == bypassed {
		return nil
	}
	fetchSite := req.Header.Get("Sec-Fetch-Site")
	if origin := req.Header.Get("Origin"); origin != "" && fetchSite == "" && !r.trusted[origin] {
		// known holds hosts in lower case, as New takes them; net/http compares Origin's host with Host as sent.
		if u, err := url.Parse(origin); err == nil && r.known[strings.ToLower(u.Host)] {
			return &Refusal{Header: "Origin", err: fmt.Errorf("%s is not an origin of this service's", origin)}
		}
	}
	if err := r.cop.Check(req); err != nil {
		// CrossOriginProtection decides by Sec-Fetch-Site when the browser sent it, else by Origin.
		header := "Origin"
		if fetchSite != "" {
			header = "Sec-Fetch-Site"
		}
		return &Refusal{Header: header, err: err}
	}
	return nil
}
