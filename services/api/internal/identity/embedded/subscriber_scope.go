package embedded

import (
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// A subscriber regToken (the preference centre's, from a mail link's exchange) reaches what the centre shows and
// saves, the contract's subscriberScope (spec 001 §3, §7), not the customer account behind the address: a
// newsletter link lives 30 days and is forwarded, and its regToken read the account's address book and rewrote it,
// the store area moving with it (QA security round of 2026-11-29).

// subscriberView is what getAccountInfo answers a subscriber regToken of an account's fields: the answers the scope
// names and, of each section, the fields it reads.
func subscriberView(fields map[string]any) map[string]any {
	out := map[string]any{}
	for _, name := range contract.SubscriberAnswers {
		if v, found := fields[name]; found {
			out[name] = v
		}
	}
	for _, section := range accountSections {
		if v, found := fields[section].(map[string]any); found {
			out[section] = inScope(contract.SubscriberReads, section, v)
		}
	}
	return out
}

// subscriberRefusal names the first field of a write a subscriber regToken may not make ("" when it may make all
// of it): a field outside the scope's writes, the login details (password, newPassword, an address other than the
// account's own). The write is refused whole, before the current password is tried: a forwarded link is no way to
// guess it.
func subscriberRefusal(a Account, in SetAccountInfoParams) string {
	switch {
	case in.Password != "":
		return "password"
	case in.NewPassword != "":
		return "newPassword"
	}
	profile := in.Profile
	if raw, given := profile["email"]; given {
		// The account's own address, as the centre may send it back, writes nothing.
		s, _ := raw.(string)
		if email, err := identity.ParseEmail(s); err != nil || email.String() != a.Email {
			return "profile.email"
		}
		profile = deepCopy(profile)
		delete(profile, "email")
	}
	for _, section := range []struct {
		name   string
		values map[string]any
	}{{"profile", profile}, {"data", in.Data}, {"preferences", in.Preferences}, {"subscriptions", in.Subscriptions}} {
		if field := outsideScope(contract.SubscriberWrites, section.name, section.values); field != "" {
			return field
		}
	}
	return ""
}

// scopeCovers reports whether scope covers the dotted name (names it or a name above it), and whether it names
// something below it.
func scopeCovers(scope []string, name string) (covered, below bool) {
	for _, s := range scope {
		switch {
		case s == name || strings.HasPrefix(name, s+"."):
			return true, false
		case strings.HasPrefix(s, name+"."):
			below = true
		}
	}
	return false, below
}

// inScope is the part of values (the section or object called name) that scope covers.
func inScope(scope []string, name string, values map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range values {
		path := name + "." + k
		covered, below := scopeCovers(scope, path)
		if covered {
			out[k] = v
		} else if obj, isObj := v.(map[string]any); isObj && below {
			out[k] = inScope(scope, path, obj)
		}
	}
	return out
}

// outsideScope names the first field of values (the section or object called name) that scope does not cover;
// "" when it covers them all.
func outsideScope(scope []string, name string, values map[string]any) string {
	for _, k := range sortedKeys(values) {
		path := name + "." + k
		covered, below := scopeCovers(scope, path)
		if covered {
			continue
		}
		if obj, isObj := values[k].(map[string]any); isObj && below {
			if field := outsideScope(scope, path, obj); field != "" {
				return field
			}
			continue
		}
		return path
	}
	return ""
}
