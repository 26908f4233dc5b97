package contract_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// The examples come from the contract file; the TypeScript side tests its charGroupCount against the same list.
func TestCharGroupCountFollowsTheContractExamples(t *testing.T) {
	require.NotEmpty(t, contract.CharGroupExamples)
	for _, ex := range contract.CharGroupExamples {
		require.Equal(t, ex.Groups, contract.CharGroupCount(ex.Password), "%q", ex.Password)
	}
}

func TestCharGroupsByUnicodeCategory(t *testing.T) {
	cases := []struct {
		password string
		groups   int
	}{
		{"", 0},
		{"Ä", 1},
		{"Äa", 2},
		{"Ää1", 3},
		{"Ää1 ", 4}, // a space is "other"
		{"ª", 1},    // U+00AA is Lo, not Ll: other
	}
	for _, tc := range cases {
		require.Equal(t, tc.groups, contract.CharGroupCount(tc.password), "%q", tc.password)
	}
}

func TestStatusMessageAndSuccess(t *testing.T) {
	require.Equal(t, 200, contract.Status(contract.CodeOK))
	require.Equal(t, 403, contract.Status(contract.CodeInvalidLogin))
	require.Equal(t, 206, contract.Status(contract.CodePendingRegistration))
	require.Equal(t, 500, contract.Status(42))
	require.Equal(t, "Invalid LoginID", contract.Message(contract.CodeInvalidLogin))
	require.Equal(t, "Error", contract.Message(123456))
	require.True(t, contract.IsSuccess(contract.CodeOK))
	require.True(t, contract.IsSuccess(contract.CodeStaleLinkToken))
	require.False(t, contract.IsSuccess(contract.CodeCancelled))
	require.False(t, contract.IsSuccess(contract.CodePendingRegistration))
	require.True(t, contract.IsServerFailure(contract.CodeTimeout))
	require.False(t, contract.IsServerFailure(contract.CodeLockedOut))
}

func TestCatalogueIsConsistent(t *testing.T) {
	seen := map[int]bool{}
	for _, c := range contract.Catalogue {
		require.False(t, seen[c.Code], "code %d twice", c.Code)
		seen[c.Code] = true
		require.Equal(t, contract.Status(c.Code), c.Status, "code %d", c.Code)
		found, ok := contract.Lookup(c.Code)
		require.True(t, ok)
		require.Equal(t, c, found)
	}
	for _, m := range contract.Methods {
		for _, code := range m.Codes {
			require.True(t, seen[code], "method %s answers %d, which the catalogue lacks", m.Name, code)
		}
	}
}

func TestStatementLanguageTakesALanguageOrALanguageWithItsCountry(t *testing.T) {
	cases := []struct {
		tag, key string
		ok       bool
	}{
		{"de", "de", true},
		{"nl-BE", "nl-be", true},
		{"fr_be", "fr-be", true},
		{" DE-lu ", "de-lu", true},
		{"", "", false},
		{"d", "", false},
		{"nl-BEL", "", false},
		{"nl-BE-x", "", false},
		{"deutsch", "", false},
		{"de-", "", false},
	}
	for _, tc := range cases {
		key, ok := contract.StatementLanguage(tc.tag)
		require.Equal(t, tc.ok, ok, "%q", tc.tag)
		require.Equal(t, tc.key, key, "%q", tc.tag)
	}
}

// The examples come from the contract file; the forms' phone rule (@portal/identity-contract phoneNumberFault) tests
// against the same list, so the service stores what the form takes and no other number.
func TestPhoneNumberValidFollowsTheContractExamples(t *testing.T) {
	require.NotEmpty(t, contract.PhoneNumberExamples)
	for _, ex := range contract.PhoneNumberExamples {
		require.Equal(t, ex.Valid, contract.PhoneNumberValid(ex.Number), "%q", ex.Number)
	}
}
