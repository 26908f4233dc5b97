package embedded_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// The provider stores the phone numbers the forms take and refuses the others, with 400026 on profile.phones.number
// (the account portal's ap.errors.profile.phones.number.400026): the contract's examples, which the forms' phone
// rule tests against too (libs/forms rules.test.ts). QA round of 2026-11-30: +35191234567 (Portugal, 8 digits after
// +351) and +4860123456 (Poland, 8 after +48) answered 0, as did numbers of 6 digits and ones from +0; the form
// refuses them, and the personal data page then refused every later save (a first name's too) until the phone was
// corrected.
func TestPhoneNumbersFollowTheContract(t *testing.T) {
	h := newHarness(t, dbtest.SQLite(t))
	_, caller := h.loggedIn("eva@example.com")
	require.NotEmpty(t, contract.PhoneNumberExamples)
	for _, ex := range contract.PhoneNumberExamples {
		t.Run(ex.Number, func(t *testing.T) {
			r, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Profile: map[string]any{
				"phones": []any{map[string]any{"number": ex.Number}}}})
			require.NoError(t, err)
			if !ex.Valid {
				require.Equal(t, contract.CodeValidation, r.ErrorCode, "%q was taken", ex.Number)
				require.Equal(t, []embedded.ValidationError{{FieldName: "profile.phones.number", ErrorCode: contract.CodeInvalidFormat,
					Message: "The specified value does not correspond to the expected format."}}, r.ValidationErrors)
				return
			}
			require.Equal(t, contract.CodeOK, r.ErrorCode, r.ValidationErrors)
			info, err := h.p.GetAccountInfo(h.ctx, caller, "", "", "phones")
			require.NoError(t, err)
			require.Equal(t, []any{map[string]any{"number": ex.Number, "type": "default"}}, info.Fields["profile"].(map[string]any)["phones"])
		})
	}
}
