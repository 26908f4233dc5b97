package embedded

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/commonpasswords"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// Write access values of schema fields.
const (
	WriteClientModify = "clientModify"
	WriteServerOnly   = "serverOnly"
)

type compiledField struct {
	FieldSchema
	re *regexp.Regexp
}

// schema is the compiled account schema, subscriptions and consents of a Config.
type schema struct {
	fields   map[string]*compiledField
	order    []string
	subs     map[string]SubscriptionSchema
	subOrder []string
	consents map[string]ConsentStatement
	conOrder []string
	policy   PasswordPolicy
	policyRe *regexp.Regexp
	// postcodes are the postcode rules of the countries an address may be in; empty accepts any country code.
	postcodes map[string]*regexp.Regexp
	// profileCountry is the country of a profile's postcode when the profile names none (Config.ProfileCountry).
	profileCountry string
	// dataNames are the names data's schema gives, each field's and the objects' it lies in ("sfmc",
	// "sfmc.subscriptionKey", "addressBook"), by themselves and by their lower case: a free-form key that differs
	// from one of them only in case is refused (lookAlike).
	dataNames map[string]string
}

func compileSchema(c Config) (*schema, error) {
	s := &schema{fields: map[string]*compiledField{}, subs: map[string]SubscriptionSchema{}, consents: map[string]ConsentStatement{},
		policy: c.Password, profileCountry: strings.ToUpper(c.ProfileCountry),
		dataNames: map[string]string{strings.ToLower(addressBookField): addressBookField}}
	for _, f := range c.Fields {
		if path, isData := strings.CutPrefix(f.Name, "data."); isData {
			segs := strings.Split(path, ".")
			for i := range segs {
				name := strings.Join(segs[:i+1], ".")
				s.dataNames[strings.ToLower(name)], s.dataNames[name] = name, name // the second for names alike but for case
			}
		}
		cf := &compiledField{FieldSchema: f}
		if cf.WriteAccess == "" {
			cf.WriteAccess = WriteClientModify
		}
		if f.Format != "" {
			re, err := regexp.Compile(f.Format)
			if err != nil {
				return nil, fmt.Errorf("identity: field %s: %w", f.Name, err)
			}
			cf.re = re
		}
		s.fields[f.Name] = cf
		s.order = append(s.order, f.Name)
	}
	for _, sub := range c.Subscriptions {
		s.subs[sub.Key] = sub
		s.subOrder = append(s.subOrder, sub.Key)
	}
	for _, con := range c.Consents {
		s.consents[con.ID] = con
		s.conOrder = append(s.conOrder, con.ID)
	}
	if c.Password.RegExp != "" {
		re, err := regexp.Compile(c.Password.RegExp)
		if err != nil {
			return nil, err
		}
		s.policyRe = re
	}
	s.postcodes = make(map[string]*regexp.Regexp, len(c.PostcodeRules))
	for country, rule := range c.PostcodeRules {
		re, err := regexp.Compile(rule)
		if err != nil {
			return nil, fmt.Errorf("identity: postcode rule of %s: %w", country, err)
		}
		s.postcodes[strings.ToUpper(country)] = re
	}
	return s, nil
}

func (s *schema) checkPassword(field, password string) []ValidationError {
	if password == "" {
		return []ValidationError{{FieldName: field, ErrorCode: contract.CodeMissingRequiredValue, Message: "Missing required field"}}
	}
	if msg, good := s.policy.check(password, s.policyRe); !good {
		return []ValidationError{{FieldName: field, ErrorCode: contract.CodeInvalidParameter, Message: msg}}
	}
	if commonpasswords.Contains(password) {
		return []ValidationError{{FieldName: field, ErrorCode: contract.CodeInvalidParameter, Message: CommonPasswordMessage}}
	}
	return nil
}

// CommonPasswordMessage is the validation message of a password on the list of common and breached passwords;
// the envelope then carries contract.DetailsCommonPassword.
const CommonPasswordMessage = "This password is too common: it appears in lists of breached passwords."

