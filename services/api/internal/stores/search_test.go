package stores_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/stores/demo"
	"github.com/grocer-portal/portal/services/api/internal/stores/storetest"
)

var directory = []stores.Store{
	{ID: "hamburg", Name: "Hamburg", Street: "Mönckebergstraße 7", Postcode: "20095", City: "Hamburg", Country: "DE", Open: true},
	{ID: "altona", Name: "Hamburg-Altona", Street: "Große Bergstraße 1", Postcode: "22767", City: "Hamburg", Country: "DE", Open: true},
	{ID: "hameln", Name: "Hameln", Street: "Bahnhofstraße 12", Postcode: "31785", City: "Hameln", Country: "DE", Open: true},
	{ID: "hamm-closed", Name: "Hamm", Street: "Hauptstraße 5", Postcode: "59065", City: "Hamm", Country: "DE", Open: false},
	{ID: "hamm", Name: "Hamm", Street: "Hammer Straße 1", Postcode: "59063", City: "Hamm", Country: "DE", Open: true},
	{ID: "muenchen", Name: "München", Street: "Sendlinger Straße 5", Postcode: "80331", City: "München", Country: "DE", Open: true},
	{ID: "stuttgart", Name: "Stuttgart", Street: "Hauptstraße 20", Postcode: "70173", City: "Stuttgart", Country: "DE", Open: true},
	{ID: "berlin", Name: "Berlin", Street: "Hamburger Straße 3", Postcode: "10115", City: "Berlin", Country: "DE", Open: true},
	{ID: "lodz", Name: "Łódź", Street: "ulica Piotrkowska 200", Postcode: "90-368", City: "Łódź", Country: "PL", Open: false},
	{ID: "liege", Name: "Liège", Street: "Rue Saint-Gilles 150", Postcode: "4000", City: "Liège", Country: "BE", Open: true},
}

func newService(t testing.TB, list []stores.Store) *stores.Service {
	t.Helper()
	svc := stores.NewService(storetest.NewMemory())
	_, err := svc.Import(context.Background(), list)
	require.NoError(t, err)
	return svc
}

func search(t testing.TB, svc *stores.Service, term string) []string {
	t.Helper()
	q, err := stores.ParseQuery(term)
	require.NoError(t, err)
	found, err := svc.Search(context.Background(), q)
	require.NoError(t, err)
	ids := make([]string, 0, len(found))
	for _, s := range found {
		ids = append(ids, s.ID)
	}
	return ids
}

func TestSearchRanking(t *testing.T) {
	svc := newService(t, directory)
	tests := []struct {
		name string
		term string
		want []string
	}{
		{"city prefix: bigger town first, then postcode; closed after open; street last", "ham", []string{"hamburg", "altona", "hamm", "hameln", "hamm-closed", "berlin"}},
		{"whole word beats prefix", "hamm", []string{"hamm", "hamm-closed"}},
		{"exact postcode", "20095", []string{"hamburg"}},
		{"postcode prefix", "22", []string{"altona"}},
		{"umlaut", "münchen", []string{"muenchen"}},
		{"umlaut spelt out", "Muenchen", []string{"muenchen"}},
		{"upper case", "MÜNCHEN", []string{"muenchen"}},
		{"sharp s spelt out", "grosse bergstrasse", []string{"altona"}},
		{"street prefix", "haupt", []string{"stuttgart", "hamm-closed"}},
		{"street abbreviation and house number", "Hauptstr. 5", []string{"hamm-closed"}},
		{"separate word before compound half", "straße", []string{"hamm", "berlin", "muenchen", "hamburg", "altona", "hameln", "stuttgart", "hamm-closed"}},
		{"all words must match", "hamburg grosse", []string{"altona"}},
		{"word order does not matter", "bergstr altona", []string{"altona"}},
		{"postcode and city", "22767 Hamburg", []string{"altona"}},
		{"no store matches every word", "hamburg sendlinger", []string{}},
		{"accents folded", "liege", []string{"liege"}},
		{"polish letters folded", "lodz", []string{"lodz"}},
		{"closed stores are findable", "piotrkowska", []string{"lodz"}},
		{"nothing", "xyz", []string{}},
		{"punctuation only", "--", []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, search(t, svc, tc.term))
		})
	}
}

