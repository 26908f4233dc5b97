package content_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/content"
)

// shippedLocales are the languages of the specs; each must have a complete document.
var shippedLocales = []string{"de_DE", "en_GB", "fr_FR", "nl_NL", "es_ES", "pl_PL", "pt_PT", "nl_BE", "fr_BE", "fr_LU", "de_LU"}

// minimal is the smallest document the schema accepts.
const minimal = `{
	"header": {"logo": {"src": "/logo.svg", "alt": "Logo"}, "homeUrl": "/"},
	"footer": {"copyright": "© Test"},
	"simpleFooter": {"footerLinks": []},
	"components": {"accountPage": {"accountLinks": []}}
}`

func TestLoadEmbedded(t *testing.T) {
	lib, err := content.Load(content.Embedded())
	require.NoError(t, err)

	tests := []struct {
		name     string
		cmsID    string
		language string
		wantErr  error
	}{
		{"unknown language", "portal", "it_IT", content.ErrNotFound},
		{"unknown content set", "other", "de_DE", content.ErrNotFound},
		{"language without country", "portal", "de", content.ErrNotFound},
	}
	for _, locale := range shippedLocales {
		tests = append(tests, struct {
			name     string
			cmsID    string
			language string
			wantErr  error
		}{locale, "portal", locale, nil})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := lib.Document(tc.cmsID, tc.language)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.True(t, json.Valid(doc.Body))
			require.Regexp(t, `^"[0-9a-f]{32}"$`, doc.ETag)
		})
	}

	de, err := lib.Document("portal", "de_DE")
	require.NoError(t, err)
	require.Equal(t, de.Body, lib.Default().Body, "default.json is the German document")
}

// readShipped decodes one embedded file.
func readShipped(t *testing.T, name string) content.Model {
	t.Helper()
	raw, err := fs.ReadFile(content.Embedded(), name)
	require.NoError(t, err)
	m, err := content.Decode(raw)
	require.NoError(t, err, name)
	return m
}

// skeleton is what must not differ between languages: ids, keys, types, and
// the values stored for a choice. Texts and links may differ.
func skeleton(m content.Model) map[string]any {
	ids := func(n int, id func(i int) string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = id(i)
		}
		return out
	}
	s := map[string]any{
		"footerLinks":  ids(len(m.SimpleFooter.FooterLinks), func(i int) string { return m.SimpleFooter.FooterLinks[i].ID }),
		"accountLinks": ids(len(m.Components.AccountPage.AccountLinks), func(i int) string { return m.Components.AccountPage.AccountLinks[i].ID }),
	}
	if m.SocialMediaBar != nil {
		s["socialmediabar"] = ids(len(m.SocialMediaBar.Items), func(i int) string { return m.SocialMediaBar.Items[i].ID })
	}
	if sso := m.Components.SsoClientsOverview; sso != nil {
		s["ssoClients"] = ids(len(sso.Items), func(i int) string { return sso.Items[i].ID + " " + sso.Items[i].Image })
	}
	if pc := m.PreferenceCentre; pc != nil {
		s["home"] = pc.Home != nil
		var tabs []string
		for _, tab := range pc.Tabs {
			tabs = append(tabs, tab.ID+" open="+strconv.FormatBool(*tab.AccessWithoutNewsletterSubscription))
			for _, it := range tab.Items {
				line := tab.ID + "/" + it.ID + " " + it.Type + " " + it.Preference + " " + it.Icon + " " + strings.Join(it.Keys, ",") + " " + strings.Join(it.Fields, ",")
				for _, o := range it.Options {
					line += " " + o.Value
				}
				tabs = append(tabs, line)
			}
		}
		s["tabs"] = tabs
		newsletters := map[string]string{}
		for k, n := range pc.Newsletters {
			window := func(p *string) string {
				if p == nil {
					return "open"
				}
				return "set"
			}
			newsletters[k] = n.Icon + " " + window(n.DisplayStart) + "-" + window(n.DisplayEnd)
		}
		s["newsletters"] = newsletters
	}
	return s
}

func TestShippedLocalesMatchGerman(t *testing.T) {
	german := skeleton(readShipped(t, "portal/de_DE.json"))
	require.NotEmpty(t, german["tabs"], "the German document has a preference centre")
	for _, locale := range shippedLocales {
		t.Run(locale, func(t *testing.T) {
			require.Equal(t, german, skeleton(readShipped(t, "portal/"+locale+".json")),
				"every language has the same links, tiles, tabs and newsletters as German")
		})
	}
}

func TestShippedNewsletterWindows(t *testing.T) {
	m := readShipped(t, "portal/de_DE.json")
	christmas := m.PreferenceCentre.Newsletters["NLT_CHRISTMAS"]
	require.NotNil(t, christmas.DisplayStart)
	require.True(t, strings.HasPrefix(*christmas.DisplayStart, "2026-11-01"))
	require.True(t, strings.HasPrefix(*christmas.DisplayEnd, "2026-12-31"))
	easter := m.PreferenceCentre.Newsletters["NLT_EASTER_2025"]
	require.NotNil(t, easter.DisplayEnd, "one newsletter's window is over, to show the apps hide it")
	require.True(t, strings.HasPrefix(*easter.DisplayEnd, "2025-"))
}

