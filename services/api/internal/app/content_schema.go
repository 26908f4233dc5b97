package app

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// ContentSchema holds the embedded provider's account schema to the content the service serves, so that nothing the
// preference centre shows is accepted at start-up and then refused when a shopper saves it (QA round of 2026-11-29:
// a new tile answered "Unknown preference" to every save, a new newsletter "Unknown subscription" to every
// subscribe).
//
//   - Preference tiles: the content is the authority (spec 001 §2: the tiles are built from the CMS). Each tile's
//     field is in the schema as its kind stores it: a yes/no tile's a boolean, a radio tile's a string that is one
//     of the options every document offers for it. A field the schema lacks is added; a radio tile's field takes the
//     content's options (unless identity.embedded.formats names it: then every option must match that format). A
//     field the schema has with another type (a built-in one, the favourite store's, one that formats or
//     requiredFields added as a string) is refused, naming the file, the tile and the field: values of that type
//     are stored already, and changing it is a migration, not a content edit.
//   - Newsletters: every key a tab offers must be a subscription of the schema (identity.embedded.subscriptions);
//     it is refused otherwise, never added. A subscription is a consent with legal and mail consequences: its
//     double opt-in and the lifetime of its confirmation link are the operator's decision, and a typo in the
//     content must not open a new subscription nobody sends.
//
// Every problem is reported at once. With SAP CDC the schema is the vendor's and this is not called.
func ContentSchema(c embedded.Config, cfg config.Config, library *content.Library) (embedded.Config, error) {
	var problems []string
	fields := slices.Clone(c.Fields)
	index := map[string]int{}
	for i, f := range fields {
		index[f.Name] = i
	}
	// The settings that give a field a type of their own: a string, whatever a tile stores.
	configured := map[string]string{}
	for _, name := range cfg.Identity.Embedded.RequiredFields {
		configured[name] = "identity.embedded.requiredFields"
	}
	formatted := map[string]bool{}
	for _, f := range cfg.Identity.Embedded.Formats {
		formatted[f.Field] = true
		configured[f.Field] = "identity.embedded.formats"
	}
	for _, pref := range library.PreferenceFields() {
		at := strings.Join(places(pref.Tiles), ", ")
		i, known := index[pref.Field]
		switch {
		case pref.Field == embedded.FavouriteStoreField:
			problems = append(problems, fmt.Sprintf("%s names %s, the favourite store (a store id, the profileFields item's favouriteStore); a tile needs a field of its own", at, pref.Field))
		case !known && pref.YesNo():
			fields = append(fields, embedded.FieldSchema{Name: pref.Field, Type: "boolean"})
		case !known:
			fields = append(fields, embedded.FieldSchema{Name: pref.Field, Type: "string", Format: optionsFormat(pref.Options)})
		case pref.YesNo() && fields[i].Type != "boolean":
			problems = append(problems, fmt.Sprintf("%s is a yes/no tile, but the account schema has %s as a %s field%s", at, pref.Field, fields[i].Type, origin(pref.Field, configured)))
		case !pref.YesNo() && fields[i].Type != "string":
			problems = append(problems, fmt.Sprintf("%s is a choice of options, but the account schema has %s as a %s field%s", at, pref.Field, fields[i].Type, origin(pref.Field, configured)))
		case !pref.YesNo() && formatted[pref.Field]:
			re, err := regexp.Compile(fields[i].Format)
			if err != nil {
				continue // config validation reports it
			}
			for _, o := range pref.Options {
				if !re.MatchString(o) {
					problems = append(problems, fmt.Sprintf("%s offers %q, which the format identity.embedded.formats gives %s refuses", at, o, pref.Field))
				}
			}
		case !pref.YesNo():
			fields[i].Format = optionsFormat(pref.Options)
		}
	}
	subscriptions := map[string]bool{}
	for _, s := range c.Subscriptions {
		subscriptions[s.Key] = true
	}
	for _, n := range library.OfferedNewsletters() {
		if !subscriptions[n.Key] {
			problems = append(problems, fmt.Sprintf("%s: %s offers newsletter %s, which is not a subscription of the account schema (identity.embedded.subscriptions): every subscribe to it would fail", n.File, n.Path, n.Key))
		}
	}
	if len(problems) > 0 {
		return c, errors.New("app: content does not fit the identity provider's account schema: " + strings.Join(problems, "; "))
	}
	c.Fields = fields
	return c, nil
}

// optionsFormat is the format of a radio tile's field: exactly one of its option values.
func optionsFormat(options []string) string {
	quoted := make([]string, len(options))
	for i, o := range options {
		quoted[i] = regexp.QuoteMeta(o)
	}
	return "^(" + strings.Join(quoted, "|") + ")$"
}

func places(tiles []content.TilePlace) []string {
	out := make([]string, len(tiles))
	for i, t := range tiles {
		out[i] = t.String()
	}
	return out
}

// origin names the setting a field of another type comes from, when the operator's configuration made it.
func origin(field string, configured map[string]string) string {
	if setting := configured[field]; setting != "" {
		return " (" + setting + ")"
	}
	return ""
}
