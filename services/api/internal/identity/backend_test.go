package identity_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/idna"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

func TestParseEmail(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"plain", "eva@example.com", "eva@example.com", true},
		{"trimmed and lower-cased", "  Eva@Example.COM ", "eva@example.com", true},
		{"empty", "", "", false},
		{"no domain dot", "eva@localhost", "", false},
		{"display name", "Eva <eva@example.com>", "", false},
		{"two ats", "a@b@example.com", "", false},
		{"too long", string(make([]byte, 250)) + "@example.com", "", false},
		{"composed", "jos\u00e9@example.com", "jos\u00e9@example.com", true},
		{"decomposed: the composed form", "jose\u0301@example.com", "jos\u00e9@example.com", true},
		{"internationalised domain: its ASCII form", "idn@B\u00fccher.de", "idn@xn--bcher-kva.de", true},
		{"ASCII form of the domain", "idn@xn--bcher-kva.de", "idn@xn--bcher-kva.de", true},
		{"plus address", "eva+news@example.com", "eva+news@example.com", true},
		{"64 octets before the @", strings.Repeat("a", 64) + "@example.com", strings.Repeat("a", 64) + "@example.com", true},
		{"65 octets before the @", strings.Repeat("a", 65) + "@example.com", "", false},
		{"NUL", "a\x00@example.com", "", false},
		{"invalid UTF-8", "w\xff@example.com", "", false},
		{"replacement character (invalid UTF-8 through JSON)", "\ufffd@example.com", "", false},
		{"right-to-left override", "moc.elpmaxe\u202e@example.com", "", false},
		{"zero-width space", "ev\u200ba@example.com", "", false},
		{"domain literal", "ip@[127.0.0.1]", "", false},
		{"domain label with underscore", "a@ex_ample.com", "", false},
		// The IDNA lookup maps emoji and symbols, but no registry hands such a name out: mail never reaches it (QA,
		// 2026-12-01: name@😀.de was stored as xn--e28h.de). Real internationalised names stay.
		{"an emoji as a domain label", "name@😀.de", "", false},
		{"an emoji label in its ASCII form", "name@xn--e28h.de", "", false},
		{"an emoji inside a label", "name@shop🛒.de", "", false},
		{"a symbol as a domain label", "name@☃.com", "", false},
		{"an umlaut", "name@müller.de", "name@xn--mller-kva.de", true},
		{"an umlaut in its ASCII form", "name@xn--mller-kva.de", "name@xn--mller-kva.de", true},
		{"an umlaut under another top level", "name@bücher.example", "name@xn--bcher-kva.example", true},
		{"Cyrillic", "name@пример.рф", "name@xn--e1afmkfd.xn--p1ai", true},
		{"the Catalan middle dot between two l's", "name@col·legi.cat", "name@xn--collegi-xma.cat", true},
		{"a middle dot elsewhere", "name@a·b.de", "", false},
		// A host by its number is written as a domain literal, which an address does not take either (RFC 3696 2).
		{"an IPv4 address without brackets", "name@1.2.3.4", "", false},
		{"an all-numeric top level", "name@example.123", "", false},
		{"digits below the top level", "name@163.com", "name@163.com", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := identity.ParseEmail(tc.in)
			if !tc.ok {
				require.ErrorIs(t, err, identity.ErrInvalidEmail)
				return
			}
			require.NoError(t, err)
			require.Equal(t, identity.Email(tc.want), got)
		})
	}
}

// The examples come from the contract file; the forms' isEmailAddress (@portal/identity-contract) tests against the
// same list, so the browser refuses what the service would.
func TestParseEmailFollowsTheContractExamples(t *testing.T) {
	require.NotEmpty(t, contract.EmailAddressExamples)
	for _, ex := range contract.EmailAddressExamples {
		_, err := identity.ParseEmail(ex.Address)
		require.Equal(t, ex.Valid, err == nil, "%q", ex.Address)
	}
}

// FuzzParseEmail: whatever comes in, an accepted address is valid UTF-8 without invisible characters, within the
// lengths, and parsing it again gives it back (one stored form).
func FuzzParseEmail(f *testing.F) {
	for _, seed := range []string{"eva@example.com", " Eva@Example.COM ", "jose\u0301@b\u00fccher.de", "a\x00@b.de", "ip@[127.0.0.1]", "\"a b\"@example.com", "x@xn--bcher-kva.de"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		email, err := identity.ParseEmail(raw)
		if err != nil {
			return
		}
		s := email.String()
		require.True(t, len(s) <= 254 && strings.LastIndex(s, "@") <= 64, s)
		require.False(t, strings.ContainsRune(s, 0), s)
		requireRegistrableDomain(t, s[strings.LastIndex(s, "@")+1:])
		again, err := identity.ParseEmail(s)
		require.NoError(t, err, s)
		require.Equal(t, email, again)
	})
}

