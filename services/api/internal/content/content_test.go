package content_test

import (
	"encoding/json"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/content"
)

const minimal = `{"header":{},"footer":{},"simpleFooter":{},"components":{}}`

func TestLoadEmbedded(t *testing.T) {
	lib, err := content.Load(content.Embedded())
	require.NoError(t, err)

	tests := []struct {
		name     string
		cmsID    string
		language string
		wantErr  error
	}{
		{"german", "portal", "de_DE", nil},
		{"english", "portal", "en_GB", nil},
		{"unknown language", "portal", "it_IT", content.ErrNotFound},
		{"unknown content set", "other", "de_DE", content.ErrNotFound},
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

func TestLoadRejectsBadFiles(t *testing.T) {
	tests := []struct {
		name    string
		files   fstest.MapFS
		wantErr string
	}{
		{"invalid JSON", fstest.MapFS{"default.json": {Data: []byte(minimal)}, "portal/de_DE.json": {Data: []byte(`{"header":`)}}, "portal/de_DE.json: not a valid JSON object"},
		{"array instead of object", fstest.MapFS{"default.json": {Data: []byte(`[]`)}}, "default.json: not a valid JSON object"},
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

func TestLoadOverlayReplacesFiles(t *testing.T) {
	override := fstest.MapFS{
		"portal/de_DE.json": {Data: []byte(`{"header":{"homeUrl":"/x"},"footer":{},"simpleFooter":{},"components":{}}`)},
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
