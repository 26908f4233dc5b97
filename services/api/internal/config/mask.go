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

func isSecretKey(key string) bool {
	k := strings.ToLower(key)
	return strings.Contains(k, "secret") || strings.Contains(k, "password") || strings.Contains(k, "privatekey") || strings.Contains(k, "token") ||
		k == "apikeys" // the shop's keys for the reminder API; "apiKey" alone names public browser keys
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
