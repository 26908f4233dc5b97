package config

import (
	"encoding/json"
	"net/url"
	"reflect"
	"strings"
	"time"
)

const masked = "*****"

// Masked returns the configuration as a map keyed like the settings, with
// passwords in URLs and any key named like a secret replaced, safe to log.
func (c Config) Masked() map[string]any {
	return maskValue("", reflect.ValueOf(c)).(map[string]any)
}

// String renders the masked configuration as JSON.
func (c Config) String() string {
	b, _ := json.Marshal(c.Masked())
	return string(b)
}

// isSecretKey: the setting or URL parameter named key holds a secret, by what it is: a secret (clientSecret,
// stateSecret), a password, a private key, credentials, a token, or keys (the shop's apiKeys, the link signing
// keys; "apiKey" alone names a public browser key). An address is none, though its name may say what it leads to
// (tokenUrl was masked, so the debug dump hid where the social logins fetch their tokens): it is shown with the
// password of its user info and its secret parameters masked (maskURL).
func isSecretKey(key string) bool {
	k := strings.ToLower(key)
	for _, address := range []string{"url", "urls", "uri", "uris"} {
		if strings.HasSuffix(k, address) {
			return false
		}
	}
	for _, secret := range []string{"secret", "password", "privatekey", "credential", "token"} {
		if strings.Contains(k, secret) {
			return true
		}
	}
	return strings.HasSuffix(k, "keys")
}

func maskValue(key string, rv reflect.Value) any {
	// A duration as it is written in the configuration (720h0m0s), not the nanoseconds it counts.
	if d, ok := rv.Interface().(time.Duration); ok {
		return d.String()
	}
	switch rv.Kind() {
	case reflect.Struct:
		out := map[string]any{}
		for i := 0; i < rv.NumField(); i++ {
			name := rv.Type().Field(i).Tag.Get("mapstructure")
			out[name] = maskValue(name, rv.Field(i))
		}
		return out
	case reflect.Map:
		out := map[string]any{}
		iter := rv.MapRange()
		for iter.Next() {
			name := iter.Key().String()
			out[name] = maskValue(name, iter.Value())
		}
		return out
	case reflect.Slice:
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = maskValue(key, rv.Index(i))
		}
		return out
	case reflect.String:
		s := rv.String()
		if s != "" && isSecretKey(key) {
			return masked
		}
		return maskURL(s)
	default:
		return rv.Interface()
	}
}

// maskURL hides the password of a URL's user info and of a password query
// parameter (both forms are accepted by PostgreSQL drivers).
func maskURL(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	u, err := url.Parse(s)
	if err != nil {
		// An unparsable URL may still carry a password; show only the scheme.
		scheme, _, _ := strings.Cut(s, "://")
		return scheme + "://" + masked
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), masked)
	}
	q := u.Query()
	changed := false
	for k := range q {
		if isSecretKey(k) {
			q.Set(k, masked)
			changed = true
		}
	}
	if changed {
		u.RawQuery = q.Encode()
	}
	out := u.String()
	// url.String escapes the mask's asterisks in user info; keep them readable.
	return strings.ReplaceAll(out, "%2A", "*")
}
