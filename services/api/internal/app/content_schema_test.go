package app_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// The tiles and newsletters a content manager adds to the German document (QA round of 2026-11-29).
var (
	frozenTile = map[string]any{"type": "booleanTile", "id": "frozen", "preference": "data.preference.FROZEN",
		"title": "Tiefkühl", "description": "Eis und Tiefkühlkost", "icon": "/images/tile-organic.svg"}
	dietTile = map[string]any{"type": "radioTile", "id": "diet", "preference": "data.preference.DIET", "title": "Ernährung",
		"options": []any{map[string]any{"value": "VEGETARIAN", "label": "Vegetarisch"}, map[string]any{"value": "OMNIVORE", "label": "Alles"}}}
)

// germanDocument is the shipped portal/de_DE.json with items added to its interests tab and newsletters to its
// newsletter list.
func germanDocument(t *testing.T, items []map[string]any, newsletters ...string) []byte {
	t.Helper()
	raw, err := fs.ReadFile(content.Embedded(), "portal/de_DE.json")
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))
	centre := doc["preferenceCentre"].(map[string]any)
	tabs := centre["tabs"].([]any)
	interests := tabs[1].(map[string]any)
	for _, it := range items {
		interests["items"] = append(interests["items"].([]any), it)
	}
	list := tabs[0].(map[string]any)["items"].([]any)[0].(map[string]any)
	for _, key := range newsletters {
		list["keys"] = append(list["keys"].([]any), key)
		centre["newsletters"].(map[string]any)[key] = map[string]any{"name": "Tiefkühl-News", "icon": "/images/tile-organic.svg",
			"descriptions": map[string]any{"short": "Neues aus der Tiefkühltruhe"}}
	}
	out, err := json.Marshal(doc)
	require.NoError(t, err)
	return out
}

// libraryWith loads german as the only document with a preference centre (default.json has none), so that no
// shipped document disagrees with it.
func libraryWith(t *testing.T, german []byte) *content.Library {
	t.Helper()
	var doc map[string]any
	require.NoError(t, json.Unmarshal(german, &doc))
	delete(doc, "preferenceCentre")
	fallback, err := json.Marshal(doc)
	require.NoError(t, err)
	lib, err := content.Load(fstest.MapFS{"default.json": {Data: fallback}, "portal/de_DE.json": {Data: german}})
	require.NoError(t, err)
	return lib
}

func fieldsByName(c embedded.Config) map[string]embedded.FieldSchema {
	out := map[string]embedded.FieldSchema{}
	for _, f := range c.Fields {
		out[f.Name] = f
	}
	return out
}

// TestContentTilesGiveTheAccountSchemaTheirFields: a tile the content adds is a field of the embedded provider's
// schema, of its kind: a yes/no tile's boolean, a radio tile's string of its options. A radio tile's options are the
// content's, also for a field the schema has built in.
func TestContentTilesGiveTheAccountSchemaTheirFields(t *testing.T) {
	cfg := config.Default()
	c, err := app.ContentSchema(app.EmbeddedSettings(cfg), cfg, libraryWith(t, germanDocument(t, []map[string]any{frozenTile, dietTile})))
	require.NoError(t, err)
	fields := fieldsByName(c)
	require.Equal(t, embedded.FieldSchema{Name: "data.preference.FROZEN", Type: "boolean"}, fields["data.preference.FROZEN"])
	require.Equal(t, embedded.FieldSchema{Name: "data.preference.DIET", Type: "string", Format: "^(VEGETARIAN|OMNIVORE)$"}, fields["data.preference.DIET"])
	require.Equal(t, "^(DAILY|WEEKLY|MONTHLY|RARELY)$", fields["data.preference.SHOPPING_FREQUENCY"].Format)
	require.Equal(t, len(app.EmbeddedSettings(cfg).Fields)+2, len(c.Fields), "the rest of the schema as it was")

	// The shipped content fits the built-in schema as it is.
	shipped, err := content.Load(content.Embedded())
	require.NoError(t, err)
	c, err = app.ContentSchema(app.EmbeddedSettings(cfg), cfg, shipped)
	require.NoError(t, err)
	require.Equal(t, app.EmbeddedSettings(cfg).Fields, c.Fields)
}

