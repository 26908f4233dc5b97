package stores_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/stores"
)

func TestUIText(t *testing.T) {
	tests := []struct {
		name  string
		store stores.Store
		want  string
	}{
		{"name equals city", stores.Store{Name: "Hamburg", Street: "Musterstraße 1", Postcode: "20095", City: "Hamburg"}, "Musterstraße 1, 20095 Hamburg"},
		{"name equals city up to spelling", stores.Store{Name: "MUENCHEN", Street: "Hauptstraße 3", Postcode: "80331", City: "München"}, "Hauptstraße 3, 80331 München"},
		{"district name", stores.Store{Name: "Hamburg-Altona", Street: "Große Bergstraße 1", Postcode: "22767", City: "Hamburg"}, "Hamburg-Altona, Große Bergstraße 1, 22767 Hamburg"},
		{"no name", stores.Store{Street: "Rue Neuve 57", Postcode: "1000", City: "Bruxelles"}, "Rue Neuve 57, 1000 Bruxelles"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, tc.store.UIText())
		})
	}
}

func TestValidate(t *testing.T) {
	valid := stores.Store{ID: "DE-20095-01", Name: "Hamburg", Street: "Musterstraße 1", Postcode: "20095", City: "Hamburg", Country: "DE", Open: true}
	tests := []struct {
		name      string
		edit      func(s *stores.Store)
		wantField string
	}{
		{"valid", func(*stores.Store) {}, ""},
		{"missing id", func(s *stores.Store) { s.ID = "" }, "id"},
		{"id with spaces", func(s *stores.Store) { s.ID = "DE 1" }, "id"},
		{"no name of its own (shown by its address)", func(s *stores.Store) { s.Name = "" }, ""},
		{"long name", func(s *stores.Store) { s.Name = strings.Repeat("ä", 101) }, "name"},
		{"long street", func(s *stores.Store) { s.Street = strings.Repeat("ä", 101) }, "street"},
		{"control character", func(s *stores.Store) { s.City = "Ham\x00burg" }, "city"},
		{"lower-case country", func(s *stores.Store) { s.Country = "de" }, "country"},
		{"country name", func(s *stores.Store) { s.Country = "Germany" }, "country"},
		{"private-use country code", func(s *stores.Store) { s.Country = "XX" }, "country"},
		{"unknown country code", func(s *stores.Store) { s.Country = "ZZ" }, "country"},
		{"reserved country code", func(s *stores.Store) { s.Country = "UK" }, "country"},
		{"german postcode of 4 digits", func(s *stores.Store) { s.Postcode = "2009" }, "postcode"},
		{"dutch postcode", func(s *stores.Store) { s.Country, s.Postcode = "NL", "1012 MR" }, ""},
		{"dutch postcode without space", func(s *stores.Store) { s.Country, s.Postcode = "NL", "1012MR" }, "postcode"},
		{"polish postcode", func(s *stores.Store) { s.Country, s.Postcode = "PL", "90-368" }, ""},
		{"portuguese postcode", func(s *stores.Store) { s.Country, s.Postcode = "PT", "1500-082" }, ""},
		{"other country", func(s *stores.Store) { s.Country, s.Postcode = "GB", "SW1A 1AA" }, ""},
		{"missing postcode", func(s *stores.Store) { s.Postcode = "" }, "postcode"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := valid
			tc.edit(&s)
			err := s.Validate()
			if tc.wantField == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, stores.ErrInvalid)
			var fe *stores.FieldError
			require.ErrorAs(t, err, &fe)
			require.Equal(t, tc.wantField, fe.Field)
		})
	}
}

func TestParseQuery(t *testing.T) {
	tests := []struct {
		name    string
		raw     string
		want    []string
		wantErr error
	}{
		{"two letters", "ha", []string{"ha"}, nil},
		{"trimmed before counting", "  h  ", nil, stores.ErrQueryTooShort},
		{"empty", "", nil, stores.ErrQueryTooShort},
		{"two runes with umlaut", "ül", []string{"uel"}, nil},
		{"100 runes", strings.Repeat("ö", 100), []string{strings.Repeat("oe", 100)}, nil},
		{"101 runes", strings.Repeat("ö", 101), nil, stores.ErrQueryTooLong},
		{"words normalised", "Große Bergstr.", []string{"grosse", "bergstr"}, nil},
		{"punctuation only finds nothing", "--", []string{}, nil},
		{"words capped", "a b c d e f g h i j", []string{"a", "b", "c", "d", "e", "f", "g", "h"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, err := stores.ParseQuery(tc.raw)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, q.Tokens())
		})
	}
}
