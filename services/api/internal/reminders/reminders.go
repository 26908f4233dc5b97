// Package reminders holds product reminders: the shop creates one for a subscriber and a product variant,
// the subscriber activates it by following the link in a verification e-mail within 7 days, and sees and
// deletes active reminders in the preference centre, authenticated by the link token of the e-mail.
package reminders

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
)

// Errors of the reminder operations.
var (
	// ErrInvalid is matched by every *FieldError.
	ErrInvalid = errors.New("reminders: invalid input")
	// ErrNotOwned refuses a deletion naming a reminder that is not the subscriber's (someone else's, or none).
	ErrNotOwned = errors.New("reminders: reminder is not the subscriber's")
	// ErrExists: the address already has a pending reminder of the variant (Store.Insert).
	ErrExists = errors.New("reminders: a pending reminder of this variant exists")
	// ErrNoReminder: the address has no reminder of the variant (Store.ForVariant).
	ErrNoReminder = errors.New("reminders: no reminder of this variant")
	// ErrConfirmationExpired: the verification link was followed after 7 days.
	ErrConfirmationExpired = errors.New("reminders: verification link expired")
	// ErrConfirmationUnknown: the verification link is unknown or was already used.
	ErrConfirmationUnknown = errors.New("reminders: verification link unknown or used")
)

// FieldError names the input field that is wrong.
type FieldError struct {
	Field   string
	Message string
}

// Error implements error.
func (e *FieldError) Error() string { return "reminders: " + e.Field + ": " + e.Message }

// Is makes errors.Is(err, ErrInvalid) true for every field error.
func (e *FieldError) Is(target error) bool { return target == ErrInvalid }

func fieldError(field, format string, args ...any) error {
	return &FieldError{Field: field, Message: fmt.Sprintf(format, args...)}
}

// Limits of the inputs.
const (
	// ConfirmationWindow is how long a verification link activates its reminder (spec 001 §9).
	ConfirmationWindow = 7 * 24 * time.Hour
	// MaxNameRunes is the longest variant name in one language.
	MaxNameRunes = 200
	// MaxNames caps the languages of one variant name.
	MaxNames = 20
	// MaxDeleteIDs caps the ids of one deletion; nobody has more reminders than this on one screen.
	MaxDeleteIDs = 200
	// maxIDBytes is longer than any id this package issues, so real ids always pass.
	maxIDBytes = 64
)

var (
	variantIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)
	nameLangPattern  = regexp.MustCompile(`^[a-z]{2}$`)
	languagePattern  = regexp.MustCompile(`^[a-z]{2}(?:[_-][A-Za-z]{2})?$`)
)

// VariantID is the shop's id of a product variant.
type VariantID string

// ParseVariantID accepts 1 to 64 letters, digits, '.', '_' or '-'.
func ParseVariantID(raw string) (VariantID, error) {
	if !variantIDPattern.MatchString(raw) {
		return "", fieldError("variantId", "must be 1 to 64 letters, digits, '.', '_' or '-'")
	}
	return VariantID(raw), nil
}

// VariantName is a product name per two-letter language code.
type VariantName map[string]string

// ParseVariantName accepts at least one and at most MaxNames entries, each a lower-case two-letter code of a
// language (upper case is folded) with a name of 1 to 200 characters after trimming.
func ParseVariantName(raw map[string]string) (VariantName, error) {
	if len(raw) == 0 {
		return nil, fieldError("variantName", "must name the product in at least one language")
	}
	if len(raw) > MaxNames {
		return nil, fieldError("variantName", "must have at most %d languages", MaxNames)
	}
	out := make(VariantName, len(raw))
	for lang, name := range raw {
		code := strings.ToLower(lang)
		if !nameLangPattern.MatchString(code) {
			return nil, fieldError("variantName", "keys must be two-letter language codes such as de or en")
		}
		// A code of two letters that names no language ("xx") was kept and shown nowhere (QA round of 2026-11-29).
		if !identity.IsLanguageTag(code) {
			return nil, fieldError("variantName."+code, "is not a language code")
		}
		if _, dup := out[code]; dup {
			return nil, fieldError("variantName."+code, "is given twice")
		}
		name = strings.TrimSpace(name)
		if !utf8.ValidString(name) || name == "" || utf8.RuneCountInString(name) > MaxNameRunes {
			return nil, fieldError("variantName."+code, "must be 1 to %d characters", MaxNameRunes)
		}
		if strings.ContainsFunc(name, identity.IsTextControl) {
			// Names go into e-mails; line breaks, other controls and bidirectional overrides would let the shop's
			// data shape them.
			return nil, fieldError("variantName."+code, "must not contain line breaks, control characters or bidirectional overrides")
		}
		out[code] = name
	}
	return out, nil
}

