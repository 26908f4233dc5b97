// Package identity holds what the backend needs from the identity provider server-side, behind one interface
// that the embedded provider and the SAP Customer Data Cloud REST client both implement.
package identity

import (
	"context"
	"errors"
	"net/mail"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// Email is a syntactically valid, trimmed, lower-cased e-mail address.
type Email string

// ErrInvalidEmail is returned by ParseEmail.
var ErrInvalidEmail = errors.New("identity: invalid e-mail address")

// ParseEmail accepts a bare address (no display name) and returns the one form it is stored and looked up in:
// trimmed, composed (Unicode NFC), lower-cased, with its domain in ASCII (an internationalised domain as its xn--
// form), so that the ways of writing one address name one account (QA: "josé" composed and decomposed, and
// "bücher.de" beside "xn--bcher-kva.de", made two accounts each). Refused: invalid UTF-8, control and format
// characters (a right-to-left override or a zero-width space makes a look-alike of someone else's address), the
// replacement character, more than 64 octets before the @ or 254 in all (RFC 5321 4.5.3.1), a domain literal
// ([127.0.0.1]) or one without a dot, and a domain no registry hands out (hostName: name@😀.de, name@1.2.3.4).
func ParseEmail(raw string) (Email, error) {
	s := strings.TrimSpace(raw)
	if !utf8.ValidString(s) || strings.IndexFunc(s, unfit) >= 0 {
		return "", ErrInvalidEmail
	}
	s = norm.NFC.String(s)
	at := strings.LastIndex(s, "@")
	if at <= 0 || at > 64 || strings.HasPrefix(s[at+1:], "[") {
		return "", ErrInvalidEmail
	}
	domain, err := idna.Lookup.ToASCII(s[at+1:])
	if err != nil || !strings.Contains(domain, ".") || !hostName(domain) {
		return "", ErrInvalidEmail
	}
	s = s[:at+1] + domain
	if len(s) > 254 {
		return "", ErrInvalidEmail
	}
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Name != "" || addr.Address != s {
		return "", ErrInvalidEmail
	}
	return Email(strings.ToLower(s)), nil
}

// hostName reports whether domain, the ASCII form the IDNA lookup gives, is a name a registry could hand out, by the
// identity contract's emailAddress rule (the forms' isEmailAddress checks the same): each label, its xn-- form decoded,
// holds only what IDNA2008 takes (idna2008Label), and the last is not all digits. The lookup maps, and lets through,
// what UTS 46 takes, emoji and symbols too (x/net/idna leaves IDNA2008's own exclusions, NV8, to its callers, its
// Registration profile as well): name@😀.de was stored as xn--e28h.de, and name@1.2.3.4 as a host name (QA, 2026-12-01).
func hostName(domain string) bool {
	labels := strings.Split(domain, ".")
	if strings.Trim(labels[len(labels)-1], "0123456789") == "" {
		return false
	}
	for _, label := range labels {
		if strings.HasPrefix(label, "xn--") {
			var err error
			if label, err = idna.Punycode.ToUnicode(label); err != nil {
				return false
			}
		}
		if !idna2008Label(label) {
			return false
		}
	}
	return true
}

// idna2008Label reports whether a label, in Unicode and mapped (lower case, composed), holds only what RFC 5892
// (IDNA2008's code points) takes: hyphens, and letters, combining marks and decimal digits (its LetterDigits) but for
// its exceptions (the Arabic tatweel, the vertical kana repeat marks, ...), the old Hangul jamo and its ignorable
// blocks (the combining marks for symbols, the musical symbols); besides, the few exceptions it takes (ۭ ۾ ་ 〇) and
// the characters of its context rules where they hold (appendix A: the Catalan middle dot between two l's, the
// Greek lower numeral sign before a Greek letter, the Hebrew geresh and gershayim after a Hebrew letter, the katakana
// middle dot in a label with kana or Han, one kind of Arabic-Indic digits). The joiners of A.1 and A.2, format
// characters, never get here (unfit). Nor does it begin or end with a hyphen, or have two in its third and fourth
// place (RFC 5891 4.2.3.1): the lookup refuses an xn-- form of such a label already, the browser's URL parser, which
// the forms' rule reads the ASCII form with, does not, so the rule says it.
func idna2008Label(label string) bool {
	runes := []rune(label)
	if len(runes) == 0 || runes[0] == '-' || runes[len(runes)-1] == '-' || len(runes) >= 4 && runes[2] == '-' && runes[3] == '-' {
		return false
	}
	kana, arabicIndic, extendedArabicIndic := false, false, false
	for _, r := range runes {
		kana = kana || unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han)
		arabicIndic = arabicIndic || r >= 0x0660 && r <= 0x0669
		extendedArabicIndic = extendedArabicIndic || r >= 0x06f0 && r <= 0x06f9
	}
	if arabicIndic && extendedArabicIndic {
		return false
	}
	for i, r := range runes {
		before, after := rune(0), rune(0)
		if i > 0 {
			before = runes[i-1]
		}
		if i+1 < len(runes) {
			after = runes[i+1]
		}
		var fits bool
		switch {
		case r == '-', r == 0x06fd, r == 0x06fe, r == 0x0f0b, r == 0x3007:
			fits = true
		case r == 0x00b7:
			fits = before == 'l' && after == 'l'
		case r == 0x0375:
			fits = unicode.Is(unicode.Greek, after)
		case r == 0x05f3, r == 0x05f4:
			fits = unicode.Is(unicode.Hebrew, before)
		case r == 0x30fb:
			fits = kana
		case r == 0x0640, r == 0x07fa, r == 0x302e, r == 0x302f, r >= 0x3031 && r <= 0x3035, r == 0x303b,
			r >= 0x1100 && r <= 0x11ff, r >= 0xa960 && r <= 0xa97f, r >= 0xd7b0 && r <= 0xd7ff,
			r >= 0x20d0 && r <= 0x20ff, r >= 0x1d100 && r <= 0x1d24f:
			fits = false
		default:
			fits = unicode.In(r, unicode.Ll, unicode.Lu, unicode.Lo, unicode.Lm, unicode.Mn, unicode.Mc, unicode.Nd)
		}
		if !fits {
			return false
		}
	}
	return true
}

