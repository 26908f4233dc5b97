package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
	"golang.org/x/text/unicode/norm"
)

// document is api/identity-contract.yaml; the file's comments say what each part means.
type document struct {
	Codes          []code         `yaml:"codes"`
	Details        []detail       `yaml:"details"`
	PasswordPolicy policy         `yaml:"passwordPolicy"`
	EmailAddress   emailRule      `yaml:"emailAddress"`
	PersonName     nameRule       `yaml:"personName"`
	PhoneNumber    phoneRule      `yaml:"phoneNumber"`
	TextLength     textLength     `yaml:"textLength"`
	PlaceText      placeText      `yaml:"placeText"`
	Durations      []duration     `yaml:"durations"`
	SessionKeeping sessionKeeping `yaml:"sessionKeeping"`
	Lockout        struct {
		MaxFailures int    `yaml:"maxFailures"`
		KeyedBy     string `yaml:"keyedBy"`
	} `yaml:"lockout"`
	Limits struct {
		MailsPerAccount int `yaml:"mailsPerAccount"`
		MailsPerClient  int `yaml:"mailsPerClient"`
		StartsPerClient int `yaml:"startsPerClient"`
	} `yaml:"limits"`
	SubscriberScope subscriberScope `yaml:"subscriberScope"`
	Links           []link          `yaml:"links"`
	Pages           []page          `yaml:"pages"`
	API             api             `yaml:"api"`
	Methods         []method        `yaml:"methods"`
}

type code struct {
	Code     int    `yaml:"code"`
	Name     string `yaml:"name"`
	Message  string `yaml:"message"`
	Status   int    `yaml:"status"`
	Outcome  string `yaml:"outcome"`
	From     string `yaml:"from"`
	Meaning  string `yaml:"meaning"`
	Reaction string `yaml:"reaction"`
	Source   string `yaml:"source"`
}

type detail struct {
	Name     string `yaml:"name"`
	Code     int    `yaml:"code"`
	Details  string `yaml:"details"`
	Meaning  string `yaml:"meaning"`
	Reaction string `yaml:"reaction"`
}

type policy struct {
	MinLength     int `yaml:"minLength"`
	MinCharGroups int `yaml:"minCharGroups"`
	MaxBytes      int `yaml:"maxBytes"`
	Groups        []struct {
		Name       string   `yaml:"name"`
		Categories []string `yaml:"categories"`
	} `yaml:"groups"`
	Examples []struct {
		Password string `yaml:"password"`
		Groups   int    `yaml:"groups"`
	} `yaml:"examples"`
}

type emailRule struct {
	Examples []struct {
		Address string `yaml:"address"`
		Valid   bool   `yaml:"valid"`
	} `yaml:"examples"`
}

// nameRule is the pattern of a first and a last name, read alike by Go's regexp and JavaScript's with the u flag,
// the most characters a name takes, and the names both sides test their rule against.
type nameRule struct {
	Pattern   string `yaml:"pattern"`
	MaxLength int    `yaml:"maxLength"`
	Examples  []struct {
		Name  string `yaml:"name"`
		Valid bool   `yaml:"valid"`
	} `yaml:"examples"`
}

// textLength is what every text of the schema holds to besides its field's own rule: the most characters of an
// account's and an address's, the most combining marks in a row and the letters that show nothing.
type textLength struct {
	Account       int    `yaml:"account"`
	Address       int    `yaml:"address"`
	StreetNo      int    `yaml:"streetNo"`
	MarksInRow    int    `yaml:"marksInRow"`
	HiddenLetters string `yaml:"hiddenLetters"`
}

// showsAsSent is contract.TextShowsAsSent from the document (the generator cannot read the constants it writes): a
// composed text with at most MarksInRow combining marks in a row and none of HiddenLetters.
func (l textLength) showsAsSent(s string) bool {
	marks := 0
	for _, r := range s {
		switch {
		case strings.ContainsRune(l.HiddenLetters, r):
			return false
		case unicode.Is(unicode.M, r):
			if marks++; marks > l.MarksInRow {
				return false
			}
		default:
			marks = 0
		}
	}
	return true
}

// placeText is the rule of an address's street, house number and town: the texts both sides test their rule against
// (the rule itself is contract.PlaceTextValid and its TypeScript twin, written out).
type placeText struct {
	Examples []struct {
		Text  string `yaml:"text"`
		Valid bool   `yaml:"valid"`
	} `yaml:"examples"`
}

