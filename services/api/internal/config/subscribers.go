package config

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/go-viper/mapstructure/v2"
)

// Subscribers configures the e-mail links that open the preference centre without a login.
type Subscribers struct {
	JWT  SubscribersJWT  `mapstructure:"jwt"`
	Link SubscribersLink `mapstructure:"link"`
}

// SubscribersJWT configures how link tokens (HS256 JWTs) are signed and checked.
type SubscribersJWT struct {
	Issuer   string `mapstructure:"issuer"`
	Audience string `mapstructure:"audience"`
	// Keys are the HMAC keys; the first signs new links, all verify, so a key can be rotated without
	// breaking links already sent. In env form: PORTAL_SUBSCRIBERS_JWT_KEYS="kid1:secret1,kid2:secret2".
	Keys []SigningKey `mapstructure:"keys"`
}

// SigningKey is one HMAC key and the id (JWT header "kid") that selects it.
type SigningKey struct {
	KID    string `mapstructure:"kid"`
	Secret string `mapstructure:"secret"`
}

// SubscribersLink configures links minted by the service (e.g. `portal link`).
type SubscribersLink struct {
	Lifetime time.Duration `mapstructure:"lifetime"`
}

// Reminders configures product reminders.
type Reminders struct {
	// APIKeys are the keys the shop sends in X-Api-Key to create reminders.
	APIKeys []string `mapstructure:"apiKeys"`
}

// DevShopAPIKey is the shop key used when none is configured in development, so a local shop stub works
// out of the box. It is refused in production.
const DevShopAPIKey = "dev-shop-key"

// MinSigningKeyBytes is the shortest accepted HMAC secret: 256 bits, the size of the HS256 digest.
const MinSigningKeyBytes = 32

// minAPIKeyLength keeps guessable shop keys out of production.
const minAPIKeyLength = 16

var kidPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

func defaultSubscribers() Subscribers {
	return Subscribers{
		JWT:  SubscribersJWT{Issuer: "portal", Audience: "preference-centre"},
		Link: SubscribersLink{Lifetime: 30 * 24 * time.Hour},
	}
}

// normalizeReminders gives development its default shop key; production must name its own.
func (c *Config) normalizeReminders() {
	if c.Env == EnvDevelopment && len(c.Reminders.APIKeys) == 0 {
		c.Reminders.APIKeys = []string{DevShopAPIKey}
	}
}

// MaxLinkLifetime is the longest a preference centre link may stay valid: a link in an old mail is a credential.
const MaxLinkLifetime = 366 * 24 * time.Hour

func (c Config) validateSubscribers(bad func(key, format string, args ...any)) {
	s := c.Subscribers
	if strings.TrimSpace(s.JWT.Issuer) == "" {
		bad("subscribers.jwt.issuer", "must not be empty")
	}
	if strings.TrimSpace(s.JWT.Audience) == "" {
		bad("subscribers.jwt.audience", "must not be empty")
	}
	if len(s.JWT.Keys) == 0 && c.Env == EnvProduction {
		bad("subscribers.jwt.keys", `at least one {kid, secret} is required when env is "production"`)
	}
	seen := map[string]bool{}
	for i, k := range s.JWT.Keys {
		key := fmt.Sprintf("subscribers.jwt.keys[%d]", i)
		if !kidPattern.MatchString(k.KID) {
			bad(key+".kid", "must be 1 to 64 letters, digits, '.', '_' or '-', got %q", k.KID)
		} else if seen[k.KID] {
			bad(key+".kid", "%q is used twice", k.KID)
		}
		seen[k.KID] = true
		// The secret itself is never put into the message.
		if len(k.Secret) < MinSigningKeyBytes {
			bad(key+".secret", "must be at least %d bytes, got %d", MinSigningKeyBytes, len(k.Secret))
		}
	}
	if s.Link.Lifetime <= 0 || s.Link.Lifetime > MaxLinkLifetime {
		bad("subscribers.link.lifetime", "must be between 1s and 8784h (one year), got %s", s.Link.Lifetime)
	}

	r := c.Reminders
	if len(r.APIKeys) == 0 && c.Env == EnvProduction {
		bad("reminders.apiKeys", `at least one key is required when env is "production"`)
	}
	for i, k := range r.APIKeys {
		key := fmt.Sprintf("reminders.apiKeys[%d]", i)
		switch {
		case strings.TrimSpace(k) == "":
			bad(key, "must not be empty")
		case c.Env == EnvProduction && k == DevShopAPIKey:
			bad(key, "the development key %q is refused when env is \"production\"", DevShopAPIKey)
		case c.Env == EnvProduction && len(k) < minAPIKeyLength:
			bad(key, "must be at least %d characters when env is \"production\"", minAPIKeyLength)
		}
	}
}

// signingKeysFromString lets PORTAL_SUBSCRIBERS_JWT_KEYS="kid1:secret1,kid2:secret2" fill the list of keys,
// which environment variables cannot spell as a list of objects.
func signingKeysFromString() mapstructure.DecodeHookFuncType {
	return func(from, to reflect.Type, data any) (any, error) {
		if from.Kind() != reflect.String || to != reflect.TypeFor[[]SigningKey]() {
			return data, nil
		}
		raw := strings.TrimSpace(data.(string))
		if raw == "" {
			return []SigningKey{}, nil
		}
		var keys []SigningKey
		for _, part := range strings.Split(raw, ",") {
			kid, secret, ok := strings.Cut(strings.TrimSpace(part), ":")
			if !ok {
				// Not echoing the part: it may be a secret without its kid.
				return nil, settingError("each entry must be kid:secret (comma-separated); the value is not shown, it holds secrets")
			}
			keys = append(keys, SigningKey{KID: kid, Secret: secret})
		}
		return keys, nil
	}
}

// decodeHooks are viper's default hooks (durations, here with a message naming the value; comma-separated lists)
// plus the ones this configuration needs; setting a hook replaces viper's, so they are repeated here.
func decodeHooks() mapstructure.DecodeHookFunc {
	return mapstructure.ComposeDecodeHookFunc(
		signingKeysFromString(),
		durationFromString(),
		stringToWeakSlice(","),
	)
}

// stringToWeakSlice is viper's own list hook (unlike mapstructure's, it splits into any slice type), trimming each
// item.
func stringToWeakSlice(sep string) mapstructure.DecodeHookFuncType {
	return func(from, to reflect.Type, data any) (any, error) {
		if from.Kind() != reflect.String || to.Kind() != reflect.Slice {
			return data, nil
		}
		raw := data.(string)
		if strings.TrimSpace(raw) == "" {
			return []string{}, nil
		}
		// "a, b" is two items, not "a" and " b": an operator's space must not make a key that never matches.
		items := strings.Split(raw, sep)
		for i := range items {
			items[i] = strings.TrimSpace(items[i])
		}
		return items, nil
	}
}