// A street and house number find the store at that address first, as in the demo directory: "Jahnstraße 86"
// listed Monheim (86653), Möttingen (86753) and the closed Breitenthal (86488) before Jahnstraße 86 in Berlin, as
// a postcode starting with 86 weighed more than the house number 86, and shoppers who took the first suggestion
// saved the wrong store (QA). A number in a query with a word that found the street is the house number, wherever it
// stands: before the street, as French and Belgian addresses are written, or after the town. A postcode it begins
// ranks below the house numbers it is or begins. On its own or with a town only a number is still a postcode first.
func TestSearchRanksStreetAndHouseNumberFirst(t *testing.T) {
	svc := newService(t, []stores.Store{
		{ID: "DE-86488-01", Name: "Breitenthal", Street: "Jahnstraße 65", Postcode: "86488", City: "Breitenthal", Country: "DE", Open: false},
		{ID: "DE-86653-01", Name: "Monheim", Street: "Jahnstraße 139", Postcode: "86653", City: "Monheim", Country: "DE", Open: true},
		{ID: "DE-86753-01", Name: "Möttingen", Street: "Jahnstraße 80", Postcode: "86753", City: "Möttingen", Country: "DE", Open: true},
		{ID: "DE-10115-01", Name: "Berlin", Street: "Bahnhofstraße 21", Postcode: "10115", City: "Berlin", Country: "DE", Open: true},
		{ID: "DE-10115-02", Name: "Berlin", Street: "Jahnstraße 86", Postcode: "10115", City: "Berlin", Country: "DE", Open: true},
		{ID: "DE-23777-01", Name: "Heringsdorf", Street: "Jahnstraße 86a", Postcode: "23777", City: "Heringsdorf", Country: "DE", Open: true},
		{ID: "DE-21335-01", Name: "Lüneburg", Street: "Bahnhofstraße 5", Postcode: "21335", City: "Lüneburg", Country: "DE", Open: true},
		{ID: "DE-21614-01", Name: "Buxtehude", Street: "Bahnhofstraße 210", Postcode: "21614", City: "Buxtehude", Country: "DE", Open: true},
		{ID: "DE-10967-01", Name: "Berlin", Street: "Jahnstraße 12", Postcode: "10967", City: "Berlin", Country: "DE", Open: true},
		{ID: "DE-12049-01", Name: "Berlin", Street: "Jahnstraße 3", Postcode: "12049", City: "Berlin", Country: "DE", Open: true},
	})
	tests := []struct {
		name string
		term string
		want []string
	}{
		{"street and house number", "Jahnstraße 86", []string{"DE-10115-02", "DE-23777-01", "DE-86653-01", "DE-86753-01", "DE-86488-01"}},
		{"street spelt out and house number", "jahnstrasse 86", []string{"DE-10115-02", "DE-23777-01", "DE-86653-01", "DE-86753-01", "DE-86488-01"}},
		{"street prefix and house number", "Jahn 86", []string{"DE-10115-02", "DE-23777-01", "DE-86653-01", "DE-86753-01", "DE-86488-01"}},
		{"house number being typed", "Jahnstraße 8", []string{"DE-10115-02", "DE-23777-01", "DE-86753-01", "DE-86653-01", "DE-86488-01"}},
		{"another street", "Bahnhofstraße 21", []string{"DE-10115-01", "DE-21614-01", "DE-21335-01"}},
		{"abbreviated street", "Bahnhofstr. 21", []string{"DE-10115-01", "DE-21614-01", "DE-21335-01"}},
		{"street, house number and city", "Jahnstraße 86 Berlin", []string{"DE-10115-02"}},
		{"house number before the street", "86 Jahnstraße", []string{"DE-10115-02", "DE-23777-01", "DE-86653-01", "DE-86753-01", "DE-86488-01"}},
		{"house number before a street prefix", "86 jahn", []string{"DE-10115-02", "DE-23777-01", "DE-86653-01", "DE-86753-01", "DE-86488-01"}},
		{"house number before another street", "21 Bahnhofstraße", []string{"DE-10115-01", "DE-21614-01", "DE-21335-01"}},
		{"house number after the city", "Jahnstraße Berlin 12", []string{"DE-10967-01", "DE-12049-01"}},
		{"house number before street and city", "12 Jahnstraße Berlin", []string{"DE-10967-01", "DE-12049-01"}},
		{"a whole postcode after the street still counts", "Jahnstraße 86653", []string{"DE-86653-01"}},
		{"a whole postcode before the street still counts", "86653 Jahnstraße", []string{"DE-86653-01"}},
		{"a number on its own is a postcode first", "86", []string{"DE-86653-01", "DE-86753-01", "DE-86488-01", "DE-10115-02", "DE-23777-01"}},
		{"a number after the city is a postcode first", "Monheim 86", []string{"DE-86653-01"}},
		{"a number with a town only is a postcode first", "Berlin 12", []string{"DE-12049-01", "DE-10967-01"}},
		{"a number before a town only is a postcode first", "12 Berlin", []string{"DE-12049-01", "DE-10967-01"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, search(t, svc, tc.term))
		})
	}
}