// TestContentSchemaRefusesWhatShoppersCouldNotSave: content whose tile names a field the schema has with another
// type, or whose tab offers a newsletter the schema has no subscription for, stops start-up, naming the file, the
// tile or the path, and the field or key; everything is reported at once.
func TestContentSchemaRefusesWhatShoppersCouldNotSave(t *testing.T) {
	organicChoice := map[string]any{"type": "radioTile", "id": "organic-choice", "preference": "data.preference.ORGANIC", "title": "Bio",
		"options": []any{map[string]any{"value": "ALWAYS", "label": "Immer"}, map[string]any{"value": "SOMETIMES", "label": "Manchmal"}}}
	store := map[string]any{"type": "booleanTile", "id": "store", "preference": embedded.FavouriteStoreField,
		"title": "Filiale", "description": "Meine Filiale", "icon": "/images/tile-organic.svg"}
	for _, tc := range []struct {
		name      string
		configure func(*config.Config)
		german    func(t *testing.T) []byte
		want      []string
	}{
		{"a yes/no tile on a field the configuration made a string", func(c *config.Config) {
			c.Identity.Embedded.Formats = []config.IdentityFieldFormat{{Field: "data.preference.FROZEN", Regex: "^(YES|NO)$"}}
		}, func(t *testing.T) []byte { return germanDocument(t, []map[string]any{frozenTile}) },
			[]string{`portal/de_DE.json tile "frozen" is a yes/no tile, but the account schema has data.preference.FROZEN as a string field (identity.embedded.formats)`}},
		{"a radio tile on a built-in yes/no field", nil,
			func(t *testing.T) []byte {
				raw := germanDocument(t, nil)
				var doc map[string]any
				require.NoError(t, json.Unmarshal(raw, &doc))
				items := doc["preferenceCentre"].(map[string]any)["tabs"].([]any)[1].(map[string]any)["items"].([]any)
				items[0] = organicChoice // instead of its yes/no tile
				out, err := json.Marshal(doc)
				require.NoError(t, err)
				return out
			},
			[]string{`portal/de_DE.json tile "organic-choice" is a choice of options, but the account schema has data.preference.ORGANIC as a boolean field`}},
		{"a tile on the favourite store", nil, func(t *testing.T) []byte { return germanDocument(t, []map[string]any{store}) },
			[]string{`portal/de_DE.json tile "store" names data.preference.FAVORITE_STORE, the favourite store`}},
		{"an option the configured format refuses", func(c *config.Config) {
			c.Identity.Embedded.Formats = []config.IdentityFieldFormat{{Field: "data.preference.DIET", Regex: "^[A-Z]{1,8}$"}}
		}, func(t *testing.T) []byte { return germanDocument(t, []map[string]any{dietTile}) },
			[]string{`portal/de_DE.json tile "diet" offers "VEGETARIAN", which the format identity.embedded.formats gives data.preference.DIET refuses`}},
		{"a newsletter without a subscription", nil, func(t *testing.T) []byte { return germanDocument(t, nil, "NLT_FROZEN") },
			[]string{`portal/de_DE.json: preferenceCentre.tabs[0].items[0].keys[5] offers newsletter NLT_FROZEN, which is not a subscription of the account schema (identity.embedded.subscriptions)`}},
		{"everything at once", nil, func(t *testing.T) []byte { return germanDocument(t, []map[string]any{store}, "NLT_FROZEN") },
			[]string{`tile "store"`, "NLT_FROZEN"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config.Default()
			if tc.configure != nil {
				tc.configure(&cfg)
			}
			_, err := app.ContentSchema(app.EmbeddedSettings(cfg), cfg, libraryWith(t, tc.german(t)))
			if tc.want == nil {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, want := range tc.want {
				require.Contains(t, err.Error(), want)
			}
		})
	}
}

// writeContent puts a German document into a fresh content.dir.
func writeContent(t *testing.T, german []byte) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "portal"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "portal", "de_DE.json"), german, 0o644))
	return dir
}

