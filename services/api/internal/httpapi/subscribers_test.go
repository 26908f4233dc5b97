package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// subscriberTestKey signs the links of the handler tests.
var subscriberTestKey = subscribers.Key{ID: "test", Secret: []byte("handler-test-secret-0123456789abcdef")}

func subscriberTestTokens(t testing.TB) *subscribers.Tokens {
	t.Helper()
	tokens, err := subscribers.NewTokens(subscribers.TokenSettings{Issuer: "portal", Audience: "preference-centre", Keys: []subscribers.Key{subscriberTestKey}})
	require.NoError(t, err)
	return tokens
}

// regTokenBackend is a hand-written identity.Backend for the exchange.
type regTokenBackend struct {
	err   error
	asked []identity.Email
}

// AccountEmail knows one account, uid-anna, whose address is anna.neu@example.com now.
func (b *regTokenBackend) AccountEmail(_ context.Context, uid string) (identity.Email, error) {
	if uid != "uid-anna" {
		return "", identity.ErrAccountNotFound
	}
	return "anna.neu@example.com", nil
}

func (b *regTokenBackend) Login(context.Context, string, string) (identity.LoginResult, error) {
	return identity.LoginResult{}, errors.New("not used")
}

func (b *regTokenBackend) ResendVerificationEmail(context.Context, identity.Email, string) error {
	return errors.New("not used")
}

func (b *regTokenBackend) SubscriberRegToken(_ context.Context, email identity.Email) (identity.RegToken, error) {
	b.asked = append(b.asked, email)
	if b.err != nil {
		return identity.RegToken{}, b.err
	}
	created := time.Date(2030, 1, 2, 3, 4, 5, 0, time.FixedZone("CET", 3600))
	return identity.RegToken{Token: "st2.regtoken", CreatedAt: created, ExpiresAt: created.Add(time.Hour)}, nil
}

var _ identity.Backend = (*regTokenBackend)(nil)

func subscriberEcho(backend identity.Backend, tokens *subscribers.Tokens) *echo.Echo {
	h := newSubscriberHandlers(subscribers.NewService(subscribers.Settings{Links: subscribers.NewLinks(tokens, nil, nil, backend), Accounts: backend}), "portal_session", false)
	e := echo.New()
	e.HTTPErrorHandler = errorHandler(zap.NewNop())
	e.POST("/rest/v1/subscriber/regToken/jwt", h.ExchangeSubscriberToken)
	return e
}

func TestExchangeSubscriberToken(t *testing.T) {
	tokens := subscriberTestTokens(t)
	valid, _, err := tokens.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)
	expired, err := subscribers.NewTokens(subscribers.TokenSettings{Issuer: "portal", Audience: "preference-centre",
		Keys: []subscribers.Key{subscriberTestKey}, Now: func() time.Time { return time.Now().Add(-2 * time.Hour) }})
	require.NoError(t, err)
	expiredToken, _, err := expired.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)
	moved, _, err := tokens.MintForAccount("uid-anna", "anna@example.com", time.Hour)
	require.NoError(t, err)
	movedHere, _, err := tokens.MintForAccount("uid-anna", "anna.neu@example.com", time.Hour)
	require.NoError(t, err)

	tests := []struct {
		name        string
		body        string
		contentType string
		backendErr  error
		wantStatus  int
		wantCode    string
		// wantAsked is the address the provider is asked a regToken for (default anna@example.com).
		wantAsked identity.Email
	}{
		{name: "valid", body: url.Values{"jwt": {valid}}.Encode(), wantStatus: http.StatusOK},
		{name: "tampered", body: url.Values{"jwt": {valid[:len(valid)-2] + "xx"}}.Encode(), wantStatus: http.StatusUnauthorized, wantCode: "preferences.loading"},
		{name: "expired", body: url.Values{"jwt": {expiredToken}}.Encode(), wantStatus: http.StatusUnauthorized, wantCode: "preferences.loading"},
		{name: "garbage", body: "jwt=abc", wantStatus: http.StatusUnauthorized, wantCode: "preferences.loading"},
		{name: "an account's link of the address it left", body: url.Values{"jwt": {moved}}.Encode(), wantStatus: http.StatusUnauthorized, wantCode: "preferences.loading"},
		{name: "an account's link of its address", body: url.Values{"jwt": {movedHere}}.Encode(), wantStatus: http.StatusOK, wantAsked: "anna.neu@example.com"},
		{name: "missing", body: "other=1", wantStatus: http.StatusBadRequest, wantCode: "invalid_parameter"},
		{name: "JSON instead of a form", body: `{"jwt":"` + valid + `"}`, contentType: echo.MIMEApplicationJSON, wantStatus: http.StatusBadRequest, wantCode: "invalid_parameter"},
		{name: "provider unavailable", body: url.Values{"jwt": {valid}}.Encode(), backendErr: identity.ErrUnavailable, wantStatus: http.StatusServiceUnavailable, wantCode: "identity_unavailable"},
		{name: "provider fails", body: url.Values{"jwt": {valid}}.Encode(), backendErr: errors.New("boom"), wantStatus: http.StatusInternalServerError, wantCode: "internal_error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			backend := &regTokenBackend{err: tc.backendErr}
			e := subscriberEcho(backend, tokens)
			req := httptest.NewRequest(http.MethodPost, "/rest/v1/subscriber/regToken/jwt", strings.NewReader(tc.body))
			ct := tc.contentType
			if ct == "" {
				ct = echo.MIMEApplicationForm
			}
			req.Header.Set(echo.HeaderContentType, ct)
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			require.Equal(t, tc.wantStatus, rec.Code, rec.Body.String())
			if tc.wantCode != "" {
				var body apierror.Body
				require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body))
				require.Equal(t, tc.wantCode, body.Error.Code)
				if rec.Code == http.StatusUnauthorized {
					require.Empty(t, backend.asked, "an invalid link never reaches the provider")
				}
				return
			}
			require.Equal(t, "no-store", rec.Header().Get(echo.HeaderCacheControl))
			require.JSONEq(t, `{"regToken":"st2.regtoken","createdAt":"2030-01-02T02:04:05Z","expiresAt":"2030-01-02T03:04:05Z"}`, rec.Body.String())
			if tc.wantAsked == "" {
				tc.wantAsked = "anna@example.com"
			}
			require.Equal(t, []identity.Email{tc.wantAsked}, backend.asked)
		})
	}
}

func TestExchangeSubscriberTokenIgnoresQueryString(t *testing.T) {
	tokens := subscriberTestTokens(t)
	valid, _, err := tokens.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)
	e := subscriberEcho(&regTokenBackend{}, tokens)
	req := httptest.NewRequest(http.MethodPost, "/rest/v1/subscriber/regToken/jwt?jwt="+valid, strings.NewReader(""))
	req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationForm)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	require.Equal(t, http.StatusBadRequest, rec.Code, "tokens in URLs end up in logs; only the body counts")
}
