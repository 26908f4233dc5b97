package derive

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/region"
)

const header = "country_code,zipcode,place,state,state_code,province,province_code,community,community_code,latitude,longitude\n"

func csvOf(rows ...string) string { return header + strings.Join(rows, "\n") + "\n" }

func regionsOf(t *testing.T, res *Result) map[string]region.Region {
	t.Helper()
	m := map[string]region.Region{}
	for _, e := range res.Entries {
		m[string(e.Postcode)] = e.Region
	}
	return m
}

func TestDeriveRules(t *testing.T) {
	cases := []struct {
		name string
		rows []string
		want map[string]region.Region
	}{
		{
			name: "whole states",
			rows: []string{
				`DE,20095,Hamburg,Hamburg,HH,"",00,"Hamburg, Freie und Hansestadt",02000,53.55,10`,
				`DE,80331,München,Bayern,BY,Oberbayern,091,"Kreisfreie Stadt München",09162,48.13,11.57`,
				`DE,66111,Saarbrücken,Saarland,SL,"",00,Regionalverband Saarbrücken,10041,49.23,7`,
			},
			want: map[string]region.Region{"20095": region.North, "80331": region.South, "66111": region.South},
		},
		{
			name: "NW and HE by district",
			rows: []string{
				`DE,45127,Essen,Nordrhein-Westfalen,NW,Reg.-Bez. Düsseldorf,051,"Essen, Stadt",05113,51.4,7`,
				`DE,40213,Düsseldorf,Nordrhein-Westfalen,NW,Reg.-Bez. Düsseldorf,051,"Düsseldorf, Stadt",05111,51.2,6.7`,
				`DE,34117,Kassel,Hessen,HE,Regierungsbezirk Kassel,066,"Kassel, documenta-Stadt",06611,51.3,9.5`,
				`DE,60311,Frankfurt am Main,Hessen,HE,Regierungsbezirk Darmstadt,064,"Frankfurt am Main, Stadt",06412,50.1,8.7`,
			},
			want: map[string]region.Region{"45127": region.North, "40213": region.South, "34117": region.North, "60311": region.South},
		},
		{
			name: "split districts per place and per postcode",
			rows: []string{
				`DE,46395,Bocholt,Nordrhein-Westfalen,NW,Reg.-Bez. Münster,055,Borken,05554,51.8,6.6`,
				`DE,46325,Borken,Nordrhein-Westfalen,NW,Reg.-Bez. Münster,055,Borken,05554,51.8,6.8`,
				`DE,46236,Bottrop,Nordrhein-Westfalen,NW,Reg.-Bez. Münster,055,"Bottrop, Stadt",05512,51.5,6.9`,
				`DE,46244,Bottrop,Nordrhein-Westfalen,NW,Reg.-Bez. Münster,055,"Bottrop, Stadt",05512,51.6,6.9`,
				`DE,57319,Bad Berleburg Elsoff,Nordrhein-Westfalen,NW,Reg.-Bez. Arnsberg,059,Siegen-Wittgenstein,05970,51,8.5`,
				`DE,40789,Monheim am Rhein Baumberg,Nordrhein-Westfalen,NW,Reg.-Bez. Düsseldorf,051,Mettmann,05158,51.1,6.9`,
			},
			want: map[string]region.Region{
				"46395": region.South, "46325": region.North, "46236": region.North,
				"46244": region.South, "57319": region.North, "40789": region.South,
			},
		},
		{
			name: "Jungholz without state",
			rows: []string{`DE,87491,Jungholz,"","","","","","",47.57,10.44`},
			want: map[string]region.Region{"87491": region.South},
		},
		{
			name: "majority of places decides",
			rows: []string{
				`DE,59969,Hallenberg,Nordrhein-Westfalen,NW,Reg.-Bez. Arnsberg,059,Hochsauerlandkreis,05958,51.1,8.6`,
				`DE,59969,Bromskirchen,Hessen,HE,Regierungsbezirk Kassel,066,Landkreis Waldeck-Frankenberg,06635,51,8.6`,
				`DE,59969,Fantasia,Bayern,BY,Oberbayern,091,Landkreis München,09184,51,8.6`,
				`DE,12345,A,Bayern,BY,Oberbayern,091,Landkreis München,09184,48,11`,
				`DE,12345,B,Bayern,BY,Oberbayern,091,Landkreis München,09184,48,11`,
				`DE,12345,C,Berlin,BE,"",00,"Berlin, Stadt",11000,52,13`,
			},
			want: map[string]region.Region{"59969": region.North, "12345": region.South},
		},
		{
			name: "tie is unknown; a duplicate place row counts once",
			rows: []string{
				`DE,11111,A,Bayern,BY,Oberbayern,091,Landkreis München,09184,48,11`,
				`DE,11111,A,Bayern,BY,Oberbayern,091,Landkreis München,09184,48,11`,
				`DE,11111,B,Berlin,BE,"",00,"Berlin, Stadt",11000,52,13`,
			},
			want: map[string]region.Region{"11111": region.Unknown},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Derive(strings.NewReader(csvOf(tc.rows...)))
			require.NoError(t, err)
			require.Equal(t, tc.want, regionsOf(t, res))
		})
	}
}