// unfit reports the characters an address may not hold: controls (NUL among them), format characters, and the
// replacement character a JSON decoder puts for invalid UTF-8 (QA: a reminder's address was stored with it).
func unfit(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError
}

// String returns the address.
func (e Email) String() string { return string(e) }

// Masked is the address as the text of a mail shows it to a person, enough for its owner to recognise it
// ("e***@example.com"): its first character, and the domain in the Unicode form people write it in
// (displayDomain), not the ASCII (xn--) form it is stored in. Every mail text that shows an address takes it from
// here. QA round of 2026-11-30: the first byte rather than the first character was kept, so a notice of a change to
// "Łukasz.Wąsowski+Neu@Bücher.DE" read "\xc5***@xn--bcher-kva.de" (invalid UTF-8, which PostgreSQL refuses to store).
func (e Email) Masked() string {
	s := string(e)
	at := strings.LastIndex(s, "@")
	if at < 1 {
		return "***"
	}
	first, size := utf8.DecodeRuneInString(s)
	if first == utf8.RuneError && size <= 1 {
		return "***" + s[at:]
	}
	return string(first) + "***@" + displayDomain(s[at+1:])
}

// displayDomain is a domain in Unicode, label by label. A label that is no valid xn-- form stays as it is, and so
// does one whose letters mix scripts: an "exаmple" with a Cyrillic "а" reads as someone else's domain, and a notice
// that shows it in Unicode would pass a look-alike off as the owner's own (browsers show such labels in xn-- too).
func displayDomain(domain string) string {
	unicodeForm, err := idna.Display.ToUnicode(domain)
	if err != nil {
		return domain
	}
	ascii, labels := strings.Split(domain, "."), strings.Split(unicodeForm, ".")
	if len(ascii) != len(labels) {
		return domain
	}
	for i, label := range labels {
		if !oneScript(label) {
			labels[i] = ascii[i]
		}
	}
	return strings.Join(labels, ".")
}

// oneScript reports whether the letters of a domain label are of one script; digits, hyphens and marks belong to
// every script, and Japanese (Han, Hiragana, Katakana), Korean (Han, Hangul) and Chinese (Han, Bopomofo) count as
// one, as their names mix those.
func oneScript(label string) bool {
	seen := ""
	for _, r := range label {
		script := scriptOf(r)
		if script == "" {
			continue
		}
		if seen != "" && script != seen {
			return false
		}
		seen = script
	}
	return true
}

// scriptOf is the name of the script of r for oneScript ("" for one every script uses).
func scriptOf(r rune) string {
	switch {
	case r < utf8.RuneSelf:
		if unicode.IsLetter(r) {
			return "Latin"
		}
		return ""
	case unicode.In(r, unicode.Common, unicode.Inherited):
		return ""
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Bopomofo):
		return "CJK"
	}
	for name, table := range unicode.Scripts {
		if unicode.Is(table, r) {
			return name
		}
	}
	return "unknown"
}