// requireRegistrableDomain fails unless domain, an accepted address's, is a name a registry could hand out: its last
// label not all digits, and no label, decoded, with an emoji, a symbol or punctuation, but for the hyphen and what
// IDNA2008 takes by exception or in context (RFC 5892 2.6, appendix A), which the rule itself checks further.
func requireRegistrableDomain(t *testing.T, domain string) {
	t.Helper()
	labels := strings.Split(domain, ".")
	require.NotEmpty(t, strings.Trim(labels[len(labels)-1], "0123456789"), domain)
	decoded, err := idna.Punycode.ToUnicode(domain)
	require.NoError(t, err, domain)
	for _, r := range decoded {
		if strings.ContainsRune("-.·͵׳״۽۾་・", r) {
			continue
		}
		require.False(t, unicode.In(r, unicode.S, unicode.P, unicode.Z, unicode.C), "%q holds %U", decoded, r)
	}
}

// FuzzParseEmailDomain: whatever the domain, one taken is a name a registry could hand out (requireRegistrableDomain).
func FuzzParseEmailDomain(f *testing.F) {
	for _, seed := range []string{"bücher.de", "😀.de", "xn--e28h.de", "1.2.3.4", "１.２.３.４", "col·legi.cat",
		"ドメイン.日本", "a⁄b.de", "①.de", "™.de", "xn--mller-kva.de"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, domain string) {
		email, err := identity.ParseEmail("name@" + domain)
		if err != nil {
			return
		}
		s := email.String()
		requireRegistrableDomain(t, s[strings.LastIndex(s, "@")+1:])
	})
}

// A withdrawal lists the subscriptions consented to: on, and confirmed or without double opt-in; not one whose
// confirmation link was never followed, nor one switched off.
// A mail's text shows an address masked, for its owner to recognise it: its first character, whatever script it is in
// (QA round of 2026-11-30: the first byte of "ł" was stored, invalid UTF-8), and the domain as people write it, in
// Unicode rather than the xn-- form it is stored in; a domain mixing scripts keeps that form (a look-alike).
func TestMaskedAddress(t *testing.T) {
	tests := []struct {
		name, address, want string
	}{
		{"ASCII", "eva@example.com", "e***@example.com"},
		{"a first letter outside ASCII", "łukasz.wąsowski+neu@example.pl", "ł***@example.pl"},
		{"a first letter of four bytes", "\U0001d49cnna@example.com", "\U0001d49c***@example.com"},
		{"a first letter of another script", "ολγα@example.gr", "ο***@example.gr"},
		{"an internationalised domain", "kunde@xn--bcher-kva.de", "k***@bücher.de"},
		{"both: the QA case as stored", "łukasz.wąsowski+neu@xn--bcher-kva.de", "ł***@bücher.de"},
		{"a domain of another script", "ivan@xn--e1afmkfd.xn--p1ai", "i***@пример.рф"},
		{"Japanese, which mixes Han and kana", "taro@xn--eckwd4c7c.xn--wgv71a", "t***@ドメイン.日本"},
		{"a label mixing Latin and Cyrillic: its xn-- form", "eva@xn--exmple-4nf.com", "e***@xn--exmple-4nf.com"},
		{"a label that is no valid punycode: as stored", "eva@xn--zz.example", "e***@xn--zz.example"},
		{"one character before the @", "e@example.com", "e***@example.com"},
		{"nothing before the @", "@example.com", "***"},
		{"no @", "example.com", "***"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := identity.Email(tc.address).Masked()
			require.True(t, utf8.ValidString(got), "%q", got)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestConsentedKeys(t *testing.T) {
	email := func(on bool, status string) map[string]any {
		return map[string]any{"email": map[string]any{"isSubscribed": on, "doubleOptIn": map[string]any{"status": status}}}
	}
	require.Equal(t, []string{"NLT_GENERAL", "NLT_SINGLE"}, identity.ConsentedKeys(map[string]any{
		"NLT_OFFERS":  email(true, "Pending"),
		"NLT_GENERAL": email(true, "Confirmed"),
		"NLT_SINGLE":  email(true, "NotConfirmed"), // a subscription without double opt-in
		"NLT_RECIPES": email(false, "Confirmed"),
	}))
}