// TestShippedImagesExist checks that every picture the shipped documents load from the site (renditions included)
// is in libs/ui/assets, which each app's build copies to its root: what start-up checks against the built apps
// (Library.Check), here without a build. It needs the monorepo around the module.
func TestShippedImagesExist(t *testing.T) {
	assets := filepath.Join("..", "..", "..", "..", "libs", "ui", "assets")
	if _, err := os.Stat(assets); err != nil {
		t.Skipf("libs/ui/assets not next to the service (%v)", err)
	}
	lib, err := content.Load(content.Embedded())
	require.NoError(t, err)
	paths := lib.PicturePaths()
	require.Contains(t, paths, "/images/sso-photo-286w.png", "a partner tile's rendition")
	require.Contains(t, paths, "/images/tile-account-accessdata-1817w.png", "an account tile's width")
	for _, p := range paths {
		_, err := os.Stat(filepath.Join(assets, filepath.FromSlash(p)))
		require.NoError(t, err, "the content names %s", p)
	}
}

// TestPictureWidthsMatchTheApps: start-up checks the renditions the apps load; the widths are theirs.
func TestPictureWidthsMatchTheApps(t *testing.T) {
	for _, tc := range []struct {
		file, constant string
		want           []int
	}{
		{"apps/account-portal/src/features/account/components/AccountTiles.tsx", "TILE_IMAGE_WIDTHS", content.TileImageWidths},
		{"apps/preference-centre/src/features/preferences/components/PartnerTiles.tsx", "PARTNER_TILE_WIDTHS", content.PartnerImageWidths},
	} {
		src, err := os.ReadFile(filepath.Join("..", "..", "..", "..", filepath.FromSlash(tc.file)))
		if err != nil {
			t.Skipf("apps not next to the service (%v)", err)
		}
		m := regexp.MustCompile(tc.constant + ` = \[([0-9, ]+)\]`).FindSubmatch(src)
		require.NotNil(t, m, tc.file)
		var got []int
		for _, w := range strings.Split(string(m[1]), ",") {
			n, err := strconv.Atoi(strings.TrimSpace(w))
			require.NoError(t, err)
			got = append(got, n)
		}
		require.Equal(t, tc.want, got, tc.constant)
	}
}

func TestLoadRejectsBadFiles(t *testing.T) {
	tests := []struct {
		name    string
		files   fstest.MapFS
		wantErr string
	}{
		{"invalid JSON", fstest.MapFS{"default.json": {Data: []byte(minimal)}, "portal/de_DE.json": {Data: []byte(`{"header":`)}}, "portal/de_DE.json: not a valid JSON object"},
		{"array instead of object", fstest.MapFS{"default.json": {Data: []byte(`[]`)}}, "default.json: not a valid JSON object"},
		{"null document", fstest.MapFS{"default.json": {Data: []byte(`null`)}}, "default.json: not a valid JSON object"},
		{"missing section", fstest.MapFS{"default.json": {Data: []byte(`{"header":{},"footer":{},"components":{}}`)}}, `default.json: missing required section "simpleFooter"`},
		{"section of wrong type", fstest.MapFS{"default.json": {Data: []byte(`{"header":[],"footer":{},"simpleFooter":{},"components":{}}`)}}, `default.json: section "header" must be a JSON object`},
		{"misplaced file", fstest.MapFS{"default.json": {Data: []byte(minimal)}, "portal/de/DE.json": {Data: []byte(minimal)}}, "portal/de/DE.json: expected"},
		{"bad language file name", fstest.MapFS{"default.json": {Data: []byte(minimal)}, "portal/german.json": {Data: []byte(minimal)}}, "portal/german.json: expected"},
		{"no default", fstest.MapFS{"portal/de_DE.json": {Data: []byte(minimal)}}, "default.json is missing"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := content.Load(tc.files)
			require.ErrorContains(t, err, tc.wantErr)
		})
	}
}

func TestLoadNamesFileAndField(t *testing.T) {
	doc := german(t)
	set(t, doc, "components.accountPage.accountLinks[2].url", "")
	_, err := content.Load(fstest.MapFS{"default.json": {Data: []byte(minimal)}, "portal/fr_BE.json": {Data: encode(t, doc)}})
	require.EqualError(t, err, `content: portal/fr_BE.json: components.accountPage.accountLinks[2].url (id "personaldata"): required`)
	require.ErrorIs(t, err, content.ErrInvalid)
}

// TestLoadRefusesWhatJSONLetsThrough: encoding/json reads a Windows-1252 file and a key given twice without a
// word; start-up refuses both, naming the file and where (QA content round).
func TestLoadRefusesWhatJSONLetsThrough(t *testing.T) {
	latin1 := strings.Replace(minimal, `"© Test"`, "\"\xA9 Gr\xF6\xDFe\"", 1)
	twice := strings.Replace(minimal, `"homeUrl": "/"`, `"homeUrl": "/", "logo": {"src": "/x.svg", "alt": "X"}`, 1)
	newsletterTwice := `{"preferenceCentre": {"newsletters": {"NLT_GENERAL": {"name": "A"}, "NLT_GENERAL": {"name": "B"}}}}`
	surrogate := strings.Replace(minimal, `"© Test"`, `"\ud83d Test"`, 1)
	tests := []struct {
		name    string
		raw     string
		wantErr string
	}{
		{"Windows-1252", latin1, "content: portal/de_DE.json: line 3, column 27: not UTF-8 (saved as Windows-1252 or Latin-1?): save the file as UTF-8"},
		{"key given twice", twice, "content: portal/de_DE.json: header.logo: key given twice (again at line 2, column 74): JSON keeps only the last"},
		{"newsletter given twice", newsletterTwice, "preferenceCentre.newsletters.NLT_GENERAL: key given twice"},
		{"half a surrogate pair", surrogate, `footer.copyright: text with half of a \u surrogate pair at line 3, column 26`},
		{"trailing comma", strings.Replace(minimal, `"alt": "Logo"}`, `"alt": "Logo",}`, 1), "content: portal/de_DE.json: not a valid JSON object: line 2, column 56: invalid character '}' looking for beginning of object key string"},
		{"missing comma", strings.Replace(minimal, `},
	"footer"`, `}
	"footer"`, 1), "not a valid JSON object: line 3, column 2: invalid character '\"' after object key:value pair"},
		{"cut short", minimal[:40], "not a valid JSON object: line 2, column 38: unexpected end of JSON input"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := content.Load(fstest.MapFS{"default.json": {Data: []byte(minimal)}, "portal/de_DE.json": {Data: []byte(tc.raw)}})
			require.ErrorContains(t, err, tc.wantErr)
		})
	}
}

