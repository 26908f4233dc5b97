package reminders_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
)

func TestParseNewReminder(t *testing.T) {
	okName := map[string]string{"de": "Bio-Milch 1 l", "en": "Organic milk 1 l"}
	tests := []struct {
		name      string
		email     string
		variantID string
		names     map[string]string
		language  string
		wantField string
		check     func(t *testing.T, n reminders.NewReminder)
	}{
		{name: "valid", email: " Anna@Example.com ", variantID: "4711-A_b.c", names: okName, language: "fr_BE",
			check: func(t *testing.T, n reminders.NewReminder) {
				require.Equal(t, "anna@example.com", n.Email.String())
				require.Equal(t, reminders.VariantID("4711-A_b.c"), n.VariantID)
				require.Equal(t, reminders.VariantName{"de": "Bio-Milch 1 l", "en": "Organic milk 1 l"}, n.VariantName)
				require.Equal(t, "fr_be", n.Language)
			}},
		{name: "every language of the site", email: "a@example.com", variantID: "1", language: "nl-BE",
			names: map[string]string{"de": "a", "en": "a", "fr": "a", "nl": "a", "es": "a", "pl": "a", "pt": "a", "it": "a", "lb": "a"}},
		{name: "language defaults to German", email: "a@example.com", variantID: "1", names: okName,
			check: func(t *testing.T, n reminders.NewReminder) { require.Equal(t, "de", n.Language) }},
		{name: "upper-case name language is folded, name trimmed", email: "a@example.com", variantID: "1", names: map[string]string{"DE": "  Milch "},
			check: func(t *testing.T, n reminders.NewReminder) {
				require.Equal(t, reminders.VariantName{"de": "Milch"}, n.VariantName)
			}},
		{name: "name of 200 characters", email: "a@example.com", variantID: "1", names: map[string]string{"de": strings.Repeat("ä", 200)}},
		{name: "variant id of 64 characters", email: "a@example.com", variantID: strings.Repeat("a", 64), names: okName},

		{name: "bad email", email: "anna", variantID: "1", names: okName, wantField: "email"},
		{name: "empty variant id", email: "a@example.com", variantID: "", names: okName, wantField: "variantId"},
		{name: "variant id too long", email: "a@example.com", variantID: strings.Repeat("a", 65), names: okName, wantField: "variantId"},
		{name: "variant id with slash", email: "a@example.com", variantID: "a/b", names: okName, wantField: "variantId"},
		{name: "no names", email: "a@example.com", variantID: "1", names: map[string]string{}, wantField: "variantName"},
		{name: "language code of three letters", email: "a@example.com", variantID: "1", names: map[string]string{"deu": "Milch"}, wantField: "variantName"},
		{name: "locale as name key", email: "a@example.com", variantID: "1", names: map[string]string{"de_DE": "Milch"}, wantField: "variantName"},
		{name: "same language twice", email: "a@example.com", variantID: "1", names: map[string]string{"de": "Milch", "DE": "Milch"}, wantField: "variantName.de"},
		{name: "empty name", email: "a@example.com", variantID: "1", names: map[string]string{"de": "  "}, wantField: "variantName.de"},
		{name: "name too long", email: "a@example.com", variantID: "1", names: map[string]string{"en": strings.Repeat("x", 201)}, wantField: "variantName.en"},
		{name: "name with a line break", email: "a@example.com", variantID: "1", names: map[string]string{"en": "Milk\nSubject: x"}, wantField: "variantName.en"},
		{name: "name with a bidirectional override", email: "a@example.com", variantID: "1", names: map[string]string{"en": "Milk \u202Egnp.exe"}, wantField: "variantName.en"},
		{name: "bad language", email: "a@example.com", variantID: "1", names: okName, language: "german", wantField: "language"},
		{name: "a name's code that names no language", email: "a@example.com", variantID: "1", names: map[string]string{"de": "Milch", "xx": "Milch"}, wantField: "variantName.xx"},
		{name: "a language that is none", email: "a@example.com", variantID: "1", names: okName, language: "xx", wantField: "language"},
		{name: "a language that is none, with a country", email: "a@example.com", variantID: "1", names: okName, language: "xx_DE", wantField: "language"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := reminders.ParseNewReminder(tc.email, tc.variantID, tc.names, tc.language)
			if tc.wantField != "" {
				require.ErrorIs(t, err, reminders.ErrInvalid)
				var fe *reminders.FieldError
				require.True(t, errors.As(err, &fe))
				require.Equal(t, tc.wantField, fe.Field)
				return
			}
			require.NoError(t, err)
			if tc.check != nil {
				tc.check(t, n)
			}
		})
	}
}

func TestParseIDs(t *testing.T) {
	tests := []struct {
		name    string
		ids     []string
		want    []string
		wantErr bool
	}{
		{name: "duplicates dropped", ids: []string{"a", "b", "a"}, want: []string{"a", "b"}},
		{name: "empty list", ids: nil, wantErr: true},
		{name: "empty id", ids: []string{""}, wantErr: true},
		{name: "id too long", ids: []string{strings.Repeat("a", 65)}, wantErr: true},
		{name: "too many", ids: make([]string, reminders.MaxDeleteIDs+1), wantErr: true},
		{name: "an id with a NUL", ids: []string{"a", "b\x00"}, wantErr: true},
		{name: "an id that is not UTF-8", ids: []string{"\xffa"}, wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := reminders.ParseIDs(tc.ids)
			if tc.wantErr {
				var fe *reminders.FieldError
				require.True(t, errors.As(err, &fe))
				require.Equal(t, "productReminderIds", fe.Field)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

// FuzzParseIDs: every id ParseIDs lets through is one the store can look up on either database (database.Storable;
// PostgreSQL answered a NUL with an error, a 500), and every refusal names productReminderIds.
func FuzzParseIDs(f *testing.F) {
	for _, seed := range [][2]string{{"a", "b"}, {"a\x00", "b"}, {"\xff", ""}, {"0123456789abcdef0123456789abcdef", "a"}, {strings.Repeat("ü", 33), "a"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ids, err := reminders.ParseIDs([]string{a, b})
		if err != nil {
			var fe *reminders.FieldError
			require.True(t, errors.As(err, &fe))
			require.Equal(t, "productReminderIds", fe.Field)
			return
		}
		for _, id := range ids {
			require.True(t, database.Storable(id), "%q", id)
			require.NotEmpty(t, id)
		}
	})
}

// The mail's language, else English (what a Polish or Spanish shopper reads best after their own), else German (the
// site's default), else the first by code: as the preference centre names a reminder.
func TestVariantNameIn(t *testing.T) {
	n := reminders.VariantName{"de": "Milch", "en": "Milk", "fr": "Lait"}
	require.Equal(t, "Lait", n.In("fr_BE"))
	require.Equal(t, "Milk", n.In("pl"))
	require.Equal(t, "Milch", n.In("de-AT"))
	require.Equal(t, "Milk", reminders.VariantName{"en": "Milk", "nl": "Melk"}.In("es"))
	require.Equal(t, "Milch", reminders.VariantName{"de": "Milch", "nl": "Melk"}.In("es"))
	require.Equal(t, "Melk", reminders.VariantName{"pt": "Leite", "nl": "Melk"}.In("es"), "first by code")
}
