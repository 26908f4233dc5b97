package region_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/region"
)

func mustParse(t testing.TB, s string) region.Postcode {
	t.Helper()
	p, err := region.ParsePostcode(s)
	require.NoError(t, err)
	return p
}

func TestDefaultLookup(t *testing.T) {
	cases := []struct {
		name string
		zip  string
		want region.Region
	}{
		// Required by the brief.
		{"Hamburg", "20095", region.North},
		{"Berlin", "10115", region.North},
		{"Dresden", "01067", region.North},
		{"Essen", "45127", region.North},
		{"Dortmund", "44135", region.North},
		{"Münster", "48143", region.North},
		{"Kassel", "34117", region.North},
		{"München", "80331", region.South},
		{"Stuttgart", "70173", region.South},
		{"Saarbrücken", "66111", region.South},
		{"Köln", "50667", region.South},
		{"Düsseldorf", "40213", region.South},
		{"Duisburg", "47051", region.South},
		{"Frankfurt am Main", "60311", region.South},
		{"Gießen", "35390", region.South},
		{"non-existent 00000", "00000", region.Unknown},
		{"non-existent 99999", "99999", region.Unknown},
		{"non-existent gap 01068", "01068", region.Unknown},

		// README split districts and documented decisions (derive/rules.go).
		{"Bocholt (Borken)", "46395", region.South},
		{"Borken (Borken)", "46325", region.North},
		{"Hilden (Mettmann)", "40721", region.South},
		{"Langenfeld (Mettmann)", "40764", region.South},
		{"Haan (Mettmann)", "42781", region.North},
		{"Velbert (Mettmann)", "42549", region.North},
		{"Bottrop", "46236", region.North},
		{"Bottrop-Kirchhellen", "46244", region.South},
		{"Wuppertal", "42103", region.North},
		{"Solingen", "42651", region.South},
		{"Remscheid", "42853", region.North},
		{"Mülheim an der Ruhr", "45468", region.South},
		{"Oberhausen", "46045", region.South},
		{"Gummersbach centre", "51643", region.North},
		{"Gummersbach-Dieringhausen", "51645", region.South},
		{"Radevormwald", "42477", region.North},
		{"Siegen core", "57072", region.North},
		{"Siegen-Eiserfeld", "57080", region.South},
		{"Bad Laasphe", "57334", region.North},
		{"Bad Berleburg (many places)", "57319", region.North},
		{"Marburg", "35037", region.North},
		{"Wetzlar", "35576", region.South},
		{"Dillenburg", "35683", region.South},
		{"Alsfeld", "36304", region.North},
		{"Lauterbach", "36341", region.South},
		{"Fulda", "36037", region.South},
		{"Jungholz (AT exclave)", "87491", region.South},
		{"Hallenberg/Bromskirchen (NW+HE)", "59969", region.North},
		{"Hirschhorn area (HE+BW)", "69434", region.South},
		{"Sonneberg (TH)", "96515", region.North},
	}
	tab := region.Default()
	for _, tc := range cases {
		t.Run(tc.name+"/"+tc.zip, func(t *testing.T) {
			require.Equal(t, tc.want, tab.Lookup(mustParse(t, tc.zip)))
		})
	}
}

func TestDefaultTable(t *testing.T) {
	tab := region.Default()
	require.Same(t, tab, region.Default(), "Default must return the table parsed once")
	require.Equal(t, 8308, tab.Len())
	require.True(t, tab.Contains("01067"))
	require.False(t, tab.Contains("01068"))
	require.False(t, tab.Contains("bogus"))

	var north, south, unknown int
	for i := 0; i < 100000; i++ {
		p := region.Postcode(fmtZip(i))
		switch r := tab.Lookup(p); r {
		case region.North:
			north++
		case region.South:
			south++
		case region.Unknown:
			if tab.Contains(p) {
				unknown++
			}
		default:
			t.Fatalf("unexpected region %q for %s", r, p)
		}
	}
	require.Equal(t, tab.Len(), north+south+unknown)
	require.Positive(t, north)
	require.Positive(t, south)
}

func TestLookupMalformedPostcode(t *testing.T) {
	// A Postcode built by conversion is not validated; Lookup must cope.
	cases := []struct {
		name string
		in   region.Postcode
	}{
		{"empty", ""},
		{"short", "2009"},
		{"long", "200950"},
		{"letters", "2009x"},
		{"full-width", "２００９５"},
	}
	var zero region.Table
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, region.Unknown, region.Default().Lookup(tc.in))
			require.False(t, region.Default().Contains(tc.in))
			require.Equal(t, region.Unknown, zero.Lookup(tc.in))
		})
	}
	require.Equal(t, region.Unknown, zero.Lookup("20095"), "zero Table answers Unknown")
}

func TestLookupDoesNotAllocate(t *testing.T) {
	tab := region.Default()
	p := mustParse(t, "20095")
	allocs := testing.AllocsPerRun(1000, func() {
		if tab.Lookup(p) != region.North {
			t.Fatal("wrong region")
		}
	})
	require.Zero(t, allocs)
	allocs = testing.AllocsPerRun(1000, func() {
		q, err := region.ParsePostcode("80331")
		if err != nil || tab.Lookup(q) != region.South {
			t.Fatal("wrong region")
		}
	})
	require.Zero(t, allocs, "parse + lookup must not allocate")
}