// TestLoadTakesAByteOrderMark: Windows editors start a UTF-8 file with one; it is dropped, not refused as
// "invalid character 'ï'", and not served.
func TestLoadTakesAByteOrderMark(t *testing.T) {
	lib, err := content.Load(fstest.MapFS{"default.json": {Data: append([]byte("\xEF\xBB\xBF"), minimal...)}})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(lib.Default().Body), `{"header"`))
}

// TestLoadReportsEveryFile: the problems of all files at once, at most 20, then how many more (as the store
// import does).
func TestLoadReportsEveryFile(t *testing.T) {
	files := fstest.MapFS{"default.json": {Data: []byte(minimal)}}
	files["portal/de_DE.json"] = &fstest.MapFile{Data: []byte(`{"header":`)}
	files["portal/en_GB.json"] = &fstest.MapFile{Data: []byte(strings.Replace(minimal, `"© Test"`, `""`, 1))}
	files["portal/fr_FR.JSON"] = &fstest.MapFile{Data: []byte(minimal)}
	_, err := content.Load(files)
	require.EqualError(t, err, strings.Join([]string{
		"content: portal/de_DE.json: not a valid JSON object: line 1, column 10: unexpected end of JSON input",
		"content: portal/en_GB.json: footer.copyright: required",
		"content: portal/fr_FR.JSON: not read: content documents are named default.json or <cmsId>/<language>.json, ending in .json in lower case",
	}, "\n"))
	require.ErrorIs(t, err, content.ErrInvalid)

	for i := range 30 {
		files[fmt.Sprintf("set-%02d/de_DE.json", i)] = &fstest.MapFile{Data: []byte(`[]`)}
	}
	_, err = content.Load(files)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 21)
	require.Equal(t, "content: ... and 13 more problems", lines[20])
}

// TestLoadNamesMisnamedFiles: a document under a slightly wrong name was skipped without a word (QA content round);
// it is refused now, while other files are listed for a warning and hidden ones left alone.
func TestLoadNamesMisnamedFiles(t *testing.T) {
	for _, name := range []string{"portal/de_AT.json.txt", "portal/de_AT.JSON", "portal/de_AT.Json", "portal/de_AT.json.bak"} {
		_, err := content.Load(fstest.MapFS{"default.json": {Data: []byte(minimal)}, name: {Data: []byte(minimal)}})
		require.ErrorContains(t, err, "content: "+name+": not read: content documents are named", name)
	}
	lib, err := content.Load(fstest.MapFS{
		"default.json": {Data: []byte(minimal)}, "README.md": {Data: []byte("notes")}, "portal/notes.txt": {},
		".DS_Store": {}, ".git/config": {}, "portal/.de_DE.json.swp": {},
	})
	require.NoError(t, err)
	require.Equal(t, []string{"README.md", "portal/notes.txt"}, lib.Ignored())
}

// TestDecodeRefusesMarkup: texts are shown as written, so markup in them showed as markup (QA content round); a
// "<" that starts no tag is text.
func TestDecodeRefusesMarkup(t *testing.T) {
	for _, tc := range []struct{ path, text, wantTag string }{
		{"footer.copyright", "<b>© Grocer</b>", "<b>"},
		{"footer.text", "Fragen? <a href=\"https://example.com\">Kontakt</a>", `<a href=`},
		{"preferenceCentre.newsletters.NLT_GENERAL.descriptions.long[0]", "Neu<br/>heiten", "<br/>"},
		{"preferenceCentre.tabs[1].items[0].title", "<script>alert(1)</script>", "<script>"},
		{"preferenceCentre.tabs[0].items[0].description", "Wählen Sie <!-- TODO -->", "<!--"},
		{"components.accountPage.accountLinks[0].image.alt", "</i>", "</i>"},
	} {
		doc := german(t)
		set(t, doc, tc.path, tc.text)
		_, err := content.Decode(encode(t, doc))
		require.ErrorIs(t, err, content.ErrInvalid, tc.path)
		require.ErrorContains(t, err, fmt.Sprintf("must be plain text: the apps show HTML as written, got %q", tc.wantTag), tc.path)
	}
	for _, text := range []string{"Filialen < 5 km entfernt", "<5 km", "Lieferung in <3 Tagen", "a < b > c", "3 > 2", "«Bio»"} {
		doc := german(t)
		set(t, doc, "footer.text", text)
		set(t, doc, "preferenceCentre.tabs[1].items[0].description", text)
		_, err := content.Decode(encode(t, doc))
		require.NoError(t, err, text)
	}
}

// TestDocumentFor: a locale without a document of its own is its language's, in the configured order.
func TestDocumentFor(t *testing.T) {
	lib, err := content.Load(content.Embedded())
	require.NoError(t, err)
	for _, tc := range []struct{ asked, want string }{
		{"en_GB", "en_GB"}, {"en_IE", "en_GB"}, {"en", "en_GB"}, {"fr", "fr_FR"}, {"fr_CH", "fr_FR"}, {"nl_BE", "nl_BE"}, {"de_AT", "de_DE"},
	} {
		doc, served, err := lib.DocumentFor("portal", tc.asked, shippedLocales)
		require.NoError(t, err, tc.asked)
		require.Equal(t, tc.want, served, tc.asked)
		want, _ := lib.Document("portal", tc.want)
		require.Equal(t, want.ETag, doc.ETag)
	}
	_, _, err = lib.DocumentFor("portal", "it_IT", shippedLocales)
	require.ErrorIs(t, err, content.ErrNotFound, "no Italian: the apps fall back to default.json")
	_, _, err = lib.DocumentFor("shop", "de_DE", shippedLocales)
	require.ErrorIs(t, err, content.ErrNotFound)
}

