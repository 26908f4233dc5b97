package embedded_test

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// TestDefaultSchemaAcceptsEveryShippedTile keeps the closed data.preference namespace and the shipped CMS
// documents in step: every tile a document offers has its schema field, boolean tiles boolean, radio tiles
// exactly their option values.
func TestDefaultSchemaAcceptsEveryShippedTile(t *testing.T) {
	fields := map[string]embedded.FieldSchema{}
	for _, f := range embedded.DefaultFields() {
		fields[f.Name] = f
	}
	files, err := fs.Glob(content.Embedded(), "portal/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, name := range files {
		raw, err := fs.ReadFile(content.Embedded(), name)
		require.NoError(t, err)
		doc, err := content.Decode(raw)
		require.NoError(t, err, name)
		for _, tab := range doc.PreferenceCentre.Tabs {
			for _, item := range tab.Items {
				switch item.Type {
				case content.ItemBooleanTile:
					require.Equal(t, "boolean", fields[item.Preference].Type, "%s: %s", name, item.Preference)
				case content.ItemRadioTile:
					f := fields[item.Preference]
					require.Equal(t, "string", f.Type, "%s: %s", name, item.Preference)
					re := regexp.MustCompile(f.Format)
					values := make([]string, len(item.Options))
					for i, o := range item.Options {
						values[i] = o.Value
						require.True(t, re.MatchString(o.Value), "%s: %s accepts %s", name, item.Preference, o.Value)
					}
					require.Equal(t, "^("+strings.Join(values, "|")+")$", f.Format, "%s: %s accepts only its options", name, item.Preference)
				}
				require.True(t, strings.HasPrefix(item.Preference, embedded.PreferenceNamespace) || item.Preference == "", item.Preference)
			}
		}
	}
}

// TestDefaultConsentsLinkTheFooterDocuments: the terms and privacy notice a shopper accepts at registration open
// the same pages as the shipped content's footer links of the shopper's locale (they once were paths nothing served;
// then a Belgian or Luxembourg shopper got France's, the Netherlands' or Germany's while the footer beside the
// checkbox linked their country's, QA market round).
func TestDefaultConsentsLinkTheFooterDocuments(t *testing.T) {
	files, err := fs.Glob(content.Embedded(), "portal/*_*.json")
	require.NoError(t, err)
	require.Len(t, files, 11, "the shipped locales")
	for _, name := range files {
		tag := strings.Replace(strings.TrimSuffix(path.Base(name), ".json"), "_", "-", 1) // portal/fr_BE.json: fr-BE
		raw, err := fs.ReadFile(content.Embedded(), name)
		require.NoError(t, err, name)
		doc, err := content.Decode(raw)
		require.NoError(t, err, name)
		var footer []string
		for _, link := range doc.SimpleFooter.FooterLinks {
			footer = append(footer, link.URL)
		}
		for _, germany := range []bool{true, false} {
			for _, consent := range embedded.MarketConsents(germany) {
				_, statement := consent.Statement(tag)
				require.Contains(t, footer, statement.DocumentURL, "%s in %s", consent.ID, tag)
			}
		}
	}
}
