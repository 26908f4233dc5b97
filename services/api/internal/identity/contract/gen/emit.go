package main

import (
	"fmt"
	"go/format"
	"strconv"
	"strings"
	"time"
	"unicode"
)

const (
	contractFile = "services/api/api/identity-contract.yaml"
	generator    = "services/api/internal/identity/contract/gen"
)

// goFile is contract.gen.go: constants and tables only; the logic that reads them (CharGroupCount, Message,
// IsSuccess, ...) is written by hand beside it.
func goFile(d document) ([]byte, error) {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	goName := func(prefix, name string) string { return prefix + goName(name) }
	codeName := map[int]string{}
	for _, c := range d.Codes {
		codeName[c.Code] = goName("Code", c.Name)
	}
	codeList := func(codes []int) string {
		names := make([]string, len(codes))
		for i, c := range codes {
			names[i] = codeName[c]
		}
		return strings.Join(names, ", ")
	}

	w("// Code generated from %s by %s. DO NOT EDIT.\n\n", contractFile, generator)
	w("package contract\n\nimport (\n\t\"time\"\n\t\"unicode\"\n)\n\n")

	w("// Error codes (ErrorCode.NAME in TypeScript); the comment is the code's meaning.\nconst (\n")
	for _, c := range d.Codes {
		comment(&b, "\t", fmt.Sprintf("%s (%d): %s", codeName[c.Code], c.Code, c.Meaning))
		w("\t%s = %d\n", codeName[c.Code], c.Code)
	}
	w(")\n\n")

	w("// Catalogue describes every error code (the error catalogue), in the contract's order.\nvar Catalogue = []Code{\n")
	for _, c := range d.Codes {
		w("\t{Code: %s, Name: %q, Message: %q, Status: %d, Outcome: Outcome%s, From: From%s},\n",
			codeName[c.Code], c.Name, c.Message, c.Status, goName("", c.Outcome), goName("", c.From))
	}
	w("}\n\n")

	w("// Detail codes: errorDetails values that refine an error code.\nconst (\n")
	for _, det := range d.Details {
		comment(&b, "\t", fmt.Sprintf("%s (with %s): %s", goName("Details", det.Name), codeName[det.Code], det.Meaning))
		w("\t%s = %q\n", goName("Details", det.Name), det.Details)
	}
	w(")\n\n")

	p := d.PasswordPolicy
	w("// Password policy defaults (getPolicies → passwordComplexity) and the longest password hashed, in UTF-8 bytes.\n")
	w("const (\n\tDefaultPasswordMinLength     = %d\n\tDefaultPasswordMinCharGroups = %d\n\tPasswordMaxBytes             = %d\n)\n\n",
		p.MinLength, p.MinCharGroups, p.MaxBytes)
	w("// CharGroups are the character groups of the password policy by Unicode general category; the group without\n")
	w("// categories takes every character no other group takes.\nvar CharGroups = []CharGroup{\n")
	for _, g := range p.Groups {
		if len(g.Categories) == 0 {
			w("\t{Name: %q},\n", g.Name)
			continue
		}
		tables := make([]string, len(g.Categories))
		for i, cat := range g.Categories {
			tables[i] = "unicode." + cat
		}
		w("\t{Name: %q, Categories: []*unicode.RangeTable{%s}},\n", g.Name, strings.Join(tables, ", "))
	}
	w("}\n\n")
	w("// CharGroupExamples are passwords with their number of character groups; both sides test against them.\n")
	w("var CharGroupExamples = []CharGroupExample{\n")
	for _, e := range p.Examples {
		w("\t{Password: %q, Groups: %d},\n", e.Password, e.Groups)
	}
	w("}\n\n")
	w("// PersonNamePattern is the rule of a first and a last name, in the profile and in an address book entry.\n")
	w("const PersonNamePattern = %s\n\n", goString(d.PersonName.Pattern))
	w("// PersonNameMaxLength is the most characters (code points after trimming and NFC) of a first or a last name.\n")
	w("const PersonNameMaxLength = %d\n\n", d.PersonName.MaxLength)
	w("// PersonNameExamples are names as sent and whether the provider takes them; both sides test against them.\n")
	w("var PersonNameExamples = []PersonNameExample{\n")
	for _, e := range d.PersonName.Examples {
		w("\t{Name: %s, Valid: %t},\n", goString(e.Name), e.Valid)
	}
	w("}\n\n")
	w("// The most characters (code points after trimming and NFC) of a profile or data text, of an address book field and\n")
	w("// of its house number (streetNo), the most combining marks in a row in a text of the schema, and the letters that\n")
	w("// show nothing, which no text of the schema holds (TextShowsAsSent).\n")
	w("const (\n\tAccountTextMaxLength = %d\n\tAddressTextMaxLength = %d\n\tAddressStreetNoMaxLength = %d\n\tTextMaxMarksInRow = %d\n\tTextHiddenLetters = %s\n)\n\n",
		d.TextLength.Account, d.TextLength.Address, d.TextLength.StreetNo, d.TextLength.MarksInRow, goString(d.TextLength.HiddenLetters))
	w("// PlaceTextExamples are streets, house numbers and towns as sent and whether the provider takes them (PlaceTextValid\n")
	w("// after trimming and composing, with every text's rules); both sides test against them.\n")
	w("var PlaceTextExamples = []PlaceTextExample{\n")
	for _, e := range d.PlaceText.Examples {
		w("\t{Text: %s, Valid: %t},\n", goString(e.Text), e.Valid)
	}
	w("}\n\n")
	ph := d.PhoneNumber
	w("// PhoneNumberPattern is the rule of a phone number as it is stored (E.164), the schema's format of the number.\n")
	w("const PhoneNumberPattern = %q\n\n", ph.Pattern)
	w("// PhoneNumberLengths are the countries whose numbers have one length: Digits after CountryCode.\n")
	w("var PhoneNumberLengths = []PhoneNumberLength{\n")
	for _, l := range ph.Lengths {
		w("\t{Country: %q, CountryCode: %q, Digits: %d},\n", l.Country, l.CountryCode, l.Digits)
	}
	w("}\n\n")
	w("// PhoneNumberExamples are numbers as stored and whether the provider takes them; both sides test against them.\n")
	w("var PhoneNumberExamples = []PhoneNumberExample{\n")
	for _, e := range ph.Examples {
		w("\t{Number: %q, Valid: %t},\n", e.Number, e.Valid)
	}
	w("}\n\n")
	w("// EmailAddressExamples are addresses and whether the provider takes them; both sides test against them.\n")
	w("var EmailAddressExamples = []EmailAddressExample{\n")
	for _, e := range d.EmailAddress.Examples {
		w("\t{Address: %q, Valid: %t},\n", e.Address, e.Valid)
	}
	w("}\n\n")

	w("// Durations of the contract.\nconst (\n")
	for _, du := range d.Durations {
		comment(&b, "\t", fmt.Sprintf("%s: %s Source: %s.", goName("", du.Name), du.Meaning, du.Source))
		w("\t%s = %s\n", goName("", du.Name), goDuration(du.Duration))
	}
	w(")\n\n")
	sk := d.SessionKeeping
	w("// Session keeping (WCAG 2.2.1): how the account portal warns before a session of the embedded provider ends,\n")
	w("// unused or at its absolute end (SessionKeeping in TypeScript, session.gen.ts).\nconst (\n")
	w("\t// SessionTouchInterval: the embedded provider records a session's use at most this often, so it may date a\n")
	w("\t// session's last use up to this much early.\n\tSessionTouchInterval = %s\n", goDuration(sk.TouchInterval))
	w("\t// SessionWarningLead: the account portal asks whether to stay logged in this long before an unused session\n")
	w("\t// would end.\n\tSessionWarningLead = %s\n", goDuration(sk.WarningLead))
	w("\t// SessionIdleMinimum: the shortest idle limit of the sessions start-up accepts, one that leaves a page time\n")
	w("\t// before the warning (more than SessionTouchInterval and SessionWarningLead together).\n")
	w("\tSessionIdleMinimum = %s\n", goDuration(sk.IdleMinimum))
	w("\t// SessionEndWarningLead: the account portal says this long before a session's absolute end that it ends.\n")
	w("\tSessionEndWarningLead = %s\n)\n\n", goDuration(sk.EndWarningLead))
	w("// LockoutMaxFailures failed logins of one login ID within LockoutWindow lock it for LockoutDuration.\n")
	w("const LockoutMaxFailures = %d\n\n", d.Lockout.MaxFailures)
	w("// Limits per account and per client (an address, an IPv6 one by its /64): the mails calls may make the service send\n")
	w("// within MailLimitWindow, and the anonymous starts (initRegistration, initPasskeyLogin) within StartLimitWindow.\n")
	w("const (\n\tMailsPerAccount = %d\n\tMailsPerClient = %d\n\tStartsPerClient = %d\n)\n\n",
		d.Limits.MailsPerAccount, d.Limits.MailsPerClient, d.Limits.StartsPerClient)

	sc := d.SubscriberScope
	w("// What a preference-centre (subscriber) regToken reaches: the dotted names getAccountInfo answers and\n")
	w("// setAccountInfo writes with it (a name covers what is below it, a section name the section), and the account's\n")
	w("// other answers it gets.\nvar (\n")
	w("\tSubscriberReads   = []string{%s}\n", goStrings(sc.Read))
	w("\tSubscriberWrites  = []string{%s}\n", goStrings(sc.Write))
	w("\tSubscriberAnswers = []string{%s}\n)\n\n", goStrings(sc.Answers))

	w("// Links in mails: the path and the query parameter that carries the token (none: the token follows the path).\nconst (\n")
	for _, l := range d.Links {
		comment(&b, "\t", fmt.Sprintf("%s: %s", goName("Link", l.Name)+"Path", l.Meaning))
		w("\t%sPath       = %q\n", goName("Link", l.Name), l.Path)
		w("\t%sTokenParam = %q\n", goName("Link", l.Name), l.TokenParam)
	}
	w(")\n\n")
	w("// Pages the links land on (paths ending in \"doi-\" take the error code).\nconst (\n")
	for _, pg := range d.Pages {
		comment(&b, "\t", fmt.Sprintf("%s: %s", goName("Page", pg.Name), pg.Meaning))
		w("\t%s = %q\n", goName("Page", pg.Name), pg.Path)
		for _, prm := range pg.Params {
			name := goName("Page", pg.Name) + goName("", prm.Name) + "Param"
			comment(&b, "\t", fmt.Sprintf("%s: %s", name, prm.Meaning))
			w("\t%s = %q\n", name, prm.Name)
		}
	}
	w(")\n\n")

	w("// Methods are the accounts.* methods of the identity HTTP API, their parameters and the codes they answer\n")
	w("// besides EveryMethodCodes.\nvar Methods = []Method{\n")
	for _, m := range d.Methods {
		params := make([]string, len(m.Params))
		for i, prm := range m.Params {
			params[i] = strconv.Quote(prm.Name)
		}
		w("\t{Name: %q, Params: []string{%s}, Codes: []int{%s}},\n", m.Name, strings.Join(params, ", "), codeList(m.Codes))
	}
	w("}\n\n")
	w("// APIMaxBodyBytes is the most bytes of the body of a call of the identity HTTP API.\n")
	w("const APIMaxBodyBytes = %d\n\n", d.API.MaxBodyBytes)
	w("// EveryMethodCodes may answer any method: a cross-site call, an unreadable request, a failure in the service.\n")
	w("var EveryMethodCodes = []int{%s}\n\n", codeList(d.API.EveryMethod))
	w("// ValidationErrorCodes are the codes of validationErrors entries.\n")
	w("var ValidationErrorCodes = []int{%s}\n", codeList(d.API.ValidationCodes))

	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return nil, fmt.Errorf("generated Go does not format: %w\n%s", err, b.String())
	}
	return src, nil
}