func TestLoadOverlayReplacesFiles(t *testing.T) {
	override := fstest.MapFS{
		"portal/de_DE.json": {Data: []byte(strings.Replace(minimal, `"homeUrl": "/"`, `"homeUrl": "/x"`, 1))},
		"shop/fr_FR.json":   {Data: []byte(minimal)},
		"README.md":         {Data: []byte("ignored")},
	}
	lib, err := content.Load(content.Embedded(), override)
	require.NoError(t, err)

	de, err := lib.Document("portal", "de_DE")
	require.NoError(t, err)
	require.Contains(t, string(de.Body), `"/x"`)

	_, err = lib.Document("portal", "en_GB")
	require.NoError(t, err, "files not overridden stay")
	_, err = lib.Document("shop", "fr_FR")
	require.NoError(t, err)
}

func TestDecodeKeepsUnknownKeys(t *testing.T) {
	doc := german(t)
	doc["promotionBanner"] = map[string]any{"text": "Neu!"}
	set(t, doc, "components.accountPage.accountLinks[0].badge", 3)
	_, err := content.Decode(encode(t, doc))
	require.NoError(t, err, "keys the model does not know are allowed")

	lib, err := content.Load(fstest.MapFS{"default.json": {Data: encode(t, doc)}})
	require.NoError(t, err)
	require.Contains(t, string(lib.Default().Body), `"promotionBanner"`, "and served as they are")
}

func TestDecodeReportsEveryBreak(t *testing.T) {
	doc := german(t)
	set(t, doc, "header.homeUrl", "javascript:alert(1)")
	set(t, doc, "footer.copyright", " ")
	_, err := content.Decode(encode(t, doc))
	var schemaErr *content.SchemaError
	require.ErrorAs(t, err, &schemaErr)
	require.Len(t, schemaErr.Fields, 2)
	require.Equal(t, "header.homeUrl", schemaErr.Fields[0].Path)
	require.Equal(t, "footer.copyright", schemaErr.Fields[1].Path)
}