// coerce checks one value against its field and returns it in its stored form.
func (f *compiledField) coerce(v any) (any, *ValidationError) {
	bad := func(code int, msg string) (any, *ValidationError) {
		return nil, &ValidationError{FieldName: f.Name, ErrorCode: code, Message: msg}
	}
	switch f.Type {
	case "long":
		var n float64
		switch t := v.(type) {
		case float64:
			n = t
		case int:
			n = float64(t)
		case int64:
			n = float64(t)
		default:
			// JSON's numbers only, as booleans are JSON's true or false: text was read as a number, so "1980", " 5\n"
			// and "+5" were stored as numbers (QA bad-input round of 2026-11-29). The apps send numbers.
			return bad(contract.CodeInvalidParameter, "The value must be a whole number.")
		}
		if n != math.Trunc(n) || math.Abs(n) > 1e15 {
			return bad(contract.CodeInvalidParameter, "The value must be a whole number.")
		}
		if f.Max > f.Min && (int64(n) < f.Min || int64(n) > f.Max) {
			return bad(contract.CodeInvalidParameter, fmt.Sprintf("The value must be between %d and %d.", f.Min, f.Max))
		}
		return int64(n), nil
	case "boolean":
		// JSON's true or false only: strconv.ParseBool also stored "true", "T", "0" and "FALSE" (QA round of
		// 2026-11-29). A form's section is JSON too, so nothing the apps send is a string here.
		if b, isBool := v.(bool); isBool {
			return b, nil
		}
		return bad(contract.CodeInvalidParameter, "The value must be true or false.")
	default:
		str, isStr := v.(string)
		if !isStr {
			return bad(contract.CodeInvalidParameter, "The value must be a string.")
		}
		// Composed (NFC), as keyboards mostly type it: a name typed decomposed ("José" as e and a combining accent)
		// was refused by the name pattern and would be stored apart from the same name composed (QA).
		str = norm.NFC.String(strings.TrimSpace(str))
		maxLength := contract.AccountTextMaxLength
		if f.MaxLength > 0 {
			maxLength = f.MaxLength
		}
		if utf8.RuneCountInString(str) > maxLength { // characters, as forms count them (an address's likewise)
			return bad(contract.CodeInvalidParameter, tooLong(maxLength))
		}
		if strings.ContainsFunc(str, identity.IsTextControl) || !contract.TextShowsAsSent(str) {
			return bad(contract.CodeInvalidFormat, "The specified value does not correspond to the expected format.")
		}
		if str == "" {
			if f.Required {
				return bad(contract.CodeMissingRequiredValue, "Missing required field")
			}
			return "", nil
		}
		if f.re != nil && !f.re.MatchString(str) {
			return bad(contract.CodeInvalidFormat, "The specified value does not correspond to the expected format.")
		}
		return str, nil
	}
}

// tooLong is the message of a text longer than maxLength characters: it names the limit, so that a client without a
// text of its own for the field still says how much to cut (QA, 2026-11-30: "too long" alone did not).
func tooLong(maxLength int) string {
	return fmt.Sprintf("The value is too long: at most %d characters.", maxLength)
}

// mergeProfile validates profile input (without email, which has its own flow) and merges it into cur.
func (s *schema) mergeProfile(in, cur map[string]any) (map[string]any, []ValidationError, bool) {
	out := deepCopy(cur)
	// The profile's fields are values and phones a list of objects, but what was sent is held to data's nesting
	// before any of it is read: phones in 3,000 lists were walked to say which entry was no object (QA bad-input
	// round of 2026-11-29).
	for _, v := range in {
		if nestsDeeper(v, maxNesting) {
			return out, []ValidationError{{FieldName: "profile", ErrorCode: contract.CodeInvalidParameter, Message: "The profile is nested too deeply."}}, false
		}
	}
	var errs []ValidationError
	serverOnly := false
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := in[k]
		name := "profile." + k
		if k == "phones" {
			phones, verrs := s.phones(v)
			errs = append(errs, verrs...)
			if len(verrs) == 0 {
				if phones == nil {
					delete(out, "phones")
				} else {
					out["phones"] = phones
				}
			}
			continue
		}
		f, known := s.fields[name]
		if !known || k == "email" {
			errs = append(errs, ValidationError{FieldName: name, ErrorCode: contract.CodeInvalidParameter, Message: "Unknown field"})
			continue
		}
		if f.WriteAccess == WriteServerOnly {
			serverOnly = true
			continue
		}
		if v == nil {
			if f.Required {
				errs = append(errs, ValidationError{FieldName: name, ErrorCode: contract.CodeMissingRequiredValue, Message: "Missing required field"})
				continue
			}
			delete(out, k)
			continue
		}
		val, verr := f.coerce(v)
		if verr != nil {
			errs = append(errs, *verr)
			continue
		}
		if val == "" {
			delete(out, k)
			continue
		}
		out[k] = val
	}
	errs = append(errs, s.checkProfilePostcode(in, out, errs)...)
	errs = append(errs, checkBirthDate(in, out, errs)...)
	return out, errs, serverOnly
}