func TestRegionConstants(t *testing.T) {
	require.Equal(t, "NORD", string(region.North))
	require.Equal(t, "SUED", string(region.South))
	require.Equal(t, "UNKNOWN", string(region.Unknown))
	require.Equal(t, "SUED", region.South.String())
}

func TestAttributionShipped(t *testing.T) {
	const credit = "Derived from GeoNames (geonames.org) postal code data, CC BY 4.0"
	require.Equal(t, credit, region.Attribution)
	require.Contains(t, region.Notice(), credit)
	require.Contains(t, region.Notice(), "GeoNames (geonames.org), CC BY 4.0")
}

func TestWriteParseRoundTrip(t *testing.T) {
	entries := []region.Entry{
		{Postcode: "01067", Region: region.North},
		{Postcode: "01069", Region: region.North},
		{Postcode: "46242", Region: region.North},
		{Postcode: "46244", Region: region.South},
		{Postcode: "46282", Region: region.North},
		{Postcode: "50000", Region: region.Unknown},
		{Postcode: "99998", Region: region.South},
	}
	var sb strings.Builder
	require.NoError(t, region.WriteTable(&sb, []string{"hello", ""}, entries))
	require.Equal(t, "# hello\n#\nregions v1\n010 N 67 69\n462 N 42 S 44 N 82\n500 U 00\n999 S 98\ntotal 7\n", sb.String())

	tab, err := region.ParseTable(strings.NewReader(sb.String()))
	require.NoError(t, err)
	require.Equal(t, len(entries), tab.Len())
	for _, e := range entries {
		require.Equal(t, e.Region, tab.Lookup(e.Postcode), e.Postcode)
		require.True(t, tab.Contains(e.Postcode), e.Postcode)
	}
	require.False(t, tab.Contains("46240"))
}

func TestWriteTableRejects(t *testing.T) {
	cases := []struct {
		name     string
		comments []string
		entries  []region.Entry
	}{
		{"unsorted", nil, []region.Entry{{"01069", region.North}, {"01067", region.North}}},
		{"duplicate", nil, []region.Entry{{"01067", region.North}, {"01067", region.South}}},
		{"bad postcode", nil, []region.Entry{{"0106", region.North}}},
		{"bad region", nil, []region.Entry{{"01067", "WEST"}}},
		{"multi-line comment", []string{"a\nb"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			require.Error(t, region.WriteTable(&strings.Builder{}, tc.comments, tc.entries))
		})
	}
}

func TestParseTableRejects(t *testing.T) {
	cases := []struct {
		name string
		in   string
	}{
		{"empty", ""},
		{"no header", "010 N 67\ntotal 1\n"},
		{"wrong version", "regions v2\ntotal 0\n"},
		{"missing total (truncated)", "regions v1\n010 N 67 69\n"},
		{"wrong total", "regions v1\n010 N 67 69\ntotal 3\n"},
		{"content after total", "regions v1\ntotal 0\n010 N 67\n"},
		{"suffix before letter", "regions v1\n010 67 N 69\ntotal 2\n"},
		{"unsorted suffix", "regions v1\n010 N 69 67\ntotal 2\n"},
		{"duplicate suffix", "regions v1\n010 N 67 S 67\ntotal 2\n"},
		{"unsorted zone", "regions v1\n011 N 08\n010 N 67\ntotal 2\n"},
		{"duplicate zone", "regions v1\n010 N 67\n010 N 69\ntotal 2\n"},
		{"bad zone", "regions v1\n01 N 67\ntotal 1\n"},
		{"bad suffix", "regions v1\n010 N 6\ntotal 1\n"},
		{"unknown letter", "regions v1\n010 X 67\ntotal 1\n"},
		{"letter without postcodes", "regions v1\n010 N 67 S\ntotal 1\n"},
		{"zone without postcodes", "regions v1\n010 N\ntotal 0\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := region.ParseTable(strings.NewReader(tc.in))
			require.Error(t, err)
		})
	}
}

func fmtZip(i int) string {
	b := []byte("00000")
	for j := 4; j >= 0; j-- {
		b[j] = byte('0' + i%10)
		i /= 10
	}
	return string(b)
}

var sink region.Region

func BenchmarkLookup(b *testing.B) {
	tab := region.Default()
	zips := []region.Postcode{"20095", "80331", "01067", "46244", "99999", "50667", "35037", "57080"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sink = tab.Lookup(zips[i%len(zips)])
	}
}

func BenchmarkParseAndLookup(b *testing.B) {
	tab := region.Default()
	zips := []string{"20095", "80331", "01067", "46244", "99999", "50667", "35037", "57080"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, err := region.ParsePostcode(zips[i%len(zips)])
		if err != nil {
			b.Fatal(err)
		}
		sink = tab.Lookup(p)
	}
}

func TestStoreArea(t *testing.T) {
	table := region.Default()
	for name, tc := range map[string]struct{ postcode, want string }{
		"Hamburg is north":           {"20095", "NORD"},
		"Munich is south":            {"80331", "SUED"},
		"surrounding spaces trimmed": {" 80331 ", "SUED"},
		"four digits are unknown":    {"2009", "UNKNOWN"},
		"letters are unknown":        {"2009a", "UNKNOWN"},
		"empty is unknown":           {"", "UNKNOWN"},
	} {
		t.Run(name, func(t *testing.T) {
			require.Equal(t, tc.want, table.StoreArea(tc.postcode))
		})
	}
}
