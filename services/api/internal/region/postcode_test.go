package region

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParsePostcode(t *testing.T) {
	valid := []struct {
		name string
		in   string
	}{
		{"leading zero", "01067"},
		{"Hamburg", "20095"},
		{"all zeros", "00000"},
		{"all nines", "99999"},
	}
	for _, tc := range valid {
		t.Run("accepts/"+tc.name, func(t *testing.T) {
			p, err := ParsePostcode(tc.in)
			require.NoError(t, err)
			require.Equal(t, Postcode(tc.in), p)
			require.Equal(t, tc.in, p.String())
		})
	}

	invalid := []struct {
		name string
		in   string
	}{
		{"empty", ""},
		{"four digits", "1234"},
		{"six digits", "123456"},
		{"letter inside", "12a45"},
		{"leading space and trailing letter", " 12345x"},
		{"leading space", " 12345"},
		{"trailing space", "12345 "},
		{"trailing newline", "12345\n"},
		{"tab", "\t12345"},
		{"inner space", "12 45"},
		{"full-width digits", "１２３４５"},
		{"one full-width digit", "1234５"},
		{"arabic-indic digits", "٠١٢٣٤"},
		{"plus sign", "+1234"},
		{"minus sign", "-1234"},
		{"NUL byte", "1234\x00"},
		{"invalid UTF-8", "1234\xff"},
		{"letters", "abcde"},
		{"prefix D-", "D-12345"},
		{"decimal point", "123.4"},
	}
	for _, tc := range invalid {
		t.Run("rejects/"+tc.name, func(t *testing.T) {
			p, err := ParsePostcode(tc.in)
			require.ErrorIs(t, err, ErrInvalidPostcode)
			require.Equal(t, Postcode(""), p)
		})
	}
}

func TestPostcodeIndex(t *testing.T) {
	cases := []struct {
		name string
		in   Postcode
		want int
	}{
		{"zero", "00000", 0},
		{"leading zero", "01067", 1067},
		{"max", "99999", 99999},
		{"malformed short", "123", -1},
		{"malformed letters", "1234x", -1},
		{"malformed empty", "", -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, tc.in.index())
		})
	}
}