// checkBirthDate holds the day of birth to its month, when a write gives any part of the date and each part
// held its own range: 31 February was stored (QA bad-input round). Without a year, 29 February stands.
func checkBirthDate(in, merged map[string]any, errs []ValidationError) []ValidationError {
	given := false
	for _, k := range []string{"birthDay", "birthMonth", "birthYear"} {
		if _, ok := in[k]; ok {
			given = true
		}
	}
	for _, e := range errs {
		if strings.HasPrefix(e.FieldName, "profile.birth") {
			return nil
		}
	}
	day, hasDay := wholeNumber(merged["birthDay"])
	month, hasMonth := wholeNumber(merged["birthMonth"])
	if !given || !hasDay || !hasMonth {
		return nil
	}
	year, hasYear := wholeNumber(merged["birthYear"])
	if !hasYear {
		year = 2000 // a leap year: the day is held to the longest its month can be
	}
	if t := time.Date(int(year), time.Month(month), int(day), 0, 0, 0, 0, time.UTC); t.Day() != int(day) {
		return []ValidationError{{FieldName: "profile.birthDay", ErrorCode: contract.CodeInvalidParameter,
			Message: fmt.Sprintf("The month has no day %d.", day)}}
	}
	return nil
}

// wholeNumber reads a long field as it is merged: int64 when just written, float64 when read back from JSON.
func wholeNumber(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case float64:
		return int64(n), n == math.Trunc(n)
	}
	return 0, false
}

// postcodeCountry is the country a profile's postcode is in: the profile's own (own true), else the site's
// (profileCountry), "" where neither is known. The postcode's rule and the store area both follow it: a postcode
// held to the German rule is a German one for the store area too.
func (s *schema) postcodeCountry(profile map[string]any) (country string, own bool) {
	if country, _ := profile["country"].(string); country != "" {
		return country, true
	}
	return s.profileCountry, false
}

// checkProfilePostcode holds the profile's postcode and country to the rules of an address (spec 000 §5: the
// country's postcode rule; §3: the countries the product knows), when a write gives either and its own format held.
// A profile without a country has the site's (profileCountry): a German account's "1234" was stored, though the
// German site's forms ask for five digits and the address book refuses it (QA).
func (s *schema) checkProfilePostcode(in, merged map[string]any, errs []ValidationError) []ValidationError {
	_, zipGiven := in["zip"]
	_, countryGiven := in["country"]
	if !zipGiven && !countryGiven {
		return nil
	}
	for _, e := range errs {
		if e.FieldName == "profile.zip" || e.FieldName == "profile.country" {
			return nil
		}
	}
	country, own := s.postcodeCountry(merged)
	if country == "" {
		return nil
	}
	format := func(field string) []ValidationError {
		return []ValidationError{{FieldName: "profile." + field, ErrorCode: contract.CodeInvalidFormat,
			Message: "The specified value does not correspond to the expected format."}}
	}
	rule, known := s.postcodes[country]
	if len(s.postcodes) > 0 && !known && own {
		return format("country")
	}
	if zip, _ := merged["zip"].(string); zip != "" && rule != nil && !rule.MatchString(zip) {
		return format("zip")
	}
	return nil
}

