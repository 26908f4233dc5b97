package contract

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Outcome says how a caller treats a code.
type Outcome string

// The outcomes of codes.
const (
	// OutcomeSuccess: the call did what was asked (0, and 200009).
	OutcomeSuccess Outcome = "success"
	// OutcomeInformational: not a failure, but the caller has work to do (206001 finalize, 200001 cancelled).
	OutcomeInformational Outcome = "informational"
	OutcomeError         Outcome = "error"
)

// From says who answers a code.
type From string

// Who answers a code.
const (
	// FromAll: every implementation (embedded provider, fake, vendor).
	FromAll From = "all"
	// FromEmbedded: the service's HTTP edge only.
	FromEmbedded From = "embedded"
	// FromVendor: the SAP CDC REST API only.
	FromVendor From = "vendor"
)

// Code is what the contract says about one error code.
type Code struct {
	Code    int
	Name    string // the TypeScript name, ErrorCode.NAME
	Message string // the envelope's errorMessage
	Status  int    // the envelope's statusCode
	Outcome Outcome
	From    From
}

// CharGroup is one character group of the password policy.
type CharGroup struct {
	Name string
	// Categories are Unicode general categories; none means every character no other group takes.
	Categories []*unicode.RangeTable
}

// CharGroupExample is a password and its number of character groups.
type CharGroupExample struct {
	Password string
	Groups   int
}

// EmailAddressExample is an address and whether the provider takes it (identity.ParseEmail).
type EmailAddressExample struct {
	Address string
	Valid   bool
}

// PhoneNumberLength is a country whose phone numbers have one length: Digits after its CountryCode.
type PhoneNumberLength struct {
	Country     string
	CountryCode string
	Digits      int
}

// PhoneNumberExample is a number as stored and whether the provider takes it (PhoneNumberValid).
type PhoneNumberExample struct {
	Number string
	Valid  bool
}

// PersonNameExample is a first or a last name as sent and whether the provider takes it (PersonNamePattern after
// trimming and composing).
type PersonNameExample struct {
	Name  string
	Valid bool
}

// PlaceTextExample is an address's street, house number or town as sent and whether the provider takes it
// (PlaceTextValid after trimming and composing, with every text's rules).
type PlaceTextExample struct {
	Text  string
	Valid bool
}

// Method is one accounts.* method of the identity HTTP API.
type Method struct {
	Name   string
	Params []string
	// Codes it answers besides EveryMethodCodes.
	Codes []int
}

var byCode = func() map[int]Code {
	m := make(map[int]Code, len(Catalogue))
	for _, c := range Catalogue {
		m[c.Code] = c
	}
	return m
}()

// Lookup finds a code of the contract.
func Lookup(code int) (Code, bool) {
	c, found := byCode[code]
	return c, found
}

// Message is the envelope's errorMessage of a code; "Error" for a code the contract does not know.
func Message(code int) string {
	if c, found := byCode[code]; found {
		return c.Message
	}
	return "Error"
}

// Status is the envelope's statusCode of a code: 200 for 0, else its first three digits (500 for a code too
// short to have three).
func Status(code int) int {
	if code == CodeOK {
		return 200
	}
	s := strconv.Itoa(code)
	if len(s) < 3 {
		return 500
	}
	n, _ := strconv.Atoi(s[:3])
	return n
}

// IsSuccess reports whether a code counts as success: 0, and 200009 (contract: "treat 200009 as success").
func IsSuccess(code int) bool {
	c, found := byCode[code]
	return found && c.Outcome == OutcomeSuccess
}

// IsServerFailure reports whether a code says the provider failed (a 5xx status) rather than the request.
func IsServerFailure(code int) bool { return Status(code) >= 500 }

// CharGroupCount counts the character groups of the password policy that occur in s.
func CharGroupCount(s string) int {
	seen := make([]bool, len(CharGroups))
	for _, r := range s {
		seen[charGroup(r)] = true
	}
	n := 0
	for _, found := range seen {
		if found {
			n++
		}
	}
	return n
}

// charGroup is the index in CharGroups of the group r belongs to.
func charGroup(r rune) int {
	rest := len(CharGroups) - 1
	for i, g := range CharGroups {
		if len(g.Categories) == 0 {
			rest = i
			continue
		}
		if unicode.In(r, g.Categories...) {
			return i
		}
	}
	return rest
}

// PagePreferencesReminderLinkExpired is the preference centre's page for an expired link of the product reminders
// (their own confirmation and the reminder service's subscription): it says the reminder is not active and how to
// get a new link, setting the reminder again in the shop. The newsletters' doi-expired page it used to share said
// "please ask for a new confirmation", which the centre offers for newsletters only (QA centre round, 2026-11-30).
var PagePreferencesReminderLinkExpired = "/preferences/error/reminder-" + strconv.Itoa(CodeActivationExpired)

// PagePreferencesReminderLinkUnknown is the preference centre's page for a product reminder's verification link
// whose reminder is not waiting (activated with it already, deleted meanwhile, or never made). The subscriptions'
// doi-404000 said "then your subscription is confirmed", wrong for a reminder and for a shopper who unsubscribed
// from everything since (QA round of 2026-11-29).
var PagePreferencesReminderLinkUnknown = "/preferences/error/reminder-" + strconv.Itoa(CodeNotFound)