func TestDecodeRules(t *testing.T) {
	const tabs = "preferenceCentre.tabs"
	const interests = tabs + "[1].items"
	const newsletters = "preferenceCentre.newsletters"
	tests := []struct {
		name    string
		edit    func(t *testing.T, doc map[string]any)
		wantErr string
	}{
		// Types.
		{"string field holds a number", setTo("footer.copyright", 2026), "footer.copyright: must be a string"},
		{"flag holds a string", setTo(tabs+"[0].accessWithoutNewsletterSubscription", "yes"), tabs + ".accessWithoutNewsletterSubscription: must be true or false"},
		{"list holds an object", setTo("simpleFooter.footerLinks", map[string]any{}), "simpleFooter.footerLinks: must be a list"},

		// Required fields.
		{"logo without src", remove("header.logo.src"), "header.logo.src: required"},
		{"logo without alt", setTo("header.logo.alt", ""), "header.logo.alt: required"},
		{"no home link", remove("header.homeUrl"), "header.homeUrl: required"},
		{"no copyright", remove("footer.copyright"), "footer.copyright: required"},
		{"no footer links", remove("simpleFooter.footerLinks"), "simpleFooter.footerLinks: required"},
		{"footer link without label", remove("simpleFooter.footerLinks[1].label"), "simpleFooter.footerLinks[1].label (id \"privacy\"): required"},
		{"social item without icon", remove("socialmediabar.items[0].icon"), "socialmediabar.items[0].icon (id \"facebook\"): required"},
		{"social bar without items", remove("socialmediabar.items"), "socialmediabar.items: required"},
		{"no account links", remove("components.accountPage.accountLinks"), "components.accountPage.accountLinks: required"},
		{"account link without url", remove("components.accountPage.accountLinks[2].url"), "components.accountPage.accountLinks[2].url (id \"personaldata\"): required"},
		{"account link without description", setTo("components.accountPage.accountLinks[0].description", "  "), "components.accountPage.accountLinks[0].description (id \"accessdata\"): required"},
		{"sso client without button label", remove("components.SsoClientsOverview.items[1].buttonlabel"), "components.SsoClientsOverview.items[1].buttonlabel (id \"travel\"): required"},
		{"sso client without image", remove("components.SsoClientsOverview.items[0].image"), "components.SsoClientsOverview.items[0].image (id \"photo\"): required"},
		{"no subscribe-again link", remove("preferenceCentre.subscribeAgainUrl"), "preferenceCentre.subscribeAgainUrl: required"},
		{"home without greeting", remove("preferenceCentre.home.greetingPrefix"), "preferenceCentre.home.greetingPrefix: required"},
		{"home without description", remove("preferenceCentre.home.description"), "preferenceCentre.home.description: required"},

		// Links and images.
		{"script link", setTo("simpleFooter.footerLinks[0].url", "javascript:alert(1)"), "simpleFooter.footerLinks[0].url (id \"imprint\"): must be an absolute https URL or a path starting with /"},
		{"plain http link", setTo("simpleFooter.footerLinks[0].url", "http://www.example.com/impressum"), "simpleFooter.footerLinks[0].url (id \"imprint\"): must be an absolute https URL"},
		{"protocol-relative link", setTo("components.SsoClientsOverview.items[0].url", "//evil.example/"), "components.SsoClientsOverview.items[0].url (id \"photo\"): must be an absolute https URL or a path starting with / (// leads to another host)"},
		{"relative path", setTo("components.accountPage.accountLinks[0].url", "accessdata"), "components.accountPage.accountLinks[0].url (id \"accessdata\"): must be an absolute https URL"},
		{"link with space", setTo("components.accountPage.accountLinks[0].url", "/access data"), "components.accountPage.accountLinks[0].url (id \"accessdata\"): must be an absolute https URL or a path starting with / without spaces or backslashes"},
		{"data image", setTo("header.logo.src", "data:image/svg+xml;base64,PHN2Zy8+"), "header.logo.src: must be an absolute https URL"},
		{"https without host", setTo("preferenceCentre.subscribeAgainUrl", "https:///newsletter"), "preferenceCentre.subscribeAgainUrl: must be an absolute https URL"},
		{"credentials in link", setTo("components.SsoClientsOverview.items[0].url", "https://user:pw@photo.example.com/"), "components.SsoClientsOverview.items[0].url (id \"photo\"): must be an absolute https URL"},
		{"tile icon off-site over http", setTo(interests+"[0].icon", "http://cdn.example.com/bio.svg"), interests + "[0].icon (id \"organic\"): must be an absolute https URL"},

		// Ids.
		{"duplicate footer link id", setTo("simpleFooter.footerLinks[1].id", "imprint"), `simpleFooter.footerLinks[1].id: duplicate "imprint" (first used at simpleFooter.footerLinks[0].id)`},
		{"duplicate account link id", setTo("components.accountPage.accountLinks[3].id", "accessdata"), `components.accountPage.accountLinks[3].id: duplicate "accessdata"`},
		{"duplicate sso client id", setTo("components.SsoClientsOverview.items[2].id", "photo"), `components.SsoClientsOverview.items[2].id: duplicate "photo"`},
		{"duplicate social id", setTo("socialmediabar.items[1].id", "facebook"), `socialmediabar.items[1].id: duplicate "facebook"`},
		{"missing id", remove("simpleFooter.footerLinks[0].id"), "simpleFooter.footerLinks[0].id: required"},
		{"id with capitals", setTo("simpleFooter.footerLinks[0].id", "Imprint"), `simpleFooter.footerLinks[0].id: must be lower-case letters, digits and single hyphens`},
		{"id with a hash", setTo(tabs+"[0].id", "news#letter"), tabs + `[0].id: must be lower-case letters`},
		{"duplicate tab id", setTo(tabs+"[1].id", "newsletter"), tabs + `[1].id: duplicate "newsletter"`},
		{"duplicate item id across tabs", setTo(tabs+"[3].items[0].id", "organic"), tabs + `[3].items[0].id: duplicate "organic" (first used at ` + interests + `[0].id)`},

		// Tabs.
		{"no tabs", setTo(tabs, []any{}), tabs + ": required: at least one tab"},
		{"tab without title", remove(tabs + "[2].title"), tabs + "[2].title (id \"my-store\"): required"},
		{"tab without access flag", remove(tabs + "[1].accessWithoutNewsletterSubscription"), tabs + "[1].accessWithoutNewsletterSubscription (id \"interests\"): required (true or false)"},
		{"tab without items", setTo(tabs+"[2].items", []any{}), tabs + "[2].items (id \"my-store\"): required: at least one item"},
		{"newsletter tab locked", setTo(tabs+"[0].accessWithoutNewsletterSubscription", false), tabs + "[0].accessWithoutNewsletterSubscription (id \"newsletter\"): must be true for a tab with newsletters"},
		{"reminder tab locked", setTo(tabs+"[3].accessWithoutNewsletterSubscription", false), tabs + "[3].accessWithoutNewsletterSubscription (id \"product-reminders\"): must be true for a tab with product reminders"},

		// Tab items.
		{"item without type", remove(interests + "[0].type"), interests + "[0].type (id \"organic\"): required"},
		{"unknown item type", setTo(interests+"[0].type", "slider"), interests + `[0].type (id "organic"): unknown item type "slider"`},
		{"boolean tile with lower-case preference", setTo(interests+"[0].preference", "data.preference.organic"), interests + `[0].preference (id "organic"): must match ^data\.preference\.[A-Z_]+$, got "data.preference.organic"`},
		{"boolean tile outside data.preference", setTo(interests+"[0].preference", "profile.firstName"), interests + "[0].preference (id \"organic\"): must match"},
		{"boolean tile without preference", remove(interests + "[0].preference"), interests + "[0].preference (id \"organic\"): must match"},
		{"preference used twice", setTo(interests+"[1].preference", "data.preference.ORGANIC"), interests + `[1].preference (id "vegan"): duplicate "data.preference.ORGANIC"`},
		{"boolean tile without title", remove(interests + "[2].title"), interests + "[2].title (id \"wine\"): required"},
		{"boolean tile without description", remove(interests + "[2].description"), interests + "[2].description (id \"wine\"): required"},
		{"boolean tile without icon", remove(interests + "[2].icon"), interests + "[2].icon (id \"wine\"): required"},
		{"radio tile with one option", setTo(interests+"[7].options", []any{map[string]any{"value": "DAILY", "label": "Täglich"}}), interests + "[7].options (id \"shopping-frequency\"): required: at least two options"},
		{"radio option without value", remove(interests + "[7].options[1].value"), interests + "[7].options[1].value (id \"shopping-frequency\"): required"},
		{"radio option without label", remove(interests + "[7].options[1].label"), interests + "[7].options[1].label (id \"shopping-frequency\"): required"},
		{"radio option value twice", setTo(interests+"[7].options[1].value", "DAILY"), interests + `[7].options[1].value (id "shopping-frequency"): duplicate "DAILY"`},
		{"radio tile with bad preference", setTo(interests+"[7].preference", "data.preference.SHOPPING-FREQUENCY"), interests + "[7].preference (id \"shopping-frequency\"): must match"},
		{"newsletters item without keys", remove(tabs + "[0].items[0].keys"), tabs + "[0].items[0].keys (id \"newsletter-list\"): required: at least one newsletter key"},
		{"newsletters item with undefined key", setTo(tabs+"[0].items[0].keys[0]", "NLT_UNKNOWN"), tabs + `[0].items[0].keys[0] (id "newsletter-list"): newsletter "NLT_UNKNOWN" is not defined in preferenceCentre.newsletters`},
		{"newsletter listed twice", setTo(tabs+"[0].items[0].keys[1]", "NLT_GENERAL"), tabs + `[0].items[0].keys[1] (id "newsletter-list"): duplicate "NLT_GENERAL"`},
		{"profile fields empty", setTo(tabs+"[2].items[0].fields", []any{}), tabs + "[2].items[0].fields (id \"store-and-profile\"): required: at least one field"},
		{"unknown profile field", setTo(tabs+"[2].items[0].fields[0]", "shoeSize"), tabs + `[2].items[0].fields[0] (id "store-and-profile"): unknown profile field "shoeSize"`},
		{"profile field twice", setTo(tabs+"[2].items[0].fields[0]", "personalisationOptIn"), tabs + `[2].items[0].fields[0] (id "store-and-profile"): duplicate "personalisationOptIn"`},
		{"product reminders twice", appendTo(tabs+"[3].items", map[string]any{"type": "productReminders", "id": "more-reminders"}), tabs + "[3].items[1].type (id \"more-reminders\"): productReminders may appear only once"},

		// Newsletters.
		{"no newsletters", remove(newsletters), newsletters + ": required"},
		{"newsletter key without prefix", rename(newsletters, "NLT_OFFERS", "OFFERS"), newsletters + ".OFFERS: newsletter key must match ^NLT[A-Z0-9_]*$"},
		{"newsletter key in lower case", rename(newsletters, "NLT_OFFERS", "NLT_offers"), newsletters + ".NLT_offers: newsletter key must match"},
		{"newsletter without name", remove(newsletters + ".NLT_GENERAL.name"), newsletters + ".NLT_GENERAL.name: required"},
		{"newsletter without icon", remove(newsletters + ".NLT_GENERAL.icon"), newsletters + ".NLT_GENERAL.icon: required"},
		{"newsletter without short description", remove(newsletters + ".NLT_GENERAL.descriptions.short"), newsletters + ".NLT_GENERAL.descriptions.short: required"},
		{"newsletter with empty bullet", setTo(newsletters+".NLT_GENERAL.descriptions.long[1]", ""), newsletters + ".NLT_GENERAL.descriptions.long[1]: required"},
		{"window start not a date", setTo(newsletters+".NLT_CHRISTMAS.displayStart", "1st of November"), newsletters + `.NLT_CHRISTMAS.displayStart: must be an ISO 8601 date and time with offset`},
		{"window end without offset", setTo(newsletters+".NLT_CHRISTMAS.displayEnd", "2026-12-31T23:59:59"), newsletters + ".NLT_CHRISTMAS.displayEnd: must be an ISO 8601 date and time with offset"},
		{"window as a date only", setTo(newsletters+".NLT_CHRISTMAS.displayEnd", "2026-12-31"), newsletters + ".NLT_CHRISTMAS.displayEnd: must be an ISO 8601"},
		{"window ends before it starts", setTo(newsletters+".NLT_CHRISTMAS.displayEnd", "2026-10-01T00:00:00+02:00"), newsletters + ".NLT_CHRISTMAS.displayEnd: must be after displayStart"},
		{"empty window", setTo(newsletters+".NLT_CHRISTMAS.displayEnd", "2026-11-01T00:00:00+01:00"), newsletters + ".NLT_CHRISTMAS.displayEnd: must be after displayStart"},
		{"window as a number", setTo(newsletters+".NLT_CHRISTMAS.displayStart", 20261101), newsletters + ".displayStart: must be a string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := german(t)
			tc.edit(t, doc)
			_, err := content.Decode(encode(t, doc))
			require.ErrorIs(t, err, content.ErrInvalid)
			require.ErrorContains(t, err, tc.wantErr)
		})
	}
}