// phones accepts [{number, type, default}] (or one object) and validates each number.
func (s *schema) phones(v any) ([]any, []ValidationError) {
	if v == nil {
		return nil, nil
	}
	var list []any
	switch t := v.(type) {
	case []any:
		list = t
	case map[string]any:
		list = []any{t}
	default:
		return nil, []ValidationError{{FieldName: "profile.phones", ErrorCode: contract.CodeInvalidParameter, Message: "Phones must be a list."}}
	}
	if len(list) > 10 {
		return nil, []ValidationError{{FieldName: "profile.phones", ErrorCode: contract.CodeInvalidParameter, Message: "Too many phone numbers."}}
	}
	out := make([]any, 0, len(list))
	var errs []ValidationError
	for _, item := range list {
		obj, isObj := item.(map[string]any)
		if !isObj {
			errs = append(errs, ValidationError{FieldName: "profile.phones", ErrorCode: contract.CodeInvalidParameter, Message: "A phone must be an object."})
			continue
		}
		phone := map[string]any{}
		if f := s.fields["profile.phones.number"]; f != nil {
			val, verr := f.coerce(obj["number"])
			if verr != nil {
				errs = append(errs, *verr)
				continue
			}
			if val == "" {
				continue // an empty number removes the entry
			}
			// The lengths of the countries whose numbers have one, which no schema format says: the form refused
			// +35191234567 and the service stored it (QA round of 2026-11-30).
			if !contract.PhoneNumberValid(val.(string)) {
				errs = append(errs, ValidationError{FieldName: f.Name, ErrorCode: contract.CodeInvalidFormat,
					Message: "The specified value does not correspond to the expected format."})
				continue
			}
			phone["number"] = val
		}
		typ := "default"
		if f := s.fields["profile.phones.type"]; f != nil && obj["type"] != nil {
			val, verr := f.coerce(obj["type"])
			if verr != nil {
				errs = append(errs, *verr) // was stored as given: NUL, bidi overrides, 3,000 characters (QA)
				continue
			}
			if val != "" {
				typ = val.(string)
			}
		}
		phone["type"] = typ
		if d, isBool := obj["default"].(bool); isBool {
			phone["default"] = d
		}
		out = append(out, phone)
	}
	return out, errs
}