// TestANewTileIsSavedWithoutARebuild: a yes/no tile added in content.dir is accepted at start-up, getSchema names its
// field, so the apps see it, and a shopper's save of it is stored (it answered "Unknown preference").
func TestANewTileIsSavedWithoutARebuild(t *testing.T) {
	dir := writeContent(t, germanDocument(t, []map[string]any{frozenTile, dietTile}))
	s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Content.Dir = dir }))
	ctx := context.Background()

	data := s.App.Identity.GetSchema().Fields["dataSchema"].(map[string]any)["fields"].(map[string]any)
	frozen, _ := data["preference.FROZEN"].(map[string]any)
	diet, _ := data["preference.DIET"].(map[string]any)
	require.Equal(t, "boolean", frozen["type"], "getSchema names the tile's field, so the apps see it")
	require.Equal(t, "regex('^(VEGETARIAN|OMNIVORE)$')", diet["format"])

	email, err := identity.ParseEmail("tiefkuehl@example.com")
	require.NoError(t, err)
	require.NoError(t, s.App.Identity.SeedSubscriber(ctx, email, embedded.SubscriberSeed{Confirmed: []string{"NLT_GENERAL"}}))
	regToken, err := s.App.Identity.Backend().SubscriberRegToken(ctx, email)
	require.NoError(t, err)
	r, err := s.App.Identity.SetAccountInfo(ctx, embedded.Caller{}, embedded.SetAccountInfoParams{RegToken: regToken.Token, Lang: "de",
		Data: map[string]any{"preference": map[string]any{"FROZEN": true, "DIET": "VEGETARIAN", "ORGANIC": true}}})
	require.NoError(t, err)
	require.Equal(t, contract.CodeOK, r.ErrorCode, "%+v", r.ValidationErrors)
	r, err = s.App.Identity.SetAccountInfo(ctx, embedded.Caller{}, embedded.SetAccountInfoParams{RegToken: regToken.Token, Lang: "de",
		Data: map[string]any{"preference": map[string]any{"FROZEN": "yes", "DIET": "CARNIVORE"}}})
	require.NoError(t, err)
	require.Equal(t, contract.CodeValidation, r.ErrorCode, "the tiles' kinds hold")
	require.Len(t, r.ValidationErrors, 2)
}

// TestContentTheSchemaCannotTakeStopsStartUp: the service refuses to start on content a shopper could not save,
// rather than serving it.
func TestContentTheSchemaCannotTakeStopsStartUp(t *testing.T) {
	cfg := config.Default()
	cfg.HTTP.PublicURL = "http://portal.test"
	cfg.Content.Dir = writeContent(t, germanDocument(t, nil, "NLT_FROZEN"))
	_, err := app.New(context.Background(), cfg, zap.NewNop(), dbtest.SQLite(t), app.Options{Apps: apitest.TestApps()})
	require.ErrorContains(t, err, "portal/de_DE.json: preferenceCentre.tabs[0].items[0].keys[5] offers newsletter NLT_FROZEN")

	// Once the configuration has the subscription, it starts.
	cfg.Identity.Embedded.Subscriptions = []config.IdentitySubscription{{Key: "NLT_GENERAL", DoubleOptIn: true}, {Key: "NLT_OFFERS", DoubleOptIn: true},
		{Key: "NLT_RECIPES", DoubleOptIn: true}, {Key: "NLT_CHRISTMAS", DoubleOptIn: true}, {Key: "NLT_EASTER_2025", DoubleOptIn: true},
		{Key: "NLT_FROZEN", DoubleOptIn: true}}
	_, err = app.New(context.Background(), cfg, zap.NewNop(), dbtest.SQLite(t), app.Options{Apps: apitest.TestApps()})
	require.NoError(t, err)
}