// sessionTSFile is session.gen.ts: SessionKeeping, in milliseconds. A file of its own, so that the account pages'
// session keeper, which loads after the page, takes it along; contract.gen.ts is in the first chunk of every page.
func sessionTSFile(d document, w tsWriter) {
	sk := d.SessionKeeping
	w("/** How the account portal warns before a session of the embedded provider ends, unused or at its absolute end (WCAG 2.2.1), in milliseconds. */\n")
	w("export const SessionKeeping = {\n")
	w("  /** The embedded provider records a session's use at most this often, so it may date a session's last use up to this much early. */\n")
	w("  touchInterval: %s,\n", tsMillis(durationOf(sk.TouchInterval)))
	w("  /** The account portal asks whether to stay logged in this long before an unused session would end. */\n")
	w("  warningLead: %s,\n", tsMillis(durationOf(sk.WarningLead)))
	w("  /** The shortest idle limit of the sessions the service starts with (metadata identity.sessionIdleSeconds), more than touchInterval and warningLead together. */\n")
	w("  idleMinimum: %s,\n", tsMillis(durationOf(sk.IdleMinimum)))
	w("  /** The account portal says this long before a session's absolute end (sessionInfo.expires_in) that it ends: nothing extends it. */\n")
	w("  endWarningLead: %s,\n", tsMillis(durationOf(sk.EndWarningLead)))
	w("} as const;\n")
}

