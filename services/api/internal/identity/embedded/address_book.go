package embedded

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// addressBookField is data.addressBook: the account's address (spec 000 §3: one entry per account).
const addressBookField = "addressBook"

// MaxAddresses is how many entries data.addressBook holds (spec 000 §3: one address per account).
const MaxAddresses = 1

// genericPostcode is what a country without a rule accepts (spec 000 §5: at most ten characters).
var genericPostcode = regexp.MustCompile(`^[A-Za-z0-9 \-]{1,10}$`)

var countryCode = regexp.MustCompile(`^[A-Z]{2}$`)

// addressFields are the fields of an address book entry; the text fields are required except the salutation.
var addressFields = []string{"salutation", "firstName", "lastName", "street", "streetNo", "zip", "city", "country", "isStandardAddress"}

var optionalAddressFields = map[string]bool{"salutation": true, "isStandardAddress": true}

// placeFields are the texts of an address that say where it is, free text with no pattern of their own: each follows
// the contract's placeText (contract.PlaceTextValid): a letter or a digit, no emoji, other symbol or format character.
// A zero-width space alone, an emoji alone (QA, 2026-12-01), "München😀" and "Mü\u200Dnchen" (QA) were stored.
var placeFields = map[string]bool{"street": true, "streetNo": true, "city": true}

// addressMaxLength is the most characters of an address's field: the house number's own, else an address text's.
func addressMaxLength(field string) int {
	if field == "streetNo" {
		return contract.AddressStreetNoMaxLength
	}
	return contract.AddressTextMaxLength
}

// addressBook checks data.addressBook (a list of at most MaxAddresses entries, or null to remove it) and
// returns it normalised: trimmed strings, the postcode by its country's rule, the country as an upper-case code
// the product knows. Errors name the field as `data.addressBook.<field>`, like the vendor's phones.
func (s *schema) addressBook(v any) ([]any, []ValidationError) {
	bad := func(field string, code int, msg string) ValidationError {
		name := "data." + addressBookField
		if field != "" {
			name += "." + field
		}
		return ValidationError{FieldName: name, ErrorCode: code, Message: msg}
	}
	list, isList := v.([]any)
	if !isList {
		return nil, []ValidationError{bad("", contract.CodeInvalidParameter, "The address book must be a list.")}
	}
	if len(list) > MaxAddresses {
		return nil, []ValidationError{bad("", contract.CodeInvalidParameter, fmt.Sprintf("The address book holds at most %d address.", MaxAddresses))}
	}
	out := make([]any, 0, len(list))
	var errs []ValidationError
	for _, item := range list {
		in, isObj := item.(map[string]any)
		if !isObj {
			errs = append(errs, bad("", contract.CodeInvalidParameter, "An address must be an object."))
			continue
		}
		keys := make([]string, 0, len(in))
		for k := range in {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !containsField(addressFields, k) {
				errs = append(errs, bad(k, contract.CodeInvalidParameter, "Unknown field"))
			}
		}
		entry := map[string]any{}
		for _, field := range addressFields {
			raw, given := in[field]
			if field == "isStandardAddress" {
				if !given || raw == nil {
					continue
				}
				b, isBool := raw.(bool)
				if !isBool {
					errs = append(errs, bad(field, contract.CodeInvalidParameter, "The value must be true or false."))
					continue
				}
				entry[field] = b
				continue
			}
			str, isStr := raw.(string)
			if given && raw != nil && !isStr {
				errs = append(errs, bad(field, contract.CodeInvalidParameter, "The value must be a string."))
				continue
			}
			// Composed (NFC), as the profile's texts (coerce): a name typed decomposed ("José" as e and a combining
			// accent) was stored apart from the same name composed, and the parcel label shows what is stored. Trimmed
			// of spaces and of what else shows nothing (a pasted U+200B), so that a field of nothing else is missing.
			str = norm.NFC.String(contract.TrimInvisible(str))
			switch {
			case str == "" && optionalAddressFields[field]:
				continue
			case str == "":
				errs = append(errs, bad(field, contract.CodeMissingRequiredValue, "Missing required field"))
				continue
			// In characters, as the address form counts them: in bytes a street of 101 umlauts passed the form and was
			// refused with 400006.
			case utf8.RuneCountInString(str) > addressMaxLength(field):
				errs = append(errs, bad(field, contract.CodeInvalidParameter, tooLong(addressMaxLength(field))))
				continue
			case strings.ContainsFunc(str, identity.IsTextControl) || !contract.TextShowsAsSent(str) ||
				(placeFields[field] && !contract.PlaceTextValid(str)):
				// As the profile's texts (coerce): NUL, a bell and U+202E were stored in a street and a city, and an
				// address goes onto parcels and into the operator's tools (QA round of 2026-11-29); a street, house
				// number or town with no letter or digit says nowhere ("😀", "-"), and one with an emoji or a character
				// that shows nothing is printed otherwise than the shopper sees it.
				errs = append(errs, bad(field, contract.CodeInvalidFormat, "The specified value does not correspond to the expected format."))
				continue
			}
			if field == "country" {
				str = strings.ToUpper(str)
			}
			entry[field] = str
		}
		if msg, good := s.checkAddress(entry); !good {
			errs = append(errs, msg...)
		}
		out = append(out, entry)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// checkAddress applies the formats: salutation, names as in the profile, the country and its postcode rule.
func (s *schema) checkAddress(entry map[string]any) ([]ValidationError, bool) {
	var errs []ValidationError
	format := func(field string) {
		errs = append(errs, ValidationError{FieldName: "data." + addressBookField + "." + field, ErrorCode: contract.CodeInvalidFormat,
			Message: "The specified value does not correspond to the expected format."})
	}
	if sal, given := entry["salutation"].(string); given && sal != "mr" && sal != "mrs" && sal != "div" {
		format("salutation")
	}
	for _, field := range []string{"firstName", "lastName"} {
		f := s.fields["profile."+field]
		if name, given := entry[field].(string); given && f != nil && f.re != nil && !f.re.MatchString(name) {
			format(field)
		}
	}
	country, _ := entry["country"].(string)
	if country != "" {
		rule, known := s.postcodes[country]
		switch {
		case !countryCode.MatchString(country) || (len(s.postcodes) > 0 && !known):
			format("country")
		default:
			if rule == nil {
				rule = genericPostcode
			}
			if zip, given := entry["zip"].(string); given && !rule.MatchString(zip) {
				format("zip")
			}
		}
	}
	return errs, len(errs) == 0
}

func containsField(list []string, name string) bool {
	for _, f := range list {
		if f == name {
			return true
		}
	}
	return false
}