// PagePreferencesReminderLinkFailed is the preference centre's page for a product reminder's verification link the
// service could not carry out (the identity provider failed to record the subscription): the reminder stays
// pending and its link works again. It answered HTTP 500, which the page showed as a network error (QA round of
// 2026-11-29); the newsletters' links answer such a failure with their page and 500001 alike.
var PagePreferencesReminderLinkFailed = "/preferences/error/reminder-" + strconv.Itoa(CodeGeneralServerError)

var phoneNumberPattern = regexp.MustCompile(PhoneNumberPattern)

// PhoneNumberValid reports whether the provider stores number, as it is stored (no spaces): PhoneNumberPattern,
// and for a country of PhoneNumberLengths, its length. The forms hold a number to the same rule
// (@portal/identity-contract phoneNumberFault); both test against PhoneNumberExamples.
func PhoneNumberValid(number string) bool {
	if !phoneNumberPattern.MatchString(number) {
		return false
	}
	for _, l := range PhoneNumberLengths {
		if rest, found := strings.CutPrefix(number[1:], l.CountryCode); found {
			return len(rest) == l.Digits
		}
	}
	return true
}

// TextShowsAsSent reports whether a composed (NFC) text of the schema is stored and shows as it was sent (the
// contract's textLength), which every field's own rule comes on top of: at most TextMaxMarksInRow combining marks in
// a row, since past 30 Go's NFC inserts U+034F to keep the text stream-safe (UAX #15) and "A" with 150 accents was
// stored with four of them; and none of TextHiddenLetters, letters that show nothing, so a first name of U+3164
// looked empty (QA bad-input round of 2026-11-29). The forms hold a name to it as well (libs/forms
// personNameSchema), and both test against PersonNameExamples.
func TextShowsAsSent(s string) bool {
	marks := 0
	for _, r := range s {
		switch {
		case strings.ContainsRune(TextHiddenLetters, r):
			return false
		case unicode.Is(unicode.M, r):
			if marks++; marks > TextMaxMarksInRow {
				return false
			}
		default:
			marks = 0
		}
	}
	return true
}

// TrimInvisible trims what shows nothing from both ends of an address's text, as strings.TrimSpace trims spaces
// (textLength): White_Space and format characters (Cf: U+200B, U+2060, U+FEFF, U+00AD, the direction marks), but the
// tags U+E0000 to U+E007F, which end a subdivision flag. A text of nothing else, controls (Cc) included, is empty, as
// one of spaces is (QA, 2026-12-01: a pasted zero-width space was stored as a street). A control beside a letter stays,
// for the field's rule to refuse ("Anna\x00" is no name, personName.examples).
func TrimInvisible(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsSpace(r) && !unicode.In(r, unicode.Cc, unicode.Cf) }) {
		return ""
	}
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || ((r < 0xE0000 || r > 0xE007F) && unicode.Is(unicode.Cf, r))
	})
}

// PlaceTextValid reports whether an address's street, house number or town, trimmed (TrimInvisible) and composed, follows
// the contract's placeText, which every text's rules (TextShowsAsSent, identity.IsTextControl) come on top of: it
// holds a letter or a digit (\p{L}, \p{N}), as an emoji, a dash or a mark alone was stored as a town, and no
// isPlaceSymbol, as "München😀" and "Mü\u200Dnchen" were (QA, 2026-12-01). The address form and the fake hold a place
// to the same rule (@portal/identity-contract/text isPlaceText); both test against PlaceTextExamples.
func PlaceTextValid(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) &&
		!strings.ContainsFunc(s, isPlaceSymbol)
}

// isPlaceSymbol is a character no place's text holds (placeText): a symbol of category So (emoji, pictographs,
// dingbats, ©) but the degree and the numero sign, which addresses write ("3° piano", "№ 15"); what makes an emoji
// of another character, the skin tones (Sk), the keycap (Me) and the emoji presentation selector (Mn); and a format
// character (Cf), which shows nothing.
func isPlaceSymbol(r rune) bool {
	switch {
	case r == '°' || r == '№':
		return false
	case unicode.In(r, unicode.So, unicode.Cf):
		return true
	}
	return (r >= 0x1F3FB && r <= 0x1F3FF) || r == 0x20E3 || r == 0xFE0F
}

var statementLanguagePattern = regexp.MustCompile(`^[a-z]{2,3}(-[a-z]{2})?$`)

// StatementLanguage is the key of a consent's legal statement for a language tag: a language ("de") or a language
// with its country ("nl-BE", "fr_be"), in lower case with a hyphen ("nl-be"), as the vendor spells its languages; ok
// is false for anything else. A shopper gets the statement of their tag, else of its language, else the German one
// (the embedded provider's ConsentStatement.Statement and the account portal's consentStatement, one rule): a
// Belgian shopper the Belgian document, as the Belgian footer links it.
func StatementLanguage(tag string) (key string, ok bool) {
	key = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(tag), "_", "-"))
	if !statementLanguagePattern.MatchString(key) {
		return "", false
	}
	return key, true
}