// phoneRule is the rule of a phone number as it is stored: the pattern, read alike by Go's regexp and JavaScript's
// with the u flag, the countries whose numbers have one length, and numbers both sides test against.
type phoneRule struct {
	Pattern string `yaml:"pattern"`
	Lengths []struct {
		Country     string `yaml:"country"`
		CountryCode string `yaml:"countryCode"`
		Digits      int    `yaml:"digits"`
	} `yaml:"lengths"`
	Examples []struct {
		Number string `yaml:"number"`
		Valid  bool   `yaml:"valid"`
	} `yaml:"examples"`
}

type duration struct {
	Name     string `yaml:"name"`
	Duration string `yaml:"duration"`
	Meaning  string `yaml:"meaning"`
	Source   string `yaml:"source"`
}

// sessionKeeping is how the account portal warns before a session of the embedded provider ends (unused, or at its
// absolute end), and the shortest idle limit that leaves it the time to (durations like 1m).
type sessionKeeping struct {
	TouchInterval string `yaml:"touchInterval"`
	WarningLead   string `yaml:"warningLead"`
	IdleMinimum   string `yaml:"idleMinimum"`
	// EndWarningLead is how long before a session's absolute end the portal says that it ends.
	EndWarningLead string `yaml:"endWarningLead"`
}

// subscriberScope is what a preference-centre regToken reads and writes (dotted names; a name covers what is below
// it) and which of the account's other answers it gets.
type subscriberScope struct {
	Read    []string `yaml:"read"`
	Write   []string `yaml:"write"`
	Answers []string `yaml:"answers"`
}

type link struct {
	Name       string `yaml:"name"`
	Path       string `yaml:"path"`
	TokenParam string `yaml:"tokenParam"`
	Mail       string `yaml:"mail"`
	Meaning    string `yaml:"meaning"`
}

type page struct {
	Name    string      `yaml:"name"`
	Path    string      `yaml:"path"`
	Meaning string      `yaml:"meaning"`
	Params  []pageParam `yaml:"params"`
}

// pageParam is a query parameter that a link's answer gives its page beside the path.
type pageParam struct {
	Name    string `yaml:"name"`
	Meaning string `yaml:"meaning"`
}

type api struct {
	Request  string `yaml:"request"`
	Response string `yaml:"response"`
	// Envelope documents the answer's fields for readers; the code generated from it is the ErrorCode table.
	Envelope []struct {
		Name    string `yaml:"name"`
		Type    string `yaml:"type"`
		Meaning string `yaml:"meaning"`
	} `yaml:"envelope"`
	MaxBodyBytes    int   `yaml:"maxBodyBytes"`
	EveryMethod     []int `yaml:"everyMethod"`
	ValidationCodes []int `yaml:"validationCodes"`
}

type method struct {
	Name   string `yaml:"name"`
	Params []struct {
		Name     string `yaml:"name"`
		Type     string `yaml:"type"`
		Required bool   `yaml:"required"`
		Meaning  string `yaml:"meaning"`
	} `yaml:"params"`
	Answer string `yaml:"answer"`
	Codes  []int  `yaml:"codes"`
}

// parse reads the contract strictly (an unknown key is a typo, not an extension) and checks what the generated
// code relies on.
func parse(raw []byte) (document, error) {
	var d document
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(&d); err != nil {
		return d, fmt.Errorf("identity contract: %w", err)
	}
	return d, d.validate()
}

var (
	upperSnake  = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)
	lowerCamel  = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)
	durationRe  = regexp.MustCompile(`^([1-9][0-9]*)(s|m|h|d)$`)
	country     = regexp.MustCompile(`^[A-Z]{2}$`)
	callingCode = regexp.MustCompile(`^[1-9][0-9]{0,2}$`)
	scopeName   = regexp.MustCompile(`^(profile|data|preferences|subscriptions)(\.[A-Za-z][A-Za-z0-9_]*)*$`)
)