// In returns the name in language (a code such as "fr" or "fr_BE"), else English, else German, else the first by
// code, so a mail always has a name to show. English before German, the site's default: after their own language it
// is the one most of the retailer's shoppers read (a Polish, Spanish or Portuguese one far more often than German).
// The preference centre names a reminder in the same order (reminderNameLanguage).
func (n VariantName) In(language string) string {
	base := strings.ToLower(strings.SplitN(strings.ReplaceAll(language, "_", "-"), "-", 2)[0])
	for _, l := range []string{base, "en", "de"} {
		if name, ok := n[l]; ok {
			return name
		}
	}
	codes := make([]string, 0, len(n))
	for l := range n {
		codes = append(codes, l)
	}
	sort.Strings(codes)
	if len(codes) == 0 {
		return ""
	}
	return n[codes[0]]
}

// ParseLanguage accepts a language code such as "de", "fr_BE" or "nl-BE", naming a language (identity.IsLanguageTag),
// and returns it lower-cased with "_"; empty means German.
func ParseLanguage(raw string) (string, error) {
	if raw == "" {
		return "de", nil
	}
	// A code that names no language ("xx") went into the mail link as lang=xx (QA round of 2026-11-29).
	if !languagePattern.MatchString(raw) || !identity.IsLanguageTag(strings.ReplaceAll(raw, "_", "-")) {
		return "", fieldError("language", "must be a language code such as de or fr_BE")
	}
	return strings.ToLower(strings.ReplaceAll(raw, "-", "_")), nil
}

// ParseIDs checks the ids of a deletion: 1 to MaxDeleteIDs non-empty ids; duplicates are dropped. An id holding a
// NUL or bytes that are not UTF-8 is no id this package issues and is refused as malformed (database.Storable):
// PostgreSQL answered it with an error, a 500 (QA round of 2026-11-29).
func ParseIDs(raw []string) ([]string, error) {
	if len(raw) == 0 {
		return nil, fieldError("productReminderIds", "must list at least one reminder")
	}
	if len(raw) > MaxDeleteIDs {
		return nil, fieldError("productReminderIds", "must list at most %d reminders", MaxDeleteIDs)
	}
	seen := make(map[string]bool, len(raw))
	out := make([]string, 0, len(raw))
	for _, id := range raw {
		if id == "" || len(id) > maxIDBytes {
			return nil, fieldError("productReminderIds", "ids must be 1 to %d characters", maxIDBytes)
		}
		if !database.Storable(id) {
			return nil, fieldError("productReminderIds", "ids must be UTF-8 text without NUL")
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out, nil
}

// Reminder is an active product reminder as the subscriber sees it.
type Reminder struct {
	ID          string
	VariantID   VariantID
	VariantName VariantName
	// Language, CreatedAt and ConfirmedAt (zero while pending) are what the table holds besides; the account's
	// data export lists them (GDPR Art. 15).
	Language    string
	CreatedAt   time.Time
	ConfirmedAt time.Time
}

// PendingReminder is a reminder whose verification link has not been followed: not active, and never
// activated when ConfirmBy passes.
type PendingReminder struct {
	Reminder
	ConfirmBy time.Time
	// Expired: ConfirmBy has passed, the link no longer activates it (the centre says so instead of asking for
	// the confirmation).
	Expired bool
}

// NewReminder is the shop's request for a reminder, parsed.
type NewReminder struct {
	Email       identity.Email
	VariantID   VariantID
	VariantName VariantName
	// Language of the verification mail, e.g. "de" or "fr_be".
	Language string
}

// ParseNewReminder parses the shop's request; errors are *FieldError naming the field.
func ParseNewReminder(email, variantID string, variantName map[string]string, language string) (NewReminder, error) {
	e, err := identity.ParseEmail(email)
	if err != nil {
		return NewReminder{}, fieldError("email", "must be an e-mail address")
	}
	id, err := ParseVariantID(variantID)
	if err != nil {
		return NewReminder{}, err
	}
	name, err := ParseVariantName(variantName)
	if err != nil {
		return NewReminder{}, err
	}
	lang, err := ParseLanguage(language)
	if err != nil {
		return NewReminder{}, err
	}
	return NewReminder{Email: e, VariantID: id, VariantName: name, Language: lang}, nil
}

// Status of a stored reminder.
type Status string

// Reminder states: pending until the verification link is followed, then active.
const (
	StatusPending Status = "pending"
	StatusActive  Status = "active"
)

// Record is a reminder as the store keeps it.
type Record struct {
	Reminder
	Email    identity.Email
	Language string
	Status   Status
	// ConfirmTokenHash is the hex SHA-256 of the verification token (pending reminders only).
	ConfirmTokenHash string
	// ConfirmExpiresAt ends the verification window (pending reminders only).
	ConfirmExpiresAt time.Time
	CreatedAt        time.Time
}