// tsMillis writes a duration as milliseconds with their thousands apart (300_000).
func tsMillis(d time.Duration) string {
	digits := strconv.FormatInt(d.Milliseconds(), 10)
	for i := len(digits) - 3; i > 0; i -= 3 {
		digits = digits[:i] + "_" + digits[i:]
	}
	return digits
}

// tsFile is contract.gen.ts: the same facts as TypeScript values, those the first page of each app may need (error
// codes and messages, the password and name rules); the others are in the files of their own below (limitsTSFile's,
// textLengthTSFile's and the others).
func tsFile(d document, w tsWriter) {
	codeName := map[int]string{}
	for _, c := range d.Codes {
		codeName[c.Code] = "ErrorCode." + c.Name
	}
	// Codes as numbers named in a comment, not ErrorCode.X: the bundler keeps a property read even of an object it
	// drops (it might run a getter), so IdentityApiMethods, which only tests read, left 1.6 KB of bare reads
	// ("A.OK,A.FREQUENCY_LIMIT,…") in every page's first chunk (page weight, 2026-11-30).
	codeList := func(codes []int) string {
		names := make([]string, len(codes))
		for i, c := range codes {
			names[i] = fmt.Sprintf("%d /* %s */", c, strings.TrimPrefix(codeName[c], "ErrorCode."))
		}
		return strings.Join(names, ", ")
	}

	w("/** Error codes of the identity contract; the comment is the code's meaning. */\nexport const ErrorCode = {\n")
	for _, c := range d.Codes {
		w("  /** %s */\n  %s: %d,\n", jsdoc(c.Meaning), c.Name, c.Code)
	}
	w("} as const;\n\n")

	w("export type ErrorCodeName = keyof typeof ErrorCode;\n\n")
	w("/** What the contract says about one error code. */\nexport interface ErrorCodeInfo {\n")
	w("  code: number;\n  name: ErrorCodeName;\n  /** The envelope's errorMessage. */\n  message: string;\n")
	w("  /** The envelope's statusCode: the first three digits of the code. */\n  status: number;\n")
	w("  outcome: 'success' | 'informational' | 'error';\n")
	w("  /** Who answers it: every implementation, the service's HTTP edge only, or the vendor only. */\n")
	w("  from: 'all' | 'embedded' | 'vendor';\n}\n\n")
	w("/** Every error code (the error catalogue), in the contract's order. */\nexport const ErrorCatalogue: readonly ErrorCodeInfo[] = [\n")
	for _, c := range d.Codes {
		// The code as a number, not ErrorCode.X: a literal without property reads is one a bundler may drop
		// where nothing uses it (the first page's code).
		w("  { code: %d, name: %s, message: %s, status: %d, outcome: %s, from: %s },\n",
			c.Code, tsString(c.Name), tsString(c.Message), c.Status, tsString(c.Outcome), tsString(c.From))
	}
	w("];\n\n")

	// What the apps need of the catalogue at run time, apart from it: the catalogue's names, statuses and sources
	// then stay out of the first page's code (page weight, issue 16).
	w("/** The envelope's errorMessage by error code. */\nexport const ErrorMessages: Readonly<Record<number, string>> = {\n")
	for _, c := range d.Codes {
		w("  %d: %s,\n", c.Code, tsString(c.Message))
	}
	w("};\n\n")
	var success []string
	for _, c := range d.Codes {
		if c.Outcome == "success" {
			success = append(success, fmt.Sprintf("%d /* %s */", c.Code, c.Name))
		}
	}
	w("/** The error codes whose outcome is success. */\nexport const SuccessCodes: readonly number[] = [%s];\n\n", strings.Join(success, ", "))

	w("/** Detail codes: errorDetails values that refine an error code. */\nexport const ErrorDetails = {\n")
	for _, det := range d.Details {
		w("  /** With %s: %s */\n  %s: %s,\n", codeName[det.Code], jsdoc(det.Meaning), det.Name, tsString(det.Details))
	}
	w("} as const;\n\n")

	p := d.PasswordPolicy
	w("/** Password policy defaults (getPolicies → passwordComplexity) and the longest password hashed, in UTF-8 bytes. */\n")
	w("export const PasswordPolicyDefaults = { minLength: %d, minCharGroups: %d, maxBytes: %d } as const;\n\n",
		p.MinLength, p.MinCharGroups, p.MaxBytes)
	w("/** The character groups of the password policy by Unicode general category; each pattern finds one character of its group. */\n")
	w("export const CharGroups: readonly { name: string; pattern: RegExp }[] = [\n")
	var named []string
	for _, g := range p.Groups {
		var class string
		if len(g.Categories) == 0 {
			class = "[^" + strings.Join(named, "") + "]"
		} else {
			var props []string
			for _, cat := range g.Categories {
				props = append(props, `\p{`+cat+`}`)
			}
			named = append(named, props...)
			class = strings.Join(props, "")
			if len(props) > 1 {
				class = "[" + class + "]"
			}
		}
		w("  { name: %s, pattern: /%s/u },\n", tsString(g.Name), class)
	}
	w("];\n\n")
	w("/** Passwords with their number of character groups; both sides test against them. */\n")
	w("export const CharGroupExamples: readonly { password: string; groups: number }[] = [\n")
	for _, e := range p.Examples {
		w("  { password: %s, groups: %d },\n", tsString(e.Password), e.Groups)
	}
	w("];\n\n")
	w("/** The rule of a first and a last name, in the profile and in an address book entry (a RegExp with the u flag). */\n")
	w("export const PersonNamePattern = %s;\n\n", tsString(d.PersonName.Pattern))
	w("/** Names as sent and whether the provider takes them; both sides test against them. */\n")
	w("export const PersonNameExamples: readonly { name: string; valid: boolean }[] = [\n")
	for _, e := range d.PersonName.Examples {
		w("  { name: %s, valid: %t },\n", tsString(e.Name), e.Valid)
	}
	w("];\n\n")
	w("/** Streets, house numbers and towns as sent and whether the provider takes them; both sides test against them. */\n")
	w("export const PlaceTextExamples: readonly { text: string; valid: boolean }[] = [\n")
	for _, e := range d.PlaceText.Examples {
		w("  { text: %s, valid: %t },\n", tsString(e.Text), e.Valid)
	}
	w("];\n\n")
	w("/** Addresses and whether the provider takes them; both sides test against them. */\n")
	w("export const EmailAddressExamples: readonly { address: string; valid: boolean }[] = [\n")
	for _, e := range d.EmailAddress.Examples {
		w("  { address: %s, valid: %t },\n", tsString(e.Address), e.Valid)
	}
	w("];\n\n")

	w("/** The accounts.* methods of the identity HTTP API, their parameters and the codes they answer besides EveryMethodCodes. */\n")
	w("export const IdentityApiMethods = {\n")
	for _, m := range d.Methods {
		params := make([]string, len(m.Params))
		for i, prm := range m.Params {
			params[i] = tsString(prm.Name)
		}
		w("  %s: { params: [%s], codes: [%s] },\n", m.Name, strings.Join(params, ", "), codeList(m.Codes))
	}
	w("} as const;\n\n")
	w("/** The most bytes of the body of a call of the identity HTTP API. */\n")
	w("export const ApiMaxBodyBytes = %d;\n\n", d.API.MaxBodyBytes)
	w("/** Codes any method may answer: a cross-site call, an unreadable request, a failure in the service. */\n")
	w("export const EveryMethodCodes: readonly number[] = [%s];\n\n", codeList(d.API.EveryMethod))
	w("/** The codes of validationErrors entries. */\n")
	w("export const ValidationErrorCodes: readonly number[] = [%s];\n", codeList(d.API.ValidationCodes))
}