func TestDecodeAcceptsOptionalParts(t *testing.T) {
	tests := []struct {
		name string
		edit func(t *testing.T, doc map[string]any)
	}{
		{"no preference centre", remove("preferenceCentre")},
		{"no social media bar", remove("socialmediabar")},
		{"no single-sign-on tiles", remove("components.SsoClientsOverview")},
		{"no footer text", remove("footer.text")},
		{"no greeting suffix", remove("preferenceCentre.home.greetingSuffix")},
		{"no home texts", remove("preferenceCentre.home")},
		{"open-ended window", remove("preferenceCentre.newsletters.NLT_CHRISTMAS.displayEnd")},
		{"null window", setTo("preferenceCentre.newsletters.NLT_CHRISTMAS.displayStart", nil)},
		{"window in another offset", setTo("preferenceCentre.newsletters.NLT_CHRISTMAS.displayStart", "2026-10-31T23:00:00Z")},
		{"radio tile without icon", remove("preferenceCentre.tabs[1].items[7].icon")},
		{"empty footer links", setTo("simpleFooter.footerLinks", []any{})},
		{"site-relative subscribe-again link", setTo("preferenceCentre.subscribeAgainUrl", "/registration?source=newsletter")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := german(t)
			tc.edit(t, doc)
			_, err := content.Decode(encode(t, doc))
			require.NoError(t, err)
		})
	}
}