// A keyboard without umlauts spells ü as u or as ue, ö as o or oe, ä as a or ae: every spelling finds the store, as
// ß typed as ss does. "Munchen" and "Dusseldorf" found nothing while "Muenchen" found München (QA). A town whose
// name has the bare vowel (Munster) is found by that spelling too, beside the town with the umlaut (Münster), which
// the umlaut or its ue spelling finds alone.
func TestSearchFindsEveryUsualSpellingOfAnUmlaut(t *testing.T) {
	svc := newService(t, []stores.Store{
		{ID: "muenchen", Name: "München", Street: "Sendlinger Straße 5", Postcode: "80331", City: "München", Country: "DE", Open: true},
		{ID: "duesseldorf", Name: "Düsseldorf", Street: "Königsallee 60", Postcode: "40212", City: "Düsseldorf", Country: "DE", Open: true},
		{ID: "graefelfing", Name: "Gräfelfing", Street: "Mühlenweg 3", Postcode: "82166", City: "Gräfelfing", Country: "DE", Open: true},
		{ID: "muenster", Name: "Münster", Street: "Hammer Straße 1", Postcode: "48153", City: "Münster", Country: "DE", Open: true},
		{ID: "munster", Name: "Munster", Street: "Bahnhofstraße 2", Postcode: "29633", City: "Munster", Country: "DE", Open: true},
	})
	tests := []struct {
		name string
		term string
		want []string
	}{
		{"ü typed", "München", []string{"muenchen"}},
		{"ü as ue", "Muenchen", []string{"muenchen"}},
		{"ü as u", "Munchen", []string{"muenchen"}},
		{"ü as u, a prefix", "munc", []string{"muenchen"}},
		{"ü as u in another town", "Dusseldorf", []string{"duesseldorf"}},
		{"ü as ue in another town", "Duesseldorf", []string{"duesseldorf"}},
		{"ö as o in a street", "Konigsallee", []string{"duesseldorf"}},
		{"ö as oe in a street", "koenigsallee 60", []string{"duesseldorf"}},
		{"half of a compound street, ö as o", "konigs", []string{"duesseldorf"}},
		{"ä as a", "Grafelfing", []string{"graefelfing"}},
		{"ä as ae", "Graefelfing", []string{"graefelfing"}},
		{"ü as u in a compound street's half", "muhlen", []string{"graefelfing"}},
		{"ß as ss", "sendlinger strasse", []string{"muenchen"}},
		{"the umlaut finds only the town with it", "Münster", []string{"muenster"}},
		{"ue finds only the town with the umlaut", "Muenster", []string{"muenster"}},
		{"the bare vowel finds both towns", "Munster", []string{"munster", "muenster"}},
		{"decomposed umlaut", "Mu\u0308nster", []string{"muenster"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, search(t, svc, tc.term))
		})
	}
}

func TestSearchReturnsAtMost20InPostcodeOrder(t *testing.T) {
	var list []stores.Store
	for i := 29; i >= 0; i-- {
		list = append(list, stores.Store{ID: fmt.Sprintf("DE-%05d-01", 10100+i), Name: "Berlin", Street: "Hauptstraße 1", Postcode: fmt.Sprintf("%05d", 10100+i), City: "Berlin", Country: "DE", Open: i != 0})
	}
	got := search(t, newService(t, list), "berlin")
	require.Len(t, got, stores.MaxResults)
	require.Equal(t, "DE-10101-01", got[0], "the closed DE-10100-01 ranks after every open store")
	require.Equal(t, "DE-10120-01", got[19])
}