// comment writes text as // lines of at most about 110 columns.
func comment(b *strings.Builder, indent, text string) {
	line := indent + "//"
	for _, word := range strings.Fields(text) {
		if len(line)+1+len(word) > 110 && line != indent+"//" {
			b.WriteString(line + "\n")
			line = indent + "//"
		}
		line += " " + word
	}
	b.WriteString(line + "\n")
}

func jsdoc(text string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(text), " "), "*/", "*\\/")
}

// tsString quotes s for TypeScript; a character that does not print on its own (a control, a zero-width space, a
// combining accent, a space other than the plain one) or looks like another (a dash or a hyphen other than the
// typewriter's) is written as its escape, so the file shows what the string holds.
func tsString(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		switch {
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == ' ' || unicode.IsGraphic(r) && !unicode.In(r, unicode.Mn, unicode.Zs) && !showsNothing(r) && !dashLike(r):
			b.WriteRune(r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\u{%x}`, r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// showsNothing: a default-ignorable character (a Hangul filler), which written as it is would look like nothing in
// the generated files.
func showsNothing(r rune) bool { return unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) }

// dashLike: a dash or a hyphen (Pd) other than the typewriter's, which written as it is looks like that one in the
// generated files ("Müller‐Lüdenscheidt" is taken, "Müller–Lüdenscheidt" is not).
func dashLike(r rune) bool { return r != '-' && unicode.Is(unicode.Pd, r) }

// goString is a Go string literal of s, as strconv.Quote writes it but for the characters that show nothing, the
// combining marks and the dashes, which it escapes as tsString does: strconv.Quote wrote "Max" and ten accents as an x
// with the accents piled on it, which no one can count.
func goString(s string) string {
	escaped := func(r rune) bool { return showsNothing(r) || unicode.Is(unicode.Mn, r) || dashLike(r) }
	if !strings.ContainsFunc(s, escaped) {
		return strconv.Quote(s)
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if escaped(r) && r > 0xffff {
			fmt.Fprintf(&b, `\U%08x`, r)
			continue
		}
		if escaped(r) {
			fmt.Fprintf(&b, `\u%04x`, r)
			continue
		}
		q := strconv.Quote(string(r))
		b.WriteString(q[1 : len(q)-1])
	}
	b.WriteByte('"')
	return b.String()
}

func goStrings(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = strconv.Quote(s)
	}
	return strings.Join(quoted, ", ")
}

func tsStrings(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = tsString(s)
	}
	return strings.Join(quoted, ", ")
}

func goDuration(s string) string {
	n, unit := durationParts(s)
	base := map[string]string{"s": "time.Second", "m": "time.Minute", "h": "time.Hour", "d": "24 * time.Hour"}[unit]
	if n == 1 {
		return base
	}
	return fmt.Sprintf("%d * %s", n, base)
}

func tsDuration(s string) string {
	n, unit := durationParts(s)
	base := map[string]string{"s": "SECOND", "m": "MINUTE", "h": "HOUR", "d": "DAY"}[unit]
	if n == 1 {
		return base
	}
	return fmt.Sprintf("%d * %s", n, base)
}

// limitsTSFile is limits.gen.ts: the contract's durations (in milliseconds), lockout, limits and subscriber scope.
// Files of their own, as session.gen.ts: the pages that use them (the password reset, the centre's token renewal, QA
// mode's fake) load after the first, and a module is in one chunk whole, whatever of it that chunk's pages use;
// in contract.gen.ts they were 0.5 KB of every page's first load (page weight, 2026-11-30).
func limitsTSFile(d document, w tsWriter) {
	w("const SECOND = 1000;\nconst MINUTE = 60 * SECOND;\nconst HOUR = 60 * MINUTE;\nconst DAY = 24 * HOUR;\n\n")
	w("/** Durations of the contract, in milliseconds. */\nexport const Durations = {\n")
	for _, du := range d.Durations {
		w("  /** %s Source: %s. */\n  %s: %s,\n", jsdoc(du.Meaning), jsdoc(du.Source), du.Name, tsDuration(du.Duration))
	}
	w("} as const;\n\n")
	w("/** maxFailures failed logins of one login ID within Durations.lockoutWindow lock it for Durations.lockoutDuration. */\n")
	w("export const Lockout = { maxFailures: %d } as const;\n\n", d.Lockout.MaxFailures)
	w("/**\n * Limits per account and per client (an address, an IPv6 one by its /64; the fake is one client): the mails calls may\n")
	w(" * make the service send within Durations.mailLimitWindow, and the anonymous starts (initRegistration,\n")
	w(" * initPasskeyLogin) within Durations.startLimitWindow. Beyond one, 400125.\n */\n")
	w("export const Limits = { mailsPerAccount: %d, mailsPerClient: %d, startsPerClient: %d } as const;\n\n",
		d.Limits.MailsPerAccount, d.Limits.MailsPerClient, d.Limits.StartsPerClient)

	sc := d.SubscriberScope
	w("/**\n * What a preference-centre (subscriber) regToken reaches: the dotted names getAccountInfo answers (read) and\n")
	w(" * setAccountInfo writes (write) with it (a name covers what is below it, a section name the section), and the\n")
	w(" * account's other answers it gets.\n */\n")
	w("export const SubscriberScope = {\n  read: [%s],\n  write: [%s],\n  answers: [%s],\n} as const;\n\n",
		tsStrings(sc.Read), tsStrings(sc.Write), tsStrings(sc.Answers))
}

// linksTSFile is links.gen.ts: the links in mails and the pages they land on (see limitsTSFile).
func linksTSFile(d document, w tsWriter) {
	w("/** Links in mails: the path and the query parameter that carries the token ('': the token follows the path). */\n")
	w("export const Links = {\n")
	for _, l := range d.Links {
		w("  /** %s */\n  %s: { path: %s, tokenParam: %s },\n", jsdoc(l.Meaning), l.Name, tsString(l.Path), tsString(l.TokenParam))
	}
	w("} as const;\n\n")
	w("/** Pages the links land on (paths ending in `doi-` take the error code). */\nexport const Pages = {\n")
	for _, pg := range d.Pages {
		w("  /** %s */\n  %s: %s,\n", jsdoc(pg.Meaning), pg.Name, tsString(pg.Path))
	}
	w("} as const;\n\n")
	w("/** Query parameters that a link's answer gives its page beside the path, by page. */\nexport const PageParams = {\n")
	for _, pg := range d.Pages {
		if len(pg.Params) == 0 {
			continue
		}
		w("  %s: {\n", pg.Name)
		for _, prm := range pg.Params {
			w("    /** %s */\n    %s: %s,\n", jsdoc(prm.Meaning), prm.Name, tsString(prm.Name))
		}
		w("  },\n")
	}
	w("} as const;\n")
}

// phoneTSFile is phone.gen.ts: the rule of a phone number. A file of its own (see limitsTSFile): only the forms'
// schema kit reads it, which loads when a form is first checked, not with the first page.
func phoneTSFile(d document, w tsWriter) {
	ph := d.PhoneNumber
	w("/** The rule of a phone number as it is stored (E.164), the schema's format of the number (a RegExp with the u flag). */\n")
	w("export const PhoneNumberPattern = %s;\n\n", tsString(ph.Pattern))
	w("/** The countries whose numbers have one length, by ISO country code: `digits` after the country code `countryCode`. */\n")
	w("export const PhoneNumberLengths: Readonly<Record<string, { countryCode: string; digits: number }>> = {\n")
	for _, l := range ph.Lengths {
		w("  %s: { countryCode: %s, digits: %d },\n", l.Country, tsString(l.CountryCode), l.Digits)
	}
	w("};\n\n")
	w("/** Numbers as stored and whether the provider takes them; both sides test against them. */\n")
	w("export const PhoneNumberExamples: readonly { number: string; valid: boolean }[] = [\n")
	for _, e := range ph.Examples {
		w("  { number: %s, valid: %t },\n", tsString(e.Number), e.Valid)
	}
	w("];\n")
}

// textLengthTSFile is text-length.gen.ts: the most characters of a name and of a text, the marks in a row and the
// letters that show nothing. A file of its own (see limitsTSFile): the forms' rules, which load when a form is first
// checked, and the pages that map the service's refusals name these limits in their texts ({max}), and in
// contract.gen.ts each limit a page named would weigh on every first page, /login's too (page weight, 2026-11-30).
func textLengthTSFile(d document, w tsWriter) {
	w("/** The most characters (code points after trimming and NFC) of a first or a last name. */\n")
	w("export const PersonNameMaxLength = %d;\n\n", d.PersonName.MaxLength)
	w("/**\n * The most characters (code points after trimming and NFC) of a profile or data text (account), of an address book\n")
	w(" * field (address) and of its house number (streetNo), and the most combining marks in a row in a text of the schema\n")
	w(" * (marksInRow).\n */\n")
	w("export const TextMaxLength = { account: %d, address: %d, streetNo: %d, marksInRow: %d } as const;\n\n",
		d.TextLength.Account, d.TextLength.Address, d.TextLength.StreetNo, d.TextLength.MarksInRow)
	w("/** The letters that show nothing (the Hangul fillers), which no text of the schema holds (textLength.hiddenLetters). */\n")
	w("export const TextHiddenLetters = %s;\n", tsString(d.TextLength.HiddenLetters))
}

// tsWriter writes a line or more of a TypeScript file (fmt.Fprintf's format and arguments).
type tsWriter func(format string, args ...any)

// tsFiles are the TypeScript files of the contract, by name in libs/identity-contract/src, and what writes each.
var tsFiles = []struct {
	name string
	emit func(document, tsWriter)
}{
	{"contract.gen.ts", tsFile},
	{"session.gen.ts", sessionTSFile},
	{"limits.gen.ts", limitsTSFile},
	{"links.gen.ts", linksTSFile},
	{"phone.gen.ts", phoneTSFile},
	{"text-length.gen.ts", textLengthTSFile},
}

// tsSource is one TypeScript file: the generated-code header, what emit writes, and one newline at the end.
func tsSource(d document, emit func(document, tsWriter)) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated from %s by %s. DO NOT EDIT.\n\n", contractFile, generator)
	emit(d, func(format string, args ...any) { fmt.Fprintf(&b, format, args...) })
	return []byte(strings.TrimRight(b.String(), "\n") + "\n")
}