// german returns the shipped German document as generic JSON to break.
func german(t *testing.T) map[string]any {
	t.Helper()
	raw, err := fs.ReadFile(content.Embedded(), "portal/de_DE.json")
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))
	return doc
}

func encode(t *testing.T, doc map[string]any) []byte {
	t.Helper()
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	return raw
}

func setTo(path string, v any) func(*testing.T, map[string]any) {
	return func(t *testing.T, doc map[string]any) { set(t, doc, path, v) }
}

func remove(path string) func(*testing.T, map[string]any) {
	return func(t *testing.T, doc map[string]any) {
		parent, last := walk(t, doc, path)
		obj, ok := parent.(map[string]any)
		require.True(t, ok, "%s: parent is not an object", path)
		_, ok = obj[last]
		require.True(t, ok, "%s: nothing to remove", path)
		delete(obj, last)
	}
}

func rename(path, from, to string) func(*testing.T, map[string]any) {
	return func(t *testing.T, doc map[string]any) {
		obj := get(t, doc, path).(map[string]any)
		require.Contains(t, obj, from)
		obj[to] = obj[from]
		delete(obj, from)
	}
}

func set(t *testing.T, doc map[string]any, path string, v any) {
	t.Helper()
	parent, last := walk(t, doc, path)
	switch p := parent.(type) {
	case map[string]any:
		p[last] = v
	case []any:
		i, err := strconv.Atoi(last)
		require.NoError(t, err)
		require.Less(t, i, len(p), path)
		p[i] = v
	}
}

func appendTo(path string, v any) func(*testing.T, map[string]any) {
	return func(t *testing.T, doc map[string]any) {
		list, ok := get(t, doc, path).([]any)
		require.True(t, ok, "%s: not a list", path)
		set(t, doc, path, append(list, v))
	}
}

func get(t *testing.T, doc map[string]any, path string) any {
	t.Helper()
	parent, last := walk(t, doc, path)
	switch p := parent.(type) {
	case map[string]any:
		return p[last]
	case []any:
		i, err := strconv.Atoi(last)
		require.NoError(t, err)
		return p[i]
	}
	return nil
}

// walk follows a path like a.b[2].c to the parent of its last step.
func walk(t *testing.T, doc map[string]any, path string) (any, string) {
	t.Helper()
	steps := strings.Split(strings.NewReplacer("[", ".", "]", "").Replace(path), ".")
	var node any = doc
	for _, step := range steps[:len(steps)-1] {
		switch n := node.(type) {
		case map[string]any:
			node = n[step]
		case []any:
			i, err := strconv.Atoi(step)
			require.NoError(t, err, path)
			require.Less(t, i, len(n), path)
			node = n[i]
		default:
			t.Fatalf("%s: cannot step into %q", path, step)
		}
	}
	return node, steps[len(steps)-1]
}

// TestNewsletterName: mails name a newsletter as the preference centre of their language does.
func TestNewsletterName(t *testing.T) {
	lib, err := content.Load(content.Embedded())
	require.NoError(t, err)
	locales := shippedLocales // the configured default order
	for _, tc := range []struct{ language, key, want string }{
		{"de_DE", "NLT_GENERAL", "Allgemeiner Newsletter"},
		{"de", "NLT_GENERAL", "Allgemeiner Newsletter"},
		{"en-GB", "NLT_GENERAL", "General newsletter"},
		{"en", "NLT_GENERAL", "General newsletter"},
		{"pl", "NLT_GENERAL", "Newsletter ogólny"},
		{"it", "NLT_GENERAL", "Allgemeiner Newsletter"}, // no Italian content: default.json
		// A language without its country is its first locale in the configured order, as the apps pick it:
		// France's and the Netherlands' names, not Belgium's, which come first by name (QA).
		{"fr", "NLT_OFFERS", "Offres de la semaine"},
		{"nl", "NLT_OFFERS", "Aanbiedingen van de week"},
		{"fr-BE", "NLT_OFFERS", "Promos de la semaine"},
		{"nl_BE", "NLT_OFFERS", "Promoties van de week"},
	} {
		require.Equal(t, tc.want, lib.NewsletterName("portal", tc.language, tc.key, locales), tc.language)
	}
	// Without a configured order, a language's locales in name order.
	require.Equal(t, "Promos de la semaine", lib.NewsletterName("portal", "fr", "NLT_OFFERS", nil))
	require.Empty(t, lib.NewsletterName("portal", "de", "NLT_NOBODY", locales))
	require.Equal(t, "Allgemeiner Newsletter", lib.NewsletterName("unknown-set", "en", "NLT_GENERAL", locales), "a set without documents falls back too")
}

// shippedTexts are the texts of a shipped document a shopper reads: every string except ids, keys, links,
// images, dates and stored values.
func shippedTexts(t *testing.T, name string) []string {
	t.Helper()
	raw, err := fs.ReadFile(content.Embedded(), name)
	require.NoError(t, err)
	var doc any
	require.NoError(t, json.Unmarshal(raw, &doc))
	notText := map[string]bool{"id": true, "type": true, "keys": true, "fields": true, "preference": true, "value": true,
		"src": true, "icon": true, "image": true, "url": true, "homeUrl": true, "subscribeAgainUrl": true,
		"displayStart": true, "displayEnd": true}
	var texts []string
	var walk func(v any, key string)
	walk = func(v any, key string) {
		switch v := v.(type) {
		case map[string]any:
			for k, child := range v {
				walk(child, k)
			}
		case []any:
			for _, child := range v {
				walk(child, key)
			}
		case string:
			if !notText[key] {
				texts = append(texts, v)
			}
		}
	}
	walk(doc, "")
	require.NotEmpty(t, texts)
	return texts
}

