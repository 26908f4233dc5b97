// Package configtest holds what tests of several packages need from the configuration.
package configtest

import "testing"

// Production is the least environment a production configuration asks for: a link signing key, a shop key, the
// public URL, the sender and the mail relay (validate.go, subscribers.go), for tests of other behaviour that run
// with env production.
func Production() map[string]string {
	return map[string]string{
		"PORTAL_ENV":                  "production",
		"PORTAL_SUBSCRIBERS_JWT_KEYS": "k1:0123456789abcdef0123456789abcdef",
		"PORTAL_REMINDERS_APIKEYS":    "shop-key-0123456789",
		"PORTAL_HTTP_PUBLICURL":       "https://konto.example.com",
		"PORTAL_MAIL_FROM":            "noreply@example.com",
		"PORTAL_MAIL_SMTP_URL":        "smtp://mail.example.com:25",
	}
}

// SetProduction sets Production's variables for the test.
func SetProduction(t testing.TB) {
	t.Helper()
	for k, v := range Production() {
		t.Setenv(k, v)
	}
}