func TestGet(t *testing.T) {
	svc := newService(t, directory)
	got, err := svc.Get(context.Background(), "lodz")
	require.NoError(t, err)
	require.Equal(t, directory[8], got)
	require.False(t, got.Open)

	_, err = svc.Get(context.Background(), "nope")
	require.ErrorIs(t, err, stores.ErrNotFound)
}

func TestImportRejectsBadStoresAndWritesNothing(t *testing.T) {
	repo := storetest.NewMemory()
	svc := stores.NewService(repo)
	bad := directory[1]
	bad.Postcode = "2276"
	_, err := svc.Import(context.Background(), []stores.Store{directory[0], bad})
	require.ErrorIs(t, err, stores.ErrInvalid)
	require.ErrorContains(t, err, "store 2 (altona): postcode")

	_, err = svc.Import(context.Background(), []stores.Store{directory[0], directory[0]})
	require.ErrorIs(t, err, stores.ErrInvalid)

	all, err := repo.All(context.Background())
	require.NoError(t, err)
	require.Empty(t, all)
}

func TestSearchKeepsServingWhenTheDatabaseFails(t *testing.T) {
	repo := storetest.NewMemory()
	_, err := repo.Upsert(context.Background(), directory)
	require.NoError(t, err)
	svc := stores.NewService(repo, stores.WithRefreshInterval(0))

	repo.Err = errors.New("database down")
	q, err := stores.ParseQuery("hamburg")
	require.NoError(t, err)
	_, err = svc.Search(context.Background(), q)
	require.ErrorContains(t, err, "database down", "nothing to serve before the first load")

	repo.Err = nil
	require.NoError(t, svc.Load(context.Background()))
	repo.Err = errors.New("database down")
	require.Equal(t, []string{"hamburg", "altona", "berlin"}, search(t, svc, "hamburg"), "the last index keeps answering")
}

func TestRefreshIsRateLimited(t *testing.T) {
	repo := storetest.NewMemory()
	svc := stores.NewService(repo, stores.WithRefreshInterval(time.Hour))
	require.NoError(t, svc.Load(context.Background()))
	// Another replica imports: this one does not look before the interval ends.
	_, err := repo.Upsert(context.Background(), directory[:1])
	require.NoError(t, err)
	require.Empty(t, search(t, svc, "hamburg"))
}

func TestDemoStores(t *testing.T) {
	list, err := demo.Stores()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(list), 4000)
	countries := map[string]int{}
	closed := 0
	for _, s := range list {
		countries[s.Country]++
		if !s.Open {
			closed++
		}
	}
	for _, c := range []string{"DE", "AT", "BE", "NL", "LU", "FR", "ES", "PL", "PT"} {
		require.Positive(t, countries[c], c)
	}
	require.InDelta(t, 0.05, float64(closed)/float64(len(list)), 0.02, "about 5%% closed")
	require.Contains(t, demo.Notice, "GeoNames (geonames.org), CC BY 4.0")

	svc := newService(t, list)
	tests := []struct {
		name string
		a, b string
	}{
		{"umlaut and its spelling", "münchen", "muenchen"},
		{"case", "Köln", "KOELN"},
		{"accent", "Liège", "liege"},
		{"umlaut typed as its bare vowel", "münchen", "munchen"},
		{"another town, umlaut as bare vowel", "Düsseldorf", "Dusseldorf"},
		{"Köln typed without the dots", "Köln", "Koln"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := search(t, svc, tc.a)
			require.NotEmpty(t, a)
			require.Equal(t, a, search(t, svc, tc.b))
		})
	}
	muenchen := search(t, svc, "münchen")
	require.Len(t, muenchen, stores.MaxResults)
	require.Regexp(t, `^DE-8`, muenchen[0])
	require.Regexp(t, `^DE-2[0-2]`, search(t, svc, "ham")[0], "Hamburg before the smaller towns starting with ham")
	require.Equal(t, "DE-10115-02", search(t, svc, "Jahnstraße 86")[0], "Jahnstraße 86, 10115 Berlin before the postcodes 86…")
	require.Equal(t, "DE-10115-01", search(t, svc, "Bahnhofstraße 21")[0], "Bahnhofstraße 21, 10115 Berlin before the postcodes 21…")
	require.Equal(t, "DE-10115-02", search(t, svc, "86 Jahnstraße")[0], "a house number before the street too")
	require.Equal(t, "DE-10585-01", search(t, svc, "Jahnstraße Berlin 1")[0], "Jahnstraße 136 before the postcodes 1… after the town too")
}