// TestShippedSpanishSaysUsted: the Spanish content addresses the shopper formally (usted), as the app texts and
// the mails do, and calls newsletters "boletines" as the app does.
func TestShippedSpanishSaysUsted(t *testing.T) {
	informal := regexp.MustCompile(`(?i)(^|[^\pL])(tú|tu|tus|te|ti|contigo|puedes|quieres|tienes|has|decides|recibes|compras|elige|cambia|gestiona|pide|newsletters?)([^\pL]|$)`)
	for _, text := range shippedTexts(t, "portal/es_ES.json") {
		require.False(t, informal.MatchString(text), "informal or English wording in %q", text)
	}
}

// TestShippedDutchSaysKlantaccount: both Dutch documents name the account "klantaccount", as the apps' texts and the
// mails do; nl_BE's logo text and footer said "klantenaccount" (QA, 2026-11-30). Belgian words of their own stay
// (klantendienst).
func TestShippedDutchSaysKlantaccount(t *testing.T) {
	for _, name := range []string{"portal/nl_NL.json", "portal/nl_BE.json"} {
		t.Run(name, func(t *testing.T) {
			named := 0
			for _, text := range shippedTexts(t, name) {
				require.NotContains(t, strings.ToLower(text), "klantenaccount", "in %q", text)
				if strings.Contains(strings.ToLower(text), "klantaccount") {
					named++
				}
			}
			require.Equal(t, 2, named, "the logo's text and the footer name the klantaccount")
		})
	}
}

// frozenTile is a yes/no tile a content manager adds to the interests tab (QA round of 2026-11-29).
var frozenTile = map[string]any{"type": "booleanTile", "id": "frozen", "preference": "data.preference.FROZEN",
	"title": "Tiefkühl", "description": "Eis und Tiefkühlkost", "icon": "/images/tile-organic.svg"}

// withItem is the shipped German document with one more item in its interests tab.
func withItem(t *testing.T, item map[string]any) []byte {
	t.Helper()
	doc := german(t)
	appendTo("preferenceCentre.tabs[1].items", item)(t, doc)
	return encode(t, doc)
}

// TestPreferenceFieldsJoinEveryDocument: the tiles of all loaded documents give one field each, a yes/no tile's
// or a radio tile's with the options every document offers, and name where they stand.
func TestPreferenceFieldsJoinEveryDocument(t *testing.T) {
	english := german(t)
	options := get(t, english, "preferenceCentre.tabs[1].items[7].options").([]any)
	set(t, english, "preferenceCentre.tabs[1].items[7].options", append(options, map[string]any{"value": "NEVER", "label": "Never"}))
	lib, err := content.Load(content.Embedded(), fstest.MapFS{
		"portal/de_DE.json": {Data: withItem(t, frozenTile)},
		"portal/en_GB.json": {Data: encode(t, english)},
	})
	require.NoError(t, err)
	fields := map[string]content.PreferenceField{}
	for _, f := range lib.PreferenceFields() {
		fields[f.Field] = f
	}
	frozen := fields["data.preference.FROZEN"]
	require.True(t, frozen.YesNo())
	require.Equal(t, []content.TilePlace{{File: "portal/de_DE.json", ID: "frozen"}}, frozen.Tiles)
	frequency := fields["data.preference.SHOPPING_FREQUENCY"]
	require.False(t, frequency.YesNo())
	require.Equal(t, []string{"DAILY", "WEEKLY", "MONTHLY", "RARELY", "NEVER"}, frequency.Options)
	require.Len(t, frequency.Tiles, len(shippedLocales)+1, "every shipped document and default.json")
	require.True(t, fields["data.preference.ORGANIC"].YesNo())
	require.Len(t, fields, 8)
}

// TestLoadRefusesATileFieldOfTwoKinds: one field is a yes/no tile in one document and a radio tile in another;
// whichever a shopper saved, the other language could not show it. Start-up names both.
func TestLoadRefusesATileFieldOfTwoKinds(t *testing.T) {
	radio := map[string]any{"type": "radioTile", "id": "frozen-choice", "preference": "data.preference.FROZEN", "title": "Frozen food",
		"options": []any{map[string]any{"value": "OFTEN", "label": "Often"}, map[string]any{"value": "NEVER", "label": "Never"}}}
	_, err := content.Load(content.Embedded(), fstest.MapFS{
		"portal/de_DE.json": {Data: withItem(t, frozenTile)},
		"portal/en_GB.json": {Data: withItem(t, radio)},
	})
	require.EqualError(t, err, `content: data.preference.FROZEN is a yes/no tile (booleanTile) in portal/de_DE.json tile "frozen"`+
		` and a choice tile (radioTile) in portal/en_GB.json tile "frozen-choice": one field holds one kind of value`)
}

// TestOfferedNewsletters names each newsletter key a tab offers, by file and path.
func TestOfferedNewsletters(t *testing.T) {
	lib, err := content.Load(content.Embedded())
	require.NoError(t, err)
	offered := lib.OfferedNewsletters()
	require.Len(t, offered, 5*(len(shippedLocales)+1))
	require.Equal(t, content.OfferedNewsletter{Key: "NLT_GENERAL", File: "default.json", Path: "preferenceCentre.tabs[0].items[0].keys[0]"}, offered[0])
	require.Contains(t, offered, content.OfferedNewsletter{Key: "NLT_EASTER_2025", File: "portal/pt_PT.json", Path: "preferenceCentre.tabs[0].items[0].keys[4]"})
}