// mergeData validates data input and deep-merges it into cur; serverOnly reports a write to a server-only field.
func (s *schema) mergeData(in, cur map[string]any) (map[string]any, []ValidationError, bool) {
	var errs []ValidationError
	book, hasBook := in[addressBookField]
	if hasBook {
		// The address book is a list of structured entries: checked as a whole and replaced, never merged.
		in = maps.Clone(in)
		delete(in, addressBookField)
	}
	leaves, good := flatten(in, maxNesting)
	if !good {
		errs = append(errs, ValidationError{FieldName: "data", ErrorCode: contract.CodeInvalidParameter, Message: "The data is nested too deeply or has empty keys."})
	}
	serverOnly := false
	normalized := map[string]any{}
	for _, l := range leaves {
		name := "data." + l.Path
		// Keys and free-form values hold no controls or bidirectional overrides, as the schema's texts (coerce): NUL,
		// a bell and U+202E were stored in data's own keys and values (QA round of 2026-11-29).
		if strings.ContainsFunc(l.Path, identity.IsTextControl) {
			errs = append(errs, ValidationError{FieldName: name, ErrorCode: contract.CodeInvalidFormat, Message: "The specified value does not correspond to the expected format."})
			continue
		}
		if like := s.lookAlike(l.Path); like != "" {
			if s.serverOnlyBelow("data." + like) {
				serverOnly = true // customerAssignment beside the server's customerassignment: refused as the field itself
				continue
			}
			errs = append(errs, ValidationError{FieldName: name, ErrorCode: contract.CodeInvalidParameter,
				Message: fmt.Sprintf("Unknown field: the schema's is data.%s, which differs only in case.", like)})
			continue
		}
		for fname, f := range s.fields {
			if f.WriteAccess == WriteServerOnly && (fname == name || strings.HasPrefix(name, fname+".") || strings.HasPrefix(fname, name+".")) {
				serverOnly = true
			}
		}
		val := l.Value
		f, known := s.fields[name]
		if !known && strings.HasPrefix(name+".", PreferenceNamespace) {
			errs = append(errs, ValidationError{FieldName: name, ErrorCode: contract.CodeInvalidParameter, Message: "Unknown preference"})
			continue
		}
		if val != nil && s.shapeConflict(name, l.Path, val, cur) {
			errs = append(errs, ValidationError{FieldName: name, ErrorCode: contract.CodeInvalidParameter,
				Message: "The value does not fit the field: an object cannot become a value, nor a value an object."})
			continue
		}
		if known && val != nil {
			coerced, verr := f.coerce(val)
			if verr != nil {
				errs = append(errs, *verr)
				continue
			}
			val = coerced
		}
		if !known && holdsTextControl(val) {
			errs = append(errs, ValidationError{FieldName: name, ErrorCode: contract.CodeInvalidFormat, Message: "The specified value does not correspond to the expected format."})
			continue
		}
		setPath(normalized, l.Path, val)
	}
	out := DeepMerge(cur, normalized)
	if len(in) > 0 && len(errs) == 0 {
		if size, before := jsonSize(out), jsonSize(cur); size > MaxDataBytes && size > before {
			errs = append(errs, ValidationError{FieldName: "data", ErrorCode: contract.CodeInvalidParameter,
				Message: fmt.Sprintf("The data would grow to %d bytes; an account holds at most %d.", size, MaxDataBytes)})
		}
	}
	if hasBook {
		entries, berrs := []any(nil), []ValidationError(nil)
		if book != nil {
			entries, berrs = s.addressBook(book)
		}
		errs = append(errs, berrs...)
		if len(entries) > 0 {
			out[addressBookField] = entries
		} else {
			delete(out, addressBookField)
		}
	}
	return out, errs, serverOnly
}

// lookAlike names the schema's data name that path, or the start of it, equals but for case ("customerAssignment"
// for the server's "customerassignment", "Preference.GOLF" past the closed preference namespace); "" when it has
// none. Such a key was stored next to the field it imitates, where anything that reads data without regard to case
// (an export, a marketing tool, an operator) could take it for the field (QA round of 2026-11-29).
func (s *schema) lookAlike(path string) string {
	segs := strings.Split(path, ".")
	for i := range segs {
		written := strings.Join(segs[:i+1], ".")
		name, known := s.dataNames[strings.ToLower(written)]
		if !known {
			return "" // the schema names nothing that starts so, in any case
		}
		if name != written && s.dataNames[written] != written {
			return name
		}
	}
	return ""
}

// serverOnlyBelow reports a server-only field at name or below it.
func (s *schema) serverOnlyBelow(name string) bool {
	for fname, f := range s.fields {
		if f.WriteAccess == WriteServerOnly && (fname == name || strings.HasPrefix(fname, name+".")) {
			return true
		}
	}
	return false
}

// holdsTextControl reports a control or bidirectional override in a free-form value: in a text, in a text or key
// anywhere in a list or an object.
func holdsTextControl(v any) bool {
	switch t := v.(type) {
	case string:
		return strings.ContainsFunc(t, identity.IsTextControl)
	case []any:
		return slices.ContainsFunc(t, holdsTextControl)
	case map[string]any:
		for k, item := range t {
			if strings.ContainsFunc(k, identity.IsTextControl) || holdsTextControl(item) {
				return true
			}
		}
	}
	return false
}

// MaxDataBytes bounds an account's data document, serialised. The apps keep a few hundred bytes there (tiles,
// favourite store, consents, the address); without a bound, any session or newsletter link could grow an account
// by 64 KB a call until every read of it carried megabytes. A write that shrinks an oversized document passes.
const MaxDataBytes = 16 << 10

func jsonSize(doc map[string]any) int {
	b, err := json.Marshal(doc)
	if err != nil {
		return math.MaxInt
	}
	return len(b)
}

