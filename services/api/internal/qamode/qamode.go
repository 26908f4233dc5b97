// Package qamode serves both apps against the in-memory fake identity provider for QA, outside production only
// (metadata.identity.provider "fake"). The accounts then live in the browser, in the fake, seeded from a named
// scenario shipped here (scenarios/*.json); the tester picks the scenario and answers forced for the next call
// of a method on the panel at /dev/qa, without code. The service's part: it answers /identity-scenario.json
// with the chosen scenario, its own schema, password policy and consents, and the forced answers; and it
// answers the backend calls that need the accounts (the preference centre's token exchange, the resend of the
// verification mail) in a way the fake understands (Backend).
package qamode

import (
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
)

//go:embed scenarios/*.json forced-answers.json panel.html.tmpl panel.css
var files embed.FS

// DefaultScenario is the scenario used until the tester picks another.
const DefaultScenario = "default"

// SubscriberTokenPrefix starts the regTokens the token exchange answers in QA mode: the prefix and the
// subscriber's e-mail address, base64url without padding. The fake adopts such a token as a subscriber regToken
// for that address (libs/identity/src/testing/fake/subscriptions.ts, SERVICE_SUBSCRIBER_TOKEN_PREFIX).
const SubscriberTokenPrefix = "qa-subscriber."

// SubscriberToken is the regToken of the QA token exchange for email.
func SubscriberToken(email identity.Email) string {
	return SubscriberTokenPrefix + base64.RawURLEncoding.EncodeToString([]byte(email))
}

// Methods are the identity methods an answer can be forced for (accounts.<method>).
var Methods = []string{"initRegistration", "register", "finalizeRegistration", "login", "socialLogin", "getConflictingAccount",
	"getAccountInfo", "setAccountInfo", "resetPassword", "resendVerificationCode", "getSchema", "getPolicies",
	"getSiteConsentDetails", "logout"}

// Account is what the service reads of a scenario's account; the fake reads the rest.
type Account struct {
	Email            string         `json:"email"`
	Password         string         `json:"password"`
	Lite             bool           `json:"lite"`
	Unverified       bool           `json:"unverified"`
	Note             string         `json:"note"`
	ProductReminders []ReminderSeed `json:"productReminders"`
}

// ReminderSeed is an active product reminder the service gives a scenario's subscriber (reminders live in the
// service's database, not in the fake).
type ReminderSeed struct {
	VariantID   string            `json:"variantId"`
	VariantName map[string]string `json:"variantName"`
}

// Scenario is one named state of the fake: its file as the browser receives it, and what the service reads of it.
type Scenario struct {
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Accounts    []Account `json:"accounts"`
	document    map[string]any
}

// ForcedAnswer is what the next call of Method answers instead of its own (see the fake's forced.ts).
type ForcedAnswer struct {
	Name             string            `json:"name,omitempty"`
	Description      string            `json:"description,omitempty"`
	Method           string            `json:"method"`
	ErrorCode        int               `json:"errorCode"`
	ErrorDetails     string            `json:"errorDetails,omitempty"`
	ValidationErrors []ValidationError `json:"validationErrors,omitempty"`
}

// ValidationError is one entry of a forced answer's validationErrors.
type ValidationError struct {
	FieldName string `json:"fieldName"`
	ErrorCode int    `json:"errorCode"`
	Message   string `json:"message"`
}

// Library holds the shipped scenarios and the forced-answer presets.
type Library struct {
	scenarios map[string]Scenario
	names     []string
	presets   []ForcedAnswer
}

