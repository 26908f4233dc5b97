package metadata_test

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/metadata"
)

func TestDefaultZipCodeRules(t *testing.T) {
	rules := metadata.DefaultZipCodeRules()
	require.Len(t, rules, 32)
	tests := []struct {
		name    string
		country string
		zip     string
		valid   bool
	}{
		{"German five digits", "DE", "10115", true},
		{"German four digits", "DE", "1011", false},
		{"German letters", "DE", "1011a", false},
		{"Belgian four digits", "BE", "1000", true},
		{"Belgian five digits", "BE", "10000", false},
		{"Luxembourg five digits", "LU", "12345", true},
		{"British postcode", "GB", "SW1A 1AA", true},
		{"Dutch postcode", "NL", "1234 AB", true},
		{"too long", "AT", "12345678901", false},
		{"empty", "FR", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rule, ok := rules[tc.country]
			require.True(t, ok)
			require.NotEmpty(t, rule.ErrorMessage)
			require.Equal(t, tc.valid, regexp.MustCompile(rule.Regex).MatchString(tc.zip))
		})
	}
}

func TestWithZipCodeRulesMergesOverrides(t *testing.T) {
	d := metadata.Document{}.WithZipCodeRules(map[string]metadata.ZipCodeRule{"DE": {Regex: `^\d{5}$`, ErrorMessage: "custom"}})
	require.Len(t, d.Validation.ZipCode, 32)
	require.Equal(t, "custom", d.Validation.ZipCode["DE"].ErrorMessage)
	require.Equal(t, `^\d{4}$`, d.Validation.ZipCode["BE"].Regex)
}