// SubscriberLock runs work on one subscriber's data alone among requests and replicas (jobs.SubscriberGuard):
// work that spans the identity provider and the product's own tables, which no one transaction covers.
type SubscriberLock interface {
	Exclusive(ctx context.Context, email Email, fn func(context.Context) error) error
}

// Alone runs fn under the subscriber's lock, or at once without one (tests of one request at a time).
func Alone(ctx context.Context, lock SubscriberLock, email Email, fn func(context.Context) error) error {
	if lock == nil {
		return fn(ctx)
	}
	return lock.Exclusive(ctx, email, fn)
}

// RegToken is a registration token: it gives access to one account without a session, e.g. to a newsletter
// subscriber who opened the preference centre from an e-mail link.
type RegToken struct {
	Token     string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// LoginResult is the provider's answer to a credentials check: ErrorCode 0 on success, else the contract's
// code (403042, 403120, 403041, 206001, 206002, ...).
type LoginResult struct {
	ErrorCode int
	UID       string
}

// ErasedSubscriber is what a full unsubscribe removed from the identity provider: the subscriptions consented to
// (ConsentedKeys), and whether the whole account went (a newsletter-only account) or only its marketing data (an
// account the shopper also uses to log in, which is theirs apart from the newsletters).
type ErasedSubscriber struct {
	Subscriptions  []string
	AccountDeleted bool
	// UID is the account's, where the provider names it (the embedded provider): the mails it was sent at a former
	// address go too.
	UID string
}

// MarketingDataSections are the sections of an account's data a full unsubscribe erases from an account the
// shopper keeps: the preference tiles and favourite store, and the marketing system's consents and key. Every
// provider erases the same ones.
var MarketingDataSections = []string{"preference", "sfmc"}

// ConsentedKeys names the subscriptions of an account's `subscriptions` section the shopper consented to, sorted:
// whose e-mail channel is on (`<key>.email.isSubscribed` true) and whose double opt-in is not still pending. These
// are what a withdrawal record lists as withdrawn (GDPR Art. 7(1)). A pending subscription was never consent: its
// confirmation link was not followed (spec 001: the double opt-in status Confirmed is the one that counts), so
// listing it recorded a consent that never was (QA privacy round of 2026-11-29). A subscription without double
// opt-in (status NotConfirmed while on) was consented to when it was switched on.
func ConsentedKeys(subscriptions map[string]any) []string {
	var keys []string
	for key, v := range subscriptions {
		sub, _ := v.(map[string]any)
		email, _ := sub["email"].(map[string]any)
		doi, _ := email["doubleOptIn"].(map[string]any)
		if email["isSubscribed"] == true && doi["status"] != "Pending" {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	return keys
}

// Errors of the backend operations.
var (
	ErrAccountNotFound = errors.New("identity: no such account")
	ErrAlreadyVerified = errors.New("identity: account already verified")
	// ErrAccountDisabled: an operator disabled the account; it hands out no way in (403041).
	ErrAccountDisabled = errors.New("identity: account disabled")
	// ErrTooManyMails: the account or the client address asked for too many mails lately (throttled).
	ErrTooManyMails = errors.New("identity: too many mails requested")
	ErrUnavailable  = errors.New("identity: provider unavailable")
)

// Backend is what the REST endpoints need from the identity provider.
type Backend interface {
	// Login checks credentials the way accounts.login does (custom login, spec 000 §7).
	Login(ctx context.Context, loginID, password string) (LoginResult, error)
	// ResendVerificationEmail sends a new verification mail to an unverified account in the given language.
	// ErrAlreadyVerified when it is verified; ErrAccountNotFound when there is no such account.
	ResendVerificationEmail(ctx context.Context, email Email, language string) error
	// SubscriberRegToken finds the account of email, creating a newsletter-only (lite) account when there is
	// none, and issues a regToken for it valid for one hour. ErrAccountDisabled for an account an operator disabled.
	SubscriberRegToken(ctx context.Context, email Email) (RegToken, error)
	// AccountEmail answers the address the account uid has now, as the provider keeps it; ErrAccountNotFound when
	// there is no such account. A link issued for an account opens it only while its address is still the
	// account's: otherwise SubscriberRegToken would make a new lite account of an address the account left behind.
	AccountEmail(ctx context.Context, uid string) (Email, error)
}