func (d document) validate() error {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	byCode := map[int]code{}
	names := map[string]bool{}
	for _, c := range d.Codes {
		if _, dup := byCode[c.Code]; dup {
			bad("code %d listed twice", c.Code)
		}
		byCode[c.Code] = c
		if !upperSnake.MatchString(c.Name) || names[c.Name] {
			bad("code %d: name %q must be unique UPPER_SNAKE_CASE", c.Code, c.Name)
		}
		names[c.Name] = true
		if c.Code != 0 && (c.Code < 100000 || c.Code > 999999) {
			bad("code %d: error codes have six digits", c.Code)
		}
		if want := statusOf(c.Code); c.Status != want {
			bad("code %d: status %d, but the envelope's statusCode is the first three digits: %d", c.Code, c.Status, want)
		}
		switch c.Outcome {
		case "success", "informational", "error":
		default:
			bad("code %d: outcome %q is not success, informational or error", c.Code, c.Outcome)
		}
		if c.Outcome == "informational" && c.Status/100 != 2 {
			bad("code %d: only 2xxxxx codes are informational", c.Code)
		}
		switch c.From {
		case "all", "embedded", "vendor":
		default:
			bad("code %d: from %q is not all, embedded or vendor", c.Code, c.From)
		}
		if c.Message == "" || c.Meaning == "" {
			bad("code %d: message and meaning are required", c.Code)
		}
	}
	if c, found := byCode[0]; !found || c.Outcome != "success" {
		bad("code 0 must be listed as success")
	}
	known := func(where string, n int) {
		if _, found := byCode[n]; !found {
			bad("%s: code %d is not in codes", where, n)
		}
	}
	for _, det := range d.Details {
		if !upperSnake.MatchString(det.Name) || det.Details == "" {
			bad("detail %q: UPPER_SNAKE_CASE name and details required", det.Name)
		}
		known("detail "+det.Name, det.Code)
	}

	p := d.PasswordPolicy
	if p.MinLength < 1 || p.MinCharGroups < 0 || p.MinCharGroups > len(p.Groups) || p.MaxBytes < p.MinLength {
		bad("passwordPolicy: minLength >= 1, minCharGroups within the groups, maxBytes >= minLength")
	}
	rest := 0
	for _, g := range p.Groups {
		if !lowerCamel.MatchString(g.Name) {
			bad("passwordPolicy group %q: lowerCamelCase name", g.Name)
		}
		if len(g.Categories) == 0 {
			rest++
		}
		for _, cat := range g.Categories {
			if _, found := unicode.Categories[cat]; !found || len(cat) != 2 {
				bad("passwordPolicy group %s: %q is not a Unicode general category (Lu, Ll, Nd, ...)", g.Name, cat)
			}
		}
	}
	if rest != 1 || len(p.Groups[len(p.Groups)-1].Categories) != 0 {
		bad("passwordPolicy: exactly one group, the last, takes the characters no other group has (categories: [])")
	}
	if len(p.Examples) == 0 {
		bad("passwordPolicy: examples are what both sides test against; give some")
	}
	valid := map[bool]int{}
	for _, e := range d.EmailAddress.Examples {
		valid[e.Valid]++
	}
	if valid[true] == 0 || valid[false] == 0 {
		bad("emailAddress: examples are what both sides test against; give valid and invalid ones")
	}
	// Go's regexp is the narrower reader of the two; the contract suite runs the pattern in JavaScript too.
	namePattern, err := regexp.Compile(d.PersonName.Pattern)
	if err != nil || !strings.HasPrefix(d.PersonName.Pattern, "^") || !strings.HasSuffix(d.PersonName.Pattern, "$") {
		bad("personName.pattern: a regular expression from ^ to $ that Go's regexp reads")
		namePattern = nil
	}
	valid = map[bool]int{}
	for _, e := range d.PersonName.Examples {
		valid[e.Valid]++
		// The table says what the pattern and textLength's marks and hidden letters say, as the providers test a name:
		// trimmed and composed.
		name := norm.NFC.String(strings.TrimSpace(e.Name))
		if namePattern != nil && (namePattern.MatchString(name) && d.TextLength.showsAsSent(name)) != e.Valid {
			bad("personName.examples: %q is valid: %t, which the pattern and textLength do not say", e.Name, e.Valid)
		}
	}
	if valid[true] == 0 || valid[false] == 0 {
		bad("personName: examples are what both sides test against; give valid and invalid ones")
	}
	ph := d.PhoneNumber
	if _, err := regexp.Compile(ph.Pattern); err != nil || !strings.HasPrefix(ph.Pattern, "^") || !strings.HasSuffix(ph.Pattern, "$") {
		bad("phoneNumber.pattern: a regular expression from ^ to $ that Go's regexp reads")
	}
	for i, l := range ph.Lengths {
		if !country.MatchString(l.Country) || !callingCode.MatchString(l.CountryCode) || l.Digits < 1 {
			bad("phoneNumber.lengths: %q needs an ISO country (PT), its country code (1 to 3 digits, not from 0) and digits >= 1", l.Country)
		}
		// Which country a number is of is read from its first digits: one code may not begin another.
		for _, other := range ph.Lengths[:i] {
			if strings.HasPrefix(l.CountryCode, other.CountryCode) || strings.HasPrefix(other.CountryCode, l.CountryCode) {
				bad("phoneNumber.lengths: the country codes of %s and %s begin alike", other.Country, l.Country)
			}
		}
	}
	valid = map[bool]int{}
	for _, e := range ph.Examples {
		valid[e.Valid]++
		// The examples are numbers as stored; one written with spaces would test the forms' normalising instead.
		if strings.ContainsFunc(e.Number, unicode.IsSpace) {
			bad("phoneNumber.examples: %q holds a space: the examples are numbers as they are stored", e.Number)
		}
	}
	if valid[true] == 0 || valid[false] == 0 {
		bad("phoneNumber: examples are what both sides test against; give valid and invalid ones")
	}
	valid = map[bool]int{}
	for _, e := range d.PlaceText.Examples {
		valid[e.Valid]++
		// Each example goes into every place field, the house number's too, and is refused (400026) or taken, never
		// missing (400027).
		if utf8.RuneCountInString(e.Text) > d.TextLength.StreetNo || !strings.ContainsFunc(e.Text, func(r rune) bool {
			return !unicode.IsSpace(r) && !unicode.In(r, unicode.Cc, unicode.Cf)
		}) {
			bad("placeText.examples: %q must hold something besides spaces and format characters, in at most textLength.streetNo characters", e.Text)
		}
	}
	if valid[true] == 0 || valid[false] == 0 {
		bad("placeText: examples are what both sides test against; give valid and invalid ones")
	}
	if d.TextLength.Account < 1 || d.TextLength.Address < 1 || d.TextLength.MarksInRow < 1 {
		bad("textLength: account, address and marksInRow, each at least 1")
	}
	// A house number is a field of an address: its own limit is a narrower one.
	if d.TextLength.StreetNo < 1 || d.TextLength.StreetNo > d.TextLength.Address {
		bad("textLength.streetNo: at least 1 and at most textLength.address")
	}
	// Letters that show nothing: a visible one listed would refuse a name people write, a mark or a control is refused
	// otherwise already, and composing must leave each as it is, since a text is checked composed.
	hidden := d.TextLength.HiddenLetters
	if hidden == "" || !norm.NFC.IsNormalString(hidden) || strings.ContainsFunc(hidden, func(r rune) bool {
		return !unicode.IsLetter(r) || !unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || !norm.NFC.IsNormalString(string(r))
	}) {
		bad("textLength.hiddenLetters: letters that show nothing (default-ignorable), which composing leaves as they are")
	}
	// A name goes from the profile into an address: it must fit both.
	if d.PersonName.MaxLength < 1 || d.PersonName.MaxLength > min(d.TextLength.Account, d.TextLength.Address) {
		bad("personName.maxLength: at least 1 and at most textLength.account and textLength.address")
	}
	if d.API.MaxBodyBytes < 1 {
		bad("api.maxBodyBytes: at least 1")
	}

	for _, du := range d.Durations {
		if !lowerCamel.MatchString(du.Name) || !durationRe.MatchString(du.Duration) {
			bad("duration %q: lowerCamelCase name and a duration like 15m, 1h, 14d (got %q)", du.Name, du.Duration)
		}
	}
	sk := d.SessionKeeping
	if !durationRe.MatchString(sk.TouchInterval) || !durationRe.MatchString(sk.WarningLead) || !durationRe.MatchString(sk.IdleMinimum) ||
		!durationRe.MatchString(sk.EndWarningLead) {
		bad("sessionKeeping: touchInterval, warningLead, idleMinimum and endWarningLead, each a duration like 1m")
	} else if durationOf(sk.IdleMinimum) <= durationOf(sk.TouchInterval)+durationOf(sk.WarningLead) {
		// The warning comes idleMinimum - touchInterval - warningLead after a page's last request: at once, or never.
		bad("sessionKeeping.idleMinimum must be more than touchInterval and warningLead together")
	}
	if d.Lockout.MaxFailures < 1 {
		bad("lockout.maxFailures must be at least 1")
	}
	if d.Limits.MailsPerAccount < 1 || d.Limits.MailsPerClient < 1 || d.Limits.StartsPerClient < 1 {
		bad("limits: mailsPerAccount, mailsPerClient and startsPerClient, each at least 1")
	}
	reads := map[string]bool{}
	for _, name := range d.SubscriberScope.Read {
		if !scopeName.MatchString(name) {
			bad("subscriberScope.read: %q is not a dotted name in profile, data, preferences or subscriptions", name)
		}
		reads[name] = true
	}
	for _, name := range d.SubscriberScope.Write {
		if !reads[name] {
			bad("subscriberScope.write: %q is not in read (what a regToken writes it reads)", name)
		}
	}
	for _, name := range d.SubscriberScope.Answers {
		if !lowerCamel.MatchString(name) && name != "UID" {
			bad("subscriberScope.answers: %q is not a field of the account's answer", name)
		}
	}
	if len(d.SubscriberScope.Read) == 0 || len(d.SubscriberScope.Answers) == 0 {
		bad("subscriberScope: read and answers are required")
	}
	for _, l := range d.Links {
		if !lowerCamel.MatchString(l.Name) || !strings.HasPrefix(l.Path, "/") {
			bad("link %q: lowerCamelCase name and a path starting with /", l.Name)
		}
	}
	for _, pg := range d.Pages {
		if !lowerCamel.MatchString(pg.Name) || !strings.HasPrefix(pg.Path, "/") {
			bad("page %q: lowerCamelCase name and a path starting with /", pg.Name)
		}
		for _, prm := range pg.Params {
			if !lowerCamel.MatchString(prm.Name) {
				bad("page %q: param %q: lowerCamelCase name", pg.Name, prm.Name)
			}
		}
	}
	for _, n := range d.API.EveryMethod {
		known("api.everyMethod", n)
	}
	for _, n := range d.API.ValidationCodes {
		known("api.validationCodes", n)
	}
	methods := map[string]bool{}
	for _, m := range d.Methods {
		if !lowerCamel.MatchString(m.Name) || methods[m.Name] {
			bad("method %q: unique lowerCamelCase name", m.Name)
		}
		methods[m.Name] = true
		for _, n := range m.Codes {
			known("method "+m.Name, n)
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("identity contract:\n  %s", strings.Join(problems, "\n  "))
	}
	return nil
}

// statusOf is the envelope's statusCode of a code: the first three digits, 200 for 0.
func statusOf(c int) int {
	if c == 0 {
		return 200
	}
	s := strconv.Itoa(c)
	if len(s) < 3 {
		return 0
	}
	n, _ := strconv.Atoi(s[:3])
	return n
}

// goInitialisms are spelled in capitals inside Go names (Go's naming convention: CodeLoginIDUnknown).
var goInitialisms = map[string]bool{"OK": true, "ID": true, "API": true, "URL": true}

// goName turns UPPER_SNAKE or lowerCamel into Go's exported CamelCase.
func goName(name string) string {
	var words []string
	if upperSnake.MatchString(name) {
		words = strings.Split(name, "_")
	} else {
		start := 0
		for i, r := range name {
			if i > 0 && unicode.IsUpper(r) {
				words = append(words, name[start:i])
				start = i
			}
		}
		words = append(words, name[start:])
	}
	var b strings.Builder
	for _, w := range words {
		upper := strings.ToUpper(w)
		if goInitialisms[upper] {
			b.WriteString(upper)
			continue
		}
		b.WriteString(upper[:1] + strings.ToLower(w[1:]))
	}
	return b.String()
}

// durationOf is a duration of the contract ("14d") as a time.Duration.
func durationOf(s string) time.Duration {
	n, unit := durationParts(s)
	return time.Duration(n) * map[string]time.Duration{"s": time.Second, "m": time.Minute, "h": time.Hour, "d": 24 * time.Hour}[unit]
}

// durationParts splits "14d" into 14 and "d".
func durationParts(s string) (int, string) {
	m := durationRe.FindStringSubmatch(s)
	n, _ := strconv.Atoi(m[1])
	return n, m[2]
}