func TestDeriveMixedAndTies(t *testing.T) {
	res, err := Derive(strings.NewReader(csvOf(
		`DE,11111,A,Bayern,BY,Oberbayern,091,Landkreis München,09184,48,11`,
		`DE,11111,B,Berlin,BE,"",00,"Berlin, Stadt",11000,52,13`,
		`DE,22222,A,Bayern,BY,Oberbayern,091,Landkreis München,09184,48,11`,
		`DE,22222,B,Bayern,BY,Oberbayern,091,Landkreis München,09184,48,11`,
		`DE,22222,C,Berlin,BE,"",00,"Berlin, Stadt",11000,52,13`,
		`DE,33333,C,Berlin,BE,"",00,"Berlin, Stadt",11000,52,13`,
	)))
	require.NoError(t, err)
	require.Equal(t, []region.Postcode{"11111"}, res.Ties())
	require.Equal(t, []Mixed{
		{Postcode: "11111", North: 1, South: 1, Region: region.Unknown},
		{Postcode: "22222", North: 1, South: 2, Region: region.South},
	}, res.Mixed)
	require.Equal(t, map[region.Region]int{region.North: 1, region.South: 1, region.Unknown: 1}, res.Counts())

	var sb strings.Builder
	WriteSummary(&sb, res)
	require.Contains(t, sb.String(), "UNKNOWN because of a tie: 1\n  11111  NORD 1 / SUED 1 -> UNKNOWN")

	table, notice, err := Render(res)
	require.NoError(t, err)
	require.Contains(t, string(table), "# "+region.Attribution)
	require.Contains(t, string(table), "\n111 U 11\n222 S 22\n333 N 33\ntotal 3\n")
	require.Contains(t, string(notice), region.Attribution)
	require.Contains(t, string(notice), "GeoNames (geonames.org), CC BY 4.0")

	tab, err := region.ParseTable(strings.NewReader(string(table)))
	require.NoError(t, err)
	require.Equal(t, region.Unknown, tab.Lookup("11111"))
	require.True(t, tab.Contains("11111"))
}

func TestDeriveRejectsUncoveredRows(t *testing.T) {
	cases := []struct {
		name    string
		csv     string
		wantErr string
	}{
		{"missing column", "zipcode,place\n12345,A\n", `lacks column "country_code"`},
		{"foreign country", csvOf(`AT,12345,Wien,Wien,WI,"",00,Wien,90001,48,16`), "country_code"},
		{"bad zipcode", csvOf(`DE,1234,A,Bayern,BY,Oberbayern,091,Landkreis München,09184,48,11`), "invalid zipcode"},
		{"stateless row other than Jungholz", csvOf(`DE,12345,Nowhere,"","","","","","",48,11`), "without state_code"},
		{"unknown state", csvOf(`DE,12345,A,Atlantis,AT,"",00,X,17000,48,11`), "unknown state_code"},
		{"district of another state", csvOf(`DE,45127,Essen,Nordrhein-Westfalen,NW,X,051,"Essen, Stadt",06113,51,7`), "does not belong"},
		{"unlisted district", csvOf(`DE,45127,Neustadt,Nordrhein-Westfalen,NW,X,051,Neukreis,05999,51,7`), "has no decision"},
		{"renamed district", csvOf(`DE,45127,Essen,Nordrhein-Westfalen,NW,X,051,Essen,05113,51,7`), "in the CSV but"},
		{"unlisted place in split district", csvOf(`DE,46399,Neuort,Nordrhein-Westfalen,NW,X,055,Borken,05554,51,7`), `place "Neuort"`},
		{"place prefix needs a space", csvOf(`DE,46399,Bocholtheim,Nordrhein-Westfalen,NW,X,055,Borken,05554,51,7`), `place "Bocholtheim"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Derive(strings.NewReader(tc.csv))
			require.ErrorContains(t, err, tc.wantErr)
		})
	}
}

func TestRuleTablesConsistent(t *testing.T) {
	for code, d := range splitDistricts {
		require.Len(t, code, 5)
		require.NotEmpty(t, d.name, code)
		require.NotEmpty(t, d.places, code)
		for place, r := range d.places {
			require.Contains(t, []region.Region{region.North, region.South}, r, "%s %s", code, place)
		}
		for pc, r := range d.postcodes {
			_, err := region.ParsePostcode(pc)
			require.NoError(t, err, code)
			require.Contains(t, []region.Region{region.North, region.South}, r, "%s %s", code, pc)
		}
	}
	for _, d := range districts {
		require.Len(t, d.code, 5)
		require.Contains(t, []region.Region{region.North, region.South}, d.region, d.code)
	}
}
