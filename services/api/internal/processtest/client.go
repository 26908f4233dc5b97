package processtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// Shopper is one browser: a cookie jar and the service's address, which a test may switch (a restart gets a
// new port).
type Shopper struct {
	base   *atomic.Pointer[string]
	client *http.Client
	// ServerErrors counts answers with HTTP 5xx or the envelope's 500001.
	ServerErrors *atomic.Int64
}

// NewShopper returns a shopper talking to whatever base points at.
func NewShopper(base *atomic.Pointer[string], serverErrors *atomic.Int64) *Shopper {
	jar, _ := cookiejar.New(nil)
	return &Shopper{base: base, ServerErrors: serverErrors, client: &http.Client{
		Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

func (s *Shopper) url(path string) string { return *s.base.Load() + path }

// Call posts an accounts.* method as the account portal does and answers the envelope's errorCode and body.
func (s *Shopper) Call(method string, params map[string]any) (int, map[string]any, error) {
	body, _ := json.Marshal(params)
	req, _ := http.NewRequest(http.MethodPost, s.url("/identity/accounts."+method), strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", *s.base.Load())
	res, err := s.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, nil, err
	}
	if res.StatusCode >= 500 {
		s.ServerErrors.Add(1)
		return 0, nil, fmt.Errorf("%s: HTTP %d", method, res.StatusCode)
	}
	var env map[string]any
	if err := json.Unmarshal(raw, &env); err != nil {
		return 0, nil, fmt.Errorf("%s: %w", method, err)
	}
	code, _ := env["errorCode"].(float64)
	if contract.Status(int(code)) >= 500 {
		s.ServerErrors.Add(1)
	}
	return int(code), env, nil
}

// VerificationLink reads the newest verification link to the address from /dev/outbox.
func (s *Shopper) VerificationLink(email string) (string, error) {
	res, err := s.client.Get(s.url("/dev/outbox?to=" + url.QueryEscape(email) + "&limit=1"))
	if err != nil {
		return "", err
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode >= 500 {
		s.ServerErrors.Add(1)
	}
	var mails []struct {
		Kind  string   `json:"kind"`
		Links []string `json:"links"`
	}
	if err := json.NewDecoder(res.Body).Decode(&mails); err != nil {
		return "", err
	}
	if len(mails) == 0 || len(mails[0].Links) == 0 {
		return "", fmt.Errorf("no mail to %s", email)
	}
	return mails[0].Links[0], nil
}

// Follow opens a link of a mail (on the current base) and answers the redirect's target.
func (s *Shopper) Follow(link string) (string, error) {
	u, err := url.Parse(link)
	if err != nil {
		return "", err
	}
	res, err := s.client.Get(s.url(u.RequestURI()))
	if err != nil {
		return "", err
	}
	_ = res.Body.Close()
	if res.StatusCode >= 500 {
		s.ServerErrors.Add(1)
		return "", fmt.Errorf("HTTP %d", res.StatusCode)
	}
	// The GET only lands on the page (mail scanners open links); the page posts the token from the fragment.
	_, fragment, found := strings.Cut(res.Header.Get("Location"), "#")
	values, err := url.ParseQuery(fragment)
	if !found || err != nil || len(values) != 1 {
		return "", fmt.Errorf("the link landed on %q, not on a page that confirms it", res.Header.Get("Location"))
	}
	form := url.Values{}
	for _, v := range values {
		form.Set("token", v[0])
	}
	req, err := http.NewRequest(http.MethodPost, s.url(u.Path), strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", *s.base.Load())
	res, err = s.client.Do(req)
	if err != nil {
		return "", err
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode >= 500 {
		s.ServerErrors.Add(1)
	}
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("HTTP %d", res.StatusCode)
	}
	var out struct {
		Next string `json:"next"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return "", err
	}
	return out.Next, nil
}