// shapeConflict reports a write that would change a field's shape: a value where the schema or the stored data
// has an object (data.sfmc = 5 would drop the personalisation consent inside it), or an object below a value.
func (s *schema) shapeConflict(name, path string, val any, cur map[string]any) bool {
	_, isObject := val.(map[string]any)
	for fname := range s.fields {
		if !isObject && strings.HasPrefix(fname, name+".") {
			return true // a value where the schema has fields below
		}
		if strings.HasPrefix(name, fname+".") {
			return true // fields below a value of the schema
		}
	}
	var at any = cur
	segs := strings.Split(path, ".")
	for i, seg := range segs {
		obj, isObj := at.(map[string]any)
		if !isObj {
			return at != nil // fields below a stored value
		}
		if at = obj[seg]; at == nil {
			return false
		}
		if i == len(segs)-1 {
			_, storedObject := at.(map[string]any)
			return storedObject && !isObject
		}
	}
	return false
}

// Statement is the legal statement of the consent for a shopper's language tag, and the language it is kept under:
// the tag's own (nl-BE: "nl-be"), else its language's ("nl"), else the German one, else the first by language. One rule
// with the account portal's consentStatement (contract.StatementLanguage): a Belgian shopper accepts the Belgian
// document, which the Belgian footer links, not the Dutch one (QA market round).
func (c ConsentStatement) Statement(lang string) (string, LegalStatement) {
	key, _ := contract.StatementLanguage(lang)
	for _, k := range []string{key, mail.BaseLanguage(lang), "de"} {
		if st, found := c.LegalStatements[k]; found && k != "" {
			return k, st
		}
	}
	keys := make([]string, 0, len(c.LegalStatements))
	for k := range c.LegalStatements {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) > 0 {
		return keys[0], c.LegalStatements[keys[0]]
	}
	return mail.BaseLanguage(lang), LegalStatement{}
}

// statement is Statement without the language.
func (c ConsentStatement) statement(lang string) LegalStatement {
	_, st := c.Statement(lang)
	return st
}

// mergePreferences records consents: granted or withdrawn, with the accepted document version and time.
func (s *schema) mergePreferences(in, cur map[string]any, lang string, now time.Time) (map[string]any, []ValidationError) {
	leaves, good := flatten(in, 6)
	out := deepCopy(cur)
	var errs []ValidationError
	if !good {
		errs = append(errs, ValidationError{FieldName: "preferences", ErrorCode: contract.CodeInvalidParameter, Message: "The preferences are nested too deeply or have empty keys."})
	}
	type change struct {
		granted    *bool
		docVersion *float64
	}
	changes := map[string]*change{}
	var order []string
	for _, l := range leaves {
		i := strings.LastIndex(l.Path, ".")
		if i < 0 {
			errs = append(errs, ValidationError{FieldName: "preferences." + l.Path, ErrorCode: contract.CodeInvalidParameter, Message: "Unknown consent"})
			continue
		}
		id, attr := l.Path[:i], l.Path[i+1:]
		con, known := s.consents[id]
		if !known || !con.IsActive {
			errs = append(errs, ValidationError{FieldName: "preferences." + id, ErrorCode: contract.CodeInvalidParameter, Message: "Unknown consent"})
			continue
		}
		ch := changes[id]
		if ch == nil {
			ch = &change{}
			changes[id] = ch
			order = append(order, id)
		}
		switch attr {
		case "isConsentGranted":
			b, isBool := l.Value.(bool) // JSON's true or false only; the string "true" was taken (QA round of 2026-11-29)
			if !isBool {
				errs = append(errs, ValidationError{FieldName: "preferences." + l.Path, ErrorCode: contract.CodeInvalidParameter, Message: "The value must be true or false."})
				continue
			}
			ch.granted = &b
		case "docVersion":
			// The version of the text the shopper saw: a positive number, or absent for the current one. A negative
			// one was stored and the next login asked for the consent again (206001; QA bad-input round).
			f, isNum := l.Value.(float64)
			if !isNum || f <= 0 {
				errs = append(errs, ValidationError{FieldName: "preferences." + l.Path, ErrorCode: contract.CodeInvalidParameter, Message: "The document version must be a positive number."})
				continue
			}
			ch.docVersion = &f
		}
	}
	for _, id := range order {
		ch := changes[id]
		if ch.granted == nil {
			continue
		}
		// The record names the statement's language (nl-be where the Belgian shopper had the Belgian one): the version
		// counts in it at every later check (consentSatisfied), as the apps read it.
		given, statement := s.consents[id].Statement(lang)
		version := statement.CurrentDocVersion
		if ch.docVersion != nil && *ch.docVersion <= version {
			version = *ch.docVersion
		}
		setPath(out, id, map[string]any{
			"isConsentGranted":    *ch.granted,
			"docVersion":          version,
			"lastConsentModified": isoTime(now),
			"lang":                given,
		})
	}
	return out, errs
}

