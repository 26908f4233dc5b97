package embedded

import (
	"fmt"
	"regexp"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

// Config is everything the embedded provider is tuned by; the composition root builds it from the service
// configuration (app.EmbeddedSettings).
type Config struct {
	// PublicURL prefixes the links in mails (verification, reset, subscription confirmation).
	PublicURL string
	// Passkeys is the WebAuthn relying party; empty fields derive from PublicURL.
	Passkeys PasskeyConfig

	SessionIdleTimeout     time.Duration
	SessionAbsoluteTimeout time.Duration

	RegTokenLifetime     time.Duration
	VerificationLifetime time.Duration
	ResetTokenLifetime   time.Duration
	ResetFrequency       time.Duration
	// MailRequestMinDuration is the least time every answer to a mail asked for by address takes (resetPassword's
	// step 1, a verification mail resent by address, an e-mail change: padMailRequest), so that its duration does not
	// tell apart what its answer does not, an address that gets the mail and one that gets none.
	MailRequestMinDuration time.Duration

	LockoutMaxFailures int
	LockoutWindow      time.Duration
	LockoutDuration    time.Duration
	// AddressSlowdown delays wrong-password answers to a client address with many failures; it never refuses.
	AddressSlowdown AddressSlowdown
	// MailLimits throttle the calls that send mail, per account and per client address.
	MailLimits MailLimits
	// StartLimits throttle the anonymous calls that store something, per client address.
	StartLimits StartLimits

	Password PasswordPolicy
	Argon2   Argon2Params
	// MaxConcurrentHashes caps simultaneous argon2id computations (memory!); 0 means the number of CPUs.
	MaxConcurrentHashes int

	Fields        []FieldSchema
	Subscriptions []SubscriptionSchema
	Consents      []ConsentStatement
	// PostcodeRules are the postcode patterns by country code that an address book entry must match; its keys
	// are the countries an address may be in. Empty accepts any two-letter code with up to ten characters.
	PostcodeRules map[string]string
	// ProfileCountry is the country whose postcode rule a profile's postcode follows when the profile names no
	// country: DE on the German site (metadata countryGermany), whose forms send the postcode as a German one;
	// empty where the site's country is not known, and such a postcode then follows no rule.
	ProfileCountry string
}

// PasswordPolicy is what getPolicies answers as passwordComplexity.
type PasswordPolicy struct {
	MinLength     int
	MinCharGroups int    // of lower, upper, digit, other
	RegExp        string // optional extra pattern the password must match
}

// FieldSchema describes one profile or data field: "profile.firstName", "data.salutation".
type FieldSchema struct {
	Name        string
	Type        string // string, long, boolean, date
	Required    bool
	Format      string // regex for strings
	Min, Max    int64  // range for long fields (when Max > Min)
	WriteAccess string // clientModify (default), serverOnly, clientCreate
	// MaxLength is the most characters of a string field; 0 is an account text's (contract.AccountTextMaxLength).
	MaxLength int
}

// SubscriptionSchema is one newsletter or service subscription key.
type SubscriptionSchema struct {
	Key         string
	DoubleOptIn bool
	// ConfirmationLifetime is how long the double opt-in link stays valid.
	ConfirmationLifetime time.Duration
}

// ConsentStatement is one consent ("terms.customeraccount") with its legal statements per language.
type ConsentStatement struct {
	ID          string
	IsActive    bool
	IsMandatory bool
	// LegalStatements by language ("de", "en") or language and country ("nl-be"), as contract.StatementLanguage
	// spells them: a shopper gets their country's statement, else their language's (Statement).
	LegalStatements map[string]LegalStatement
}

// LegalStatement is the document of a consent in one language.
type LegalStatement struct {
	CurrentDocVersion float64
	MinDocVersion     float64
	DocumentURL       string
	Purpose           string
}

// DefaultConfig is the configuration of the identity contract (14-day verification, 1-hour reset links, 15-minute
// reset wait, lockout after 5 failures in 15 minutes for 15 minutes), argon2id with m=19 MiB, t=2, p=1.
func DefaultConfig() Config {
	return Config{
		PublicURL:              "http://localhost:8080",
		SessionIdleTimeout:     30 * time.Minute,
		SessionAbsoluteTimeout: 12 * time.Hour,
		RegTokenLifetime:       contract.RegTokenLifetime,
		VerificationLifetime:   contract.VerificationLinkLifetime,
		ResetTokenLifetime:     contract.ResetLinkLifetime,
		ResetFrequency:         contract.ResetFrequency,
		MailRequestMinDuration: 250 * time.Millisecond,
		LockoutMaxFailures:     contract.LockoutMaxFailures,
		LockoutWindow:          contract.LockoutWindow,
		LockoutDuration:        contract.LockoutDuration,
		AddressSlowdown:        DefaultAddressSlowdown(),
		MailLimits:             DefaultMailLimits(),
		StartLimits:            DefaultStartLimits(),
		Password:               PasswordPolicy{MinLength: contract.DefaultPasswordMinLength, MinCharGroups: contract.DefaultPasswordMinCharGroups},
		Argon2:                 DefaultArgon2Params(),
		Fields:                 DefaultFields(),
		Subscriptions:          DefaultSubscriptions(),
		Consents:               DefaultConsents(),
		ProfileCountry:         "DE", // the German market's, as DefaultConsents
	}
}

// AddressSlowdown is how failed logins from one client address slow that address down (throttle.Slowdown, which
// the SAP CDC custom login shares).
type AddressSlowdown = throttle.Slowdown

// DefaultAddressSlowdown: 10 free failures, then 250 ms doubling every 10 failures up to 10 s.
func DefaultAddressSlowdown() AddressSlowdown { return throttle.DefaultSlowdown() }

// MailLimits cap the mails a caller can make the service send (registrations, verification resends, reset
// requests, e-mail changes, subscription confirmations) within Window: PerAccount per account (a call counts once),
// PerAddress per client address (a registration counts each of its mails). Zero turns a limit off.
type MailLimits struct {
	PerAccount int
	PerAddress int
	Window     time.Duration
	// ExemptLoopback leaves loopback callers out of every limit per client address, PerAddress, StartLimits and the
	// turns of password hashes (development and tests only; see config.LoopbackMailExemption): the machine itself is
	// not one client there.
	ExemptLoopback bool
}

// DefaultMailLimits are the identity contract's: 5 mails per account and 30 per client address within an hour.
func DefaultMailLimits() MailLimits {
	return MailLimits{PerAccount: contract.MailsPerAccount, PerAddress: contract.MailsPerClient, Window: contract.MailLimitWindow}
}

// StartLimits cap, per client address within Window, each of the anonymous calls that store something and are
// answered to anyone: initRegistration (a regToken), initPasskeyLogin (a challenge) and, through AllowStart, a
// partner's sign-in at /oidc/authorize (a sign-in request). Each counts apart, so a shopper's visits to the login
// page leave their registration alone. Zero turns the limit off.
type StartLimits struct {
	PerAddress int
	Window     time.Duration
}

// DefaultStartLimits are the identity contract's: 60 of each a minute per client address.
func DefaultStartLimits() StartLimits {
	return StartLimits{PerAddress: contract.StartsPerClient, Window: contract.StartLimitWindow}
}

// NameFormat accepts a letter of any script, then letters, combining marks, spaces, hyphens and apostrophes (the
// typewriter's and the typographic one phones type), as the apps' first-name rule (libs/forms FIRST_NAME), which is
// built from the same pattern. The stores' countries write names the Latin-1 ranges it once listed refused: Romanian Ș and Ț,
// Greek, Bulgarian Cyrillic, D’Angelo as a phone's keyboard types it (QA). Since 2026-11-30 also a Dutch elided
// article before the name ('t Hart, ’s-Gravesande), a Catalan middle dot between letters (Gal·la) and a period after
// a letter (St. John, Smith Jr.): the contract says exactly how, with the table of names both sides test against. The apps compile a schema's regex with
// the u flag (libs/forms compilePattern), which \p{L} needs. It comes from the identity contract (personName), from
// which the fake identity provider takes it too.
const NameFormat = contract.PersonNamePattern

// DefaultFields is the account schema of spec 000 §3 and §5.
func DefaultFields() []FieldSchema {
	return []FieldSchema{
		{Name: "profile.email", Type: "string", Required: true},
		// A name takes what an address's name takes (contract personName.maxLength): the address form starts from
		// them, and the profile took 1,000 characters where an address stops at 200 (QA bad-input round of 2026-11-29).
		{Name: "profile.firstName", Type: "string", Required: true, Format: NameFormat, MaxLength: contract.PersonNameMaxLength},
		{Name: "profile.lastName", Type: "string", Required: true, Format: NameFormat, MaxLength: contract.PersonNameMaxLength},
		{Name: "profile.birthDay", Type: "long", Min: 1, Max: 31},
		{Name: "profile.birthMonth", Type: "long", Min: 1, Max: 12},
		{Name: "profile.birthYear", Type: "long", Min: 1900, Max: 2020},
		{Name: "profile.zip", Type: "string", Format: `^[A-Za-z0-9 \-]{1,10}$`},
		{Name: "profile.country", Type: "string", Format: `^[A-Z]{2}$`},
		// The contract's phone rule (phoneNumber), which the forms hold a number to too: schema.phones adds the
		// lengths of the countries whose numbers have one.
		{Name: "profile.phones.number", Type: "string", Format: contract.PhoneNumberPattern},
		{Name: "profile.phones.type", Type: "string", Format: `^[A-Za-z][A-Za-z0-9_-]{0,29}$`},
		{Name: "data.salutation", Type: "string", Format: `^(mr|mrs|div)?$`},
		{Name: "data.customerassignment", Type: "string", WriteAccess: "serverOnly"},
		{Name: "data.sfmc.dataProcessingConsented", Type: "boolean"},
		{Name: "data.sfmc.subscriptionKey", Type: "string"},
		{Name: "data.sfmc.personalisationOptIn", Type: "boolean"},
		// The preference tiles of the shipped CMS documents (PreferenceNamespace is closed: only the keys the schema
		// lists are accepted). A boolean tile stores true or false, a radio tile one of its option values, the
		// favourite store a store id. The service adds the tiles of the content it loads and gives a radio tile's
		// field that content's options (app.ContentSchema); these are what a provider without content knows.
		{Name: FavouriteStoreField, Type: "string", Format: `^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`},
		{Name: "data.preference.SHOPPING_FREQUENCY", Type: "string", Format: `^(DAILY|WEEKLY|MONTHLY|RARELY)$`},
		{Name: "data.preference.ORGANIC", Type: "boolean"},
		{Name: "data.preference.VEGAN", Type: "boolean"},
		{Name: "data.preference.WINE", Type: "boolean"},
		{Name: "data.preference.BABY", Type: "boolean"},
		{Name: "data.preference.PETS", Type: "boolean"},
		{Name: "data.preference.BARBECUE", Type: "boolean"},
	}
}

// PreferenceNamespace holds the preference tiles and the favourite store. Unlike the rest of data (a dynamic
// schema), it is closed: a key the schema does not list is refused, so a typo or a tile the CMS no longer offers
// never lands in an account.
const PreferenceNamespace = "data.preference."

// FavouriteStoreField holds the id of the subscriber's favourite store (spec 001 §3).
const FavouriteStoreField = "data.preference.FAVORITE_STORE"

// DefaultSubscriptions are the newsletter keys (double opt-in) and the product reminder service.
func DefaultSubscriptions() []SubscriptionSchema {
	twoWeeks := contract.NewsletterConfirmationLinkLifetime
	return []SubscriptionSchema{
		{Key: "NLT_GENERAL", DoubleOptIn: true, ConfirmationLifetime: twoWeeks},
		{Key: "NLT_OFFERS", DoubleOptIn: true, ConfirmationLifetime: twoWeeks},
		{Key: "NLT_RECIPES", DoubleOptIn: true, ConfirmationLifetime: twoWeeks},
		// The seasonal newsletters the shipped CMS documents list (content/files/portal/*.json).
		{Key: "NLT_CHRISTMAS", DoubleOptIn: true, ConfirmationLifetime: twoWeeks},
		{Key: "NLT_EASTER_2025", DoubleOptIn: true, ConfirmationLifetime: twoWeeks},
		{Key: "SVC_PRODUCT_REMINDER", DoubleOptIn: true, ConfirmationLifetime: contract.ProductReminderConfirmationLinkLifetime},
	}
}

// Consent ids of the two markets (spec 000 §3): the terms of use of the customer account in Germany, the
// privacy notice elsewhere.
const (
	ConsentTerms   = "terms.customeraccount"
	ConsentPrivacy = "privacy.aec"
)

// DefaultConsents are the German market's consents (MarketConsents(true)).
func DefaultConsents() []ConsentStatement { return MarketConsents(true) }

// MarketConsents are the built-in consents of a market (metadata countryGermany): in Germany the terms of use
// are mandatory and the privacy notice is recorded but optional; elsewhere it is the other way round, so the
// consent the apps ask for at registration (spec 000 §3) is the one a login needs. Their documents are the
// retailer's pages the demonstration content's footer links to, in each shipped locale: Belgium and Luxembourg
// (spec 001 §1's variants) have their own, which their shoppers get rather than France's, the Netherlands' or
// Germany's (QA market round). An operator names their own in identity.embedded.consents.
func MarketConsents(germany bool) []ConsentStatement {
	statement := func(url, purpose string) LegalStatement {
		return LegalStatement{CurrentDocVersion: 1, MinDocVersion: 1, DocumentURL: url, Purpose: purpose}
	}
	return []ConsentStatement{
		{ID: ConsentTerms, IsActive: true, IsMandatory: germany, LegalStatements: map[string]LegalStatement{
			"de":    statement("https://www.example.com/de-de/nutzungsbedingungen", "Nutzungsbedingungen Kundenkonto"),
			"en":    statement("https://www.example.com/en-gb/terms-of-use", "Terms of use of the customer account"),
			"es":    statement("https://www.example.com/es-es/condiciones-de-uso", "Condiciones de uso de la cuenta de cliente"),
			"fr":    statement("https://www.example.com/fr-fr/conditions-d-utilisation", "Conditions d’utilisation du compte client"),
			"nl":    statement("https://www.example.com/nl-nl/gebruiksvoorwaarden", "Gebruiksvoorwaarden klantaccount"),
			"de-lu": statement("https://www.example.com/de-lu/nutzungsbedingungen", "Nutzungsbedingungen Kundenkonto"),
			"fr-be": statement("https://www.example.com/fr-be/conditions-d-utilisation", "Conditions d’utilisation du compte client"),
			"fr-lu": statement("https://www.example.com/fr-lu/conditions-generales-d-utilisation", "Conditions générales d’utilisation du compte client"),
			"nl-be": statement("https://www.example.com/nl-be/gebruiksvoorwaarden", "Gebruiksvoorwaarden klantaccount"),
			"pl":    statement("https://www.example.com/pl-pl/regulamin", "Regulamin konta klienta"),
			"pt":    statement("https://www.example.com/pt-pt/termos-de-utilizacao", "Termos de utilização da conta de cliente"),
		}},
		{ID: ConsentPrivacy, IsActive: true, IsMandatory: !germany, LegalStatements: map[string]LegalStatement{
			"de":    statement("https://www.example.com/de-de/datenschutz", "Datenschutzhinweise"),
			"en":    statement("https://www.example.com/en-gb/privacy", "Privacy notice"),
			"es":    statement("https://www.example.com/es-es/privacidad", "Aviso de privacidad"),
			"fr":    statement("https://www.example.com/fr-fr/protection-des-donnees", "Protection des données"),
			"nl":    statement("https://www.example.com/nl-nl/privacy", "Privacyverklaring"),
			"de-lu": statement("https://www.example.com/de-lu/datenschutzerklaerung", "Datenschutzerklärung"),
			"fr-be": statement("https://www.example.com/fr-be/vie-privee", "Vie privée"),
			"fr-lu": statement("https://www.example.com/fr-lu/protection-des-donnees", "Protection des données"),
			"nl-be": statement("https://www.example.com/nl-be/privacy", "Privacyverklaring"),
			"pl":    statement("https://www.example.com/pl-pl/polityka-prywatnosci", "Polityka prywatności"),
			"pt":    statement("https://www.example.com/pt-pt/privacidade", "Aviso de privacidade"),
		}},
	}
}

// Validate reports the first unusable setting, so a bad configuration stops start-up.
func (c Config) Validate() error {
	if c.Password.MinLength < 1 || c.Password.MinCharGroups < 0 || c.Password.MinCharGroups > 4 {
		return fmt.Errorf("identity: password policy: minLength >= 1 and minCharGroups 0..4 required")
	}
	if c.Password.RegExp != "" {
		if _, err := regexp.Compile(c.Password.RegExp); err != nil {
			return fmt.Errorf("identity: password regExp: %w", err)
		}
	}
	for country, rule := range c.PostcodeRules {
		if _, err := regexp.Compile(rule); err != nil {
			return fmt.Errorf("identity: postcode rule of %s: %w", country, err)
		}
	}
	for _, con := range c.Consents {
		for lang := range con.LegalStatements {
			// A key of another form would never be found for a shopper's tag (Statement).
			if key, ok := contract.StatementLanguage(lang); !ok || key != lang {
				return fmt.Errorf("identity: consent %s: legal statement language %q must be a language (nl) or a language and its country (nl-be), in lower case", con.ID, lang)
			}
		}
	}
	for _, f := range c.Fields {
		if f.Format != "" {
			if _, err := regexp.Compile(f.Format); err != nil {
				return fmt.Errorf("identity: field %s format: %w", f.Name, err)
			}
		}
	}
	if err := c.Argon2.validate(); err != nil {
		return err
	}
	return nil
}