// Load reads and checks the shipped scenarios and presets.
func Load() (*Library, error) {
	lib := &Library{scenarios: map[string]Scenario{}}
	entries, err := fs.Glob(files, "scenarios/*.json")
	if err != nil {
		return nil, err
	}
	for _, name := range entries {
		raw, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var sc Scenario
		if err := json.Unmarshal(raw, &sc); err != nil {
			return nil, fmt.Errorf("qamode: %s: %w", name, err)
		}
		if err := json.Unmarshal(raw, &sc.document); err != nil {
			return nil, fmt.Errorf("qamode: %s: %w", name, err)
		}
		if want := strings.TrimSuffix(path.Base(name), ".json"); sc.Name != want {
			return nil, fmt.Errorf("qamode: %s: name %q must be the file's name %q", name, sc.Name, want)
		}
		for i, a := range sc.Accounts {
			if _, err := identity.ParseEmail(a.Email); err != nil {
				return nil, fmt.Errorf("qamode: %s: accounts[%d]: %q is not an e-mail address", name, i, a.Email)
			}
			for _, r := range a.ProductReminders {
				if _, err := reminders.ParseVariantID(r.VariantID); err != nil {
					return nil, fmt.Errorf("qamode: %s: %s: %w", name, a.Email, err)
				}
				if _, err := reminders.ParseVariantName(r.VariantName); err != nil {
					return nil, fmt.Errorf("qamode: %s: %s: %w", name, a.Email, err)
				}
			}
		}
		lib.scenarios[sc.Name] = sc
		lib.names = append(lib.names, sc.Name)
	}
	if _, found := lib.scenarios[DefaultScenario]; !found {
		return nil, errors.New("qamode: the default scenario is missing")
	}
	slices.Sort(lib.names)
	raw, err := files.ReadFile("forced-answers.json")
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &lib.presets); err != nil {
		return nil, fmt.Errorf("qamode: forced-answers.json: %w", err)
	}
	for _, p := range lib.presets {
		if err := p.check(); err != nil {
			return nil, fmt.Errorf("qamode: forced-answers.json: %s: %w", p.Name, err)
		}
	}
	return lib, nil
}

// Names are the scenario names, sorted.
func (l *Library) Names() []string { return slices.Clone(l.names) }

// Scenario returns the named scenario.
func (l *Library) Scenario(name string) (Scenario, bool) {
	sc, found := l.scenarios[name]
	return sc, found
}

// Presets are the named forced answers the panel offers.
func (l *Library) Presets() []ForcedAnswer { return slices.Clone(l.presets) }

// ParseForced reads one forced answer as the panel and /dev/qa/open take it: a preset's name, or
// `method:code` with optional `:details` (e.g. `login:206006`, `login:400006:REGISTRATION_UNVERIFIED`).
func (l *Library) ParseForced(spec string) (ForcedAnswer, error) {
	spec = strings.TrimSpace(spec)
	for _, p := range l.presets {
		if p.Name == spec {
			return p, nil
		}
	}
	parts := strings.SplitN(spec, ":", 3)
	if len(parts) < 2 {
		return ForcedAnswer{}, fmt.Errorf("%q is neither a preset nor method:code[:details]", spec)
	}
	code, err := strconv.Atoi(parts[1])
	if err != nil {
		return ForcedAnswer{}, fmt.Errorf("%q: the code must be a number", spec)
	}
	f := ForcedAnswer{Method: parts[0], ErrorCode: code}
	if len(parts) == 3 {
		f.ErrorDetails = parts[2]
	}
	return f, f.check()
}

func (f ForcedAnswer) check() error {
	if !slices.Contains(Methods, f.Method) {
		return fmt.Errorf("unknown method %q (one of %s)", f.Method, strings.Join(Methods, ", "))
	}
	if f.ErrorCode < 0 || f.ErrorCode > 999999 {
		return fmt.Errorf("%d is not an error code", f.ErrorCode)
	}
	if len(f.ErrorDetails) > 200 {
		return errors.New("errorDetails is longer than 200 characters")
	}
	return nil
}

// accounts are the accounts of every scenario by address; the addresses are unique across scenarios.
func (l *Library) account(email identity.Email) (Account, bool) {
	for _, name := range l.names {
		for _, a := range l.scenarios[name].Accounts {
			if strings.EqualFold(a.Email, string(email)) {
				return a, true
			}
		}
	}
	return Account{}, false
}