// mergeSubscriptions applies isSubscribed changes and reports the keys that need a double opt-in mail now.
// The double opt-in state is the server's: client writes to it are ignored.
func (s *schema) mergeSubscriptions(in, cur map[string]any, now time.Time) (map[string]any, []string, []ValidationError) {
	leaves, good := flatten(in, 6)
	out := deepCopy(cur)
	var errs []ValidationError
	if !good {
		errs = append(errs, ValidationError{FieldName: "subscriptions", ErrorCode: contract.CodeInvalidParameter, Message: "The subscriptions are nested too deeply or have empty keys."})
	}
	var pending []string
	for _, l := range leaves {
		segs := strings.Split(l.Path, ".")
		key := segs[0]
		sub, known := s.subs[key]
		if !known {
			errs = append(errs, ValidationError{FieldName: "subscriptions." + key, ErrorCode: contract.CodeInvalidParameter, Message: "Unknown subscription"})
			continue
		}
		if len(segs) < 3 || segs[1] != "email" {
			// {"NLT_GENERAL": true} changed nothing and answered 0 (QA bad-input round).
			errs = append(errs, ValidationError{FieldName: "subscriptions." + l.Path, ErrorCode: contract.CodeInvalidParameter,
				Message: "Write a subscription as {KEY: {email: {isSubscribed: true or false}}}."})
			continue
		}
		if segs[2] != "isSubscribed" {
			continue // the rest of a subscription (its double opt-in, when it changed) is the server's to write
		}
		want, isBool := l.Value.(bool) // JSON's true or false only, as isConsentGranted (QA round of 2026-11-29)
		if !isBool {
			errs = append(errs, ValidationError{FieldName: "subscriptions." + l.Path, ErrorCode: contract.CodeInvalidParameter, Message: "The value must be true or false."})
			continue
		}
		email, _ := getPath(out, key+".email")
		em, _ := email.(map[string]any)
		if em == nil {
			em = map[string]any{"isSubscribed": false, "doubleOptIn": map[string]any{"status": "NotConfirmed"}}
		}
		doi, _ := em["doubleOptIn"].(map[string]any)
		if doi == nil {
			doi = map[string]any{"status": "NotConfirmed"}
		}
		was, _ := em["isSubscribed"].(bool)
		switch {
		case want && !was:
			if sub.DoubleOptIn && doi["status"] != "Confirmed" {
				doi["status"] = "Pending"
				doi["emailSentTime"] = isoTime(now)
				delete(doi, "confirmTime")
				pending = append(pending, key)
			}
		case !want && was:
			// Subscribing again asks for a new confirmation.
			doi["status"] = "NotConfirmed"
			delete(doi, "confirmTime")
		}
		if want != was {
			em["lastUpdatedSubscriptionState"] = isoTime(now)
		}
		em["isSubscribed"] = want
		em["doubleOptIn"] = doi
		setPath(out, key+".email", em)
	}
	return out, pending, errs
}

