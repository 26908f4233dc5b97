package embedded_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// nested is value inside levels lists (list) or objects (object), the outermost first.
func nested(levels int, list bool, value any) any {
	for range levels {
		if list {
			value = []any{value}
		} else {
			value = map[string]any{"x": value}
		}
	}
	return value
}

// TestInputShapeIsHeldToTheContract: what the QA round on bad input (2026-11-29) found stored as sent, or as
// something else than sent: lists nested 3,000 deep in data (the depth limit counted objects only), numbers sent
// as text ("1980", " 5\n", "+5" stored as numbers, where a boolean must be JSON's), a first name of 1,000
// characters where an address's stops at 200, an invisible Hangul filler as a name, and 150 accents on one letter
// stored with U+034F inserted (Go's NFC keeps text stream-safe by inserting it after 30 marks in a row). Each is now
// a validation error naming its field, and the account stays as it was.
func TestInputShapeIsHeldToTheContract(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		uid, me := h.loggedIn("eva@example.com")
		before, err := h.store.AccountByUID(h.ctx, uid)
		require.NoError(t, err)
		for _, bad := range []struct {
			name  string
			in    embedded.SetAccountInfoParams
			field string
			code  int
		}{
			{"lists 3,000 deep in data", embedded.SetAccountInfoParams{Data: map[string]any{"x": nested(3000, true, 1.0)}}, "data", contract.CodeInvalidParameter},
			{"lists 9 deep in data", embedded.SetAccountInfoParams{Data: map[string]any{"x": nested(9, true, 1.0)}}, "data", contract.CodeInvalidParameter},
			{"objects in lists 9 deep in data", embedded.SetAccountInfoParams{Data: map[string]any{"x": nested(8, true, map[string]any{"y": 1.0})}}, "data", contract.CodeInvalidParameter},
			{"lists inside objects 9 deep in data", embedded.SetAccountInfoParams{Data: nested(4, false, []any{nested(4, false, []any{1.0})}).(map[string]any)}, "data", contract.CodeInvalidParameter},
			{"lists 3,000 deep in the profile", embedded.SetAccountInfoParams{Profile: map[string]any{"phones": nested(3000, true, map[string]any{"number": "+4915112345678"})}}, "profile", contract.CodeInvalidParameter},
			{"a year as text", embedded.SetAccountInfoParams{Profile: map[string]any{"birthYear": "1980"}}, "profile.birthYear", contract.CodeInvalidParameter},
			{"a day as text with spaces", embedded.SetAccountInfoParams{Profile: map[string]any{"birthDay": " 5\n"}}, "profile.birthDay", contract.CodeInvalidParameter},
			{"a month as text with a sign", embedded.SetAccountInfoParams{Profile: map[string]any{"birthMonth": "+5"}}, "profile.birthMonth", contract.CodeInvalidParameter},
			{"a first name of 201 characters", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": strings.Repeat("ä", 201)}}, "profile.firstName", contract.CodeInvalidParameter},
			{"a last name of 1,000 characters", embedded.SetAccountInfoParams{Profile: map[string]any{"lastName": strings.Repeat("a", 1000)}}, "profile.lastName", contract.CodeInvalidParameter},
			{"a name that is a Hangul filler", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "\u3164"}}, "profile.firstName", contract.CodeInvalidFormat},
			{"a letter and a Hangul filler", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "A\u3164"}}, "profile.firstName", contract.CodeInvalidFormat},
			{"a halfwidth Hangul filler inside a name", embedded.SetAccountInfoParams{Profile: map[string]any{"lastName": "Mus\uFFA0ter"}}, "profile.lastName", contract.CodeInvalidFormat},
			{"a Hangul filler as an address's name", embedded.SetAccountInfoParams{Data: address("firstName", "\u115F")}, "data.addressBook.firstName", contract.CodeInvalidFormat},
			{"150 accents on one letter", embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "A" + strings.Repeat("\u0301", 150)}}, "profile.firstName", contract.CodeInvalidFormat},
			{"11 marks on one letter", embedded.SetAccountInfoParams{Profile: map[string]any{"lastName": "x" + strings.Repeat("\u0301", 11)}}, "profile.lastName", contract.CodeInvalidFormat},
			{"150 accents in a street", embedded.SetAccountInfoParams{Data: address("street", "A"+strings.Repeat("\u0301", 150))}, "data.addressBook.street", contract.CodeInvalidFormat},
			// Every free text of an address, as the address form checks them (QA, 2026-11-30: the form took these).
			{"a Hangul filler in a street", embedded.SetAccountInfoParams{Data: address("street", "Haupt\u3164stra\u00dfe")}, "data.addressBook.street", contract.CodeInvalidFormat},
			{"a halfwidth Hangul filler as a house number", embedded.SetAccountInfoParams{Data: address("streetNo", "\uFFA0")}, "data.addressBook.streetNo", contract.CodeInvalidFormat},
			{"11 marks in a city", embedded.SetAccountInfoParams{Data: address("city", "1"+strings.Repeat("\u0301", contract.TextMaxMarksInRow+1))}, "data.addressBook.city", contract.CodeInvalidFormat},
		} {
			t.Run(bad.name, func(t *testing.T) {
				r, err := h.p.SetAccountInfo(h.ctx, me, bad.in)
				require.NoError(t, err)
				require.Equal(t, contract.CodeValidation, r.ErrorCode)
				require.NotEmpty(t, r.ValidationErrors)
				require.Equal(t, bad.field, r.ValidationErrors[0].FieldName)
				require.Equal(t, bad.code, r.ValidationErrors[0].ErrorCode)
				if bad.code == contract.CodeInvalidParameter && strings.Contains(bad.name, "characters") {
					// A text too long names the limit of its field (a name's), for a client without a text of its own.
					require.Equal(t, fmt.Sprintf("The value is too long: at most %d characters.", contract.PersonNameMaxLength), r.ValidationErrors[0].Message)
				}
			})
		}
		after, err := h.store.AccountByUID(h.ctx, uid)
		require.NoError(t, err)
		require.Equal(t, before.Profile, after.Profile)
		require.Equal(t, before.Data, after.Data)

		// What the rules leave alone lands as it was sent: lists and objects 8 levels below data, numbers, a name
		// of 200 characters, marks as a name needs them (Vietnamese written decomposed, composed on the way in).
		for _, good := range []embedded.SetAccountInfoParams{
			{Data: map[string]any{"lists": nested(8, true, 1.0)}},
			{Data: map[string]any{"mixed": nested(7, true, map[string]any{"y": 1.0})}},
			{Profile: map[string]any{"birthDay": 5.0, "birthMonth": 5.0, "birthYear": 1980.0}},
			{Profile: map[string]any{"lastName": "x" + strings.Repeat("\u0301", contract.TextMaxMarksInRow)}},
			{Profile: map[string]any{"firstName": strings.Repeat("ä", 200), "lastName": "Nguye\u0302\u0303n"}},
		} {
			r, err := h.p.SetAccountInfo(h.ctx, me, good)
			require.NoError(t, err)
			require.Equal(t, contract.CodeOK, r.ErrorCode, "%+v %+v", good, r.ValidationErrors)
		}
		info, err := h.p.GetAccountInfo(h.ctx, me, "", "profile,data", "")
		require.NoError(t, err)
		profile := info.Fields["profile"].(map[string]any)
		require.Equal(t, "Nguyễn", profile["lastName"])
		require.Equal(t, strings.Repeat("ä", 200), profile["firstName"])
		require.EqualValues(t, 1980, profile["birthYear"])
		require.Equal(t, nested(8, true, 1.0), info.Fields["data"].(map[string]any)["lists"])
	})
}