// missingRequired lists the required fields without a value and the mandatory consents not (or no longer
// sufficiently) accepted, as dotted names.
func (s *schema) missingRequired(a Account) []string {
	var missing []string
	for _, name := range s.order {
		f := s.fields[name]
		if !f.Required || name == "profile.email" {
			continue
		}
		var doc map[string]any
		var path string
		switch {
		case strings.HasPrefix(name, "profile."):
			doc, path = a.Profile, strings.TrimPrefix(name, "profile.")
		case strings.HasPrefix(name, "data."):
			doc, path = a.Data, strings.TrimPrefix(name, "data.")
		default:
			continue
		}
		v, found := getPath(doc, path)
		if !found || v == nil || v == "" {
			missing = append(missing, name)
		}
	}
	for _, id := range s.conOrder {
		if !s.consentSatisfied(a, id) {
			missing = append(missing, "preferences."+id)
		}
	}
	return missing
}

// consentSatisfied: a mandatory active consent must be granted at a version not below minDocVersion.
func (s *schema) consentSatisfied(a Account, id string) bool {
	con := s.consents[id]
	if !con.IsActive || !con.IsMandatory {
		return true
	}
	v, found := getPath(a.Preferences, id)
	p, isObj := v.(map[string]any)
	if !found || !isObj {
		return false
	}
	granted, _ := p["isConsentGranted"].(bool)
	version, _ := p["docVersion"].(float64)
	// In the language the consent was given in; a record without one, in the account's.
	given, _ := p["lang"].(string)
	if given == "" {
		given = a.Lang
	}
	return granted && version >= con.statement(given).MinDocVersion
}

func (f *compiledField) describe() map[string]any {
	d := map[string]any{"type": f.Type, "required": f.Required, "writeAccess": f.WriteAccess, "allowNull": !f.Required}
	switch {
	case f.Type == "long" && f.Max > f.Min:
		d["format"] = fmt.Sprintf("range(%d,%d)", f.Min, f.Max)
	case f.Name == "profile.email":
		d["format"] = `regex('^[^@\s]+@[^@\s]+\.[^@\s]+$')`
	case f.Format != "":
		d["format"] = "regex('" + f.Format + "')"
	}
	return d
}

// schemaAnswer is accounts.getSchema: profileSchema, dataSchema, subscriptionsSchema, preferencesSchema.
func (s *schema) schemaAnswer() map[string]any {
	profile, data := map[string]any{}, map[string]any{}
	for _, name := range s.order {
		f := s.fields[name]
		switch {
		case strings.HasPrefix(name, "profile."):
			profile[strings.TrimPrefix(name, "profile.")] = f.describe()
		case strings.HasPrefix(name, "data."):
			data[strings.TrimPrefix(name, "data.")] = f.describe()
		}
	}
	subs := map[string]any{}
	for _, key := range s.subOrder {
		sub := s.subs[key]
		subs[key+".email"] = map[string]any{"type": "subscription", "required": false, "doubleOptIn": sub.DoubleOptIn, "writeAccess": WriteClientModify}
	}
	prefs := map[string]any{}
	for _, id := range s.conOrder {
		con := s.consents[id]
		if !con.IsActive {
			continue
		}
		prefs[id] = map[string]any{"type": "consent", "required": con.IsMandatory, "writeAccess": WriteClientModify}
	}
	return map[string]any{
		"profileSchema":       map[string]any{"fields": profile, "dynamicSchema": false},
		"dataSchema":          map[string]any{"fields": data, "dynamicSchema": true},
		"subscriptionsSchema": map[string]any{"fields": subs},
		"preferencesSchema":   map[string]any{"fields": prefs},
	}
}

// consentAnswer is accounts.getSiteConsentDetails.
func (s *schema) consentAnswer() map[string]any {
	out := map[string]any{}
	for _, id := range s.conOrder {
		con := s.consents[id]
		statements := map[string]any{}
		for lang, st := range con.LegalStatements {
			statements[lang] = map[string]any{
				"currentDocVersion": st.CurrentDocVersion, "minDocVersion": st.MinDocVersion,
				"documentUrl": st.DocumentURL, "purpose": st.Purpose,
			}
		}
		out[id] = map[string]any{"isActive": con.IsActive, "isMandatory": con.IsMandatory, "legalStatements": statements}
	}
	return map[string]any{"siteConsentDetails": out}
}

func isoTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }
