// Package content holds the CMS documents the apps load from
// /cms/{cmsId}/{language}.json: parsed and checked once at start-up, then
// served from memory as precomputed bytes.
package content

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
)

//go:embed files
var embedded embed.FS

// ErrNotFound means no document exists for the requested content set and language.
var ErrNotFound = errors.New("content: not found")

// DefaultFile is the fallback document the apps load when their language has none.
const DefaultFile = "default.json"

var (
	// CMSIDPattern is what a content set id may look like.
	CMSIDPattern = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)
	// LanguagePattern is what a language (locale) may look like, e.g. de or de_DE.
	LanguagePattern = regexp.MustCompile(`^[a-z]{2}(_[A-Z]{2})?$`)
)

// Document is one CMS file ready to send.
type Document struct {
	Body []byte
	// ETag is a strong validator derived from the body.
	ETag string
	// newsletters are the names of its preference centre's newsletters, by subscription key.
	newsletters map[string]string
	// tiles are its preference centre's tiles and offered the newsletter keys its tabs list: what the identity
	// provider's account schema must hold (Library.PreferenceFields, Library.OfferedNewsletters).
	tiles   []declaredTile
	offered []OfferedNewsletter
}

// declaredTile is one boolean or radio tile of a document.
type declaredTile struct {
	place   TilePlace
	field   string
	options []string // nil for a yes/no tile
}

// TilePlace names a tile for an operator: its file and id.
type TilePlace struct {
	File string
	ID   string
}

func (t TilePlace) String() string { return fmt.Sprintf("%s tile %q", t.File, t.ID) }

// PreferenceField is a field of data.preference that the tiles of the loaded documents store into: a yes/no
// tile's true or false (Options nil), or the value of a radio tile's chosen option (Options: every value any
// document offers, in the order first met). One field is one kind in every document (Load refuses others).
type PreferenceField struct {
	Field   string
	Options []string
	// Tiles are the tiles that declare it, by file name.
	Tiles []TilePlace
}

// YesNo reports a field of yes/no tiles (true or false); otherwise one of radio tiles (one of Options).
func (f PreferenceField) YesNo() bool { return f.Options == nil }

// OfferedNewsletter is a newsletter key a tab of a document offers (a newsletters item's keys), where it stands.
type OfferedNewsletter struct {
	Key  string
	File string
	Path string // preferenceCentre.tabs[0].items[0].keys[2]
}

// Library holds every content document in memory.
type Library struct {
	docs     map[string]Document // key: "cmsId/language" or DefaultFile
	fallback Document
	// preferences are the tiles' fields over every document, by field name (collectPreferences).
	preferences []PreferenceField
}

// Embedded returns the content files compiled into the binary.
func Embedded() fs.FS {
	sub, err := fs.Sub(embedded, "files")
	if err != nil {
		panic(err) // the embed directive guarantees the folder
	}
	return sub
}

// LoadWithDir loads the embedded documents with those of dir over them (content.dir; "" for none).
func LoadWithDir(dir string) (*Library, error) {
	layers := []fs.FS{Embedded()}
	if dir != "" {
		layers = append(layers, os.DirFS(dir))
	}
	return Load(layers...)
}

// Load reads and checks every document of each file system in order; a file
// in a later one replaces the file of the same name from an earlier one.
// default.json must exist in at least one of them.
func Load(layers ...fs.FS) (*Library, error) {
	lib := &Library{docs: map[string]Document{}}
	for _, fsys := range layers {
		if err := lib.loadLayer(fsys); err != nil {
			return nil, err
		}
	}
	def, ok := lib.docs[DefaultFile]
	if !ok {
		return nil, fmt.Errorf("content: %s is missing", DefaultFile)
	}
	lib.fallback = def
	prefs, err := collectPreferences(lib.docs)
	if err != nil {
		return nil, err
	}
	lib.preferences = prefs
	return lib, nil
}

// collectPreferences joins the tiles of every document into one field each: the documents of all languages and
// content sets share one account, so a field is a yes/no tile everywhere or a radio tile everywhere, and a radio
// tile's field takes the options of every document (a shopper may save in one language what another offered).
// Two documents that disagree on a field's kind are refused, naming both.
func collectPreferences(docs map[string]Document) ([]PreferenceField, error) {
	keys := make([]string, 0, len(docs))
	for k := range docs {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the message names the same documents every start
	byField := map[string]*PreferenceField{}
	var order []string
	var conflicts []string
	for _, k := range keys {
		for _, t := range docs[k].tiles {
			f, seen := byField[t.field]
			if !seen {
				f = &PreferenceField{Field: t.field}
				if t.options != nil {
					f.Options = []string{}
				}
				byField[t.field] = f
				order = append(order, t.field)
			}
			if (t.options == nil) != f.YesNo() {
				conflicts = append(conflicts, fmt.Sprintf("%s is a %s in %s and a %s in %s: one field holds one kind of value",
					t.field, tileKind(f.YesNo()), f.Tiles[0], tileKind(t.options == nil), t.place))
				continue
			}
			for _, o := range t.options {
				if !slices.Contains(f.Options, o) {
					f.Options = append(f.Options, o)
				}
			}
			f.Tiles = append(f.Tiles, t.place)
		}
	}
	if len(conflicts) > 0 {
		return nil, fmt.Errorf("content: %s", strings.Join(conflicts, "; "))
	}
	sort.Strings(order)
	out := make([]PreferenceField, 0, len(order))
	for _, name := range order {
		out = append(out, *byField[name])
	}
	return out, nil
}

func tileKind(yesNo bool) string {
	if yesNo {
		return "yes/no tile (" + ItemBooleanTile + ")"
	}
	return "choice tile (" + ItemRadioTile + ")"
}

// PreferenceFields are the fields of data.preference the tiles of every loaded document store into, by name: what
// the embedded identity provider's account schema takes its preference fields from (app.ContentSchema).
func (lib *Library) PreferenceFields() []PreferenceField {
	return slices.Clone(lib.preferences)
}

// OfferedNewsletters are the newsletter keys the tabs of every loaded document offer, by file: each must be a
// subscription of the identity provider's account schema, or subscribing to it fails.
func (lib *Library) OfferedNewsletters() []OfferedNewsletter {
	keys := make([]string, 0, len(lib.docs))
	for k := range lib.docs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []OfferedNewsletter
	for _, k := range keys {
		out = append(out, lib.docs[k].offered...)
	}
	return out
}

func (lib *Library) loadLayer(fsys fs.FS) error {
	return fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("content: %s: %w", p, err)
		}
		if d.IsDir() || !strings.HasSuffix(p, ".json") {
			return nil
		}
		key, err := keyFor(p)
		if err != nil {
			return err
		}
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			return fmt.Errorf("content: %s: %w", p, err)
		}
		doc, err := parse(p, raw)
		if err != nil {
			return err
		}
		lib.docs[key] = doc
		return nil
	})
}

// keyFor checks that a file sits where a request can address it.
func keyFor(p string) (string, error) {
	if p == DefaultFile {
		return p, nil
	}
	dir, file := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	lang := strings.TrimSuffix(file, ".json")
	if strings.Contains(dir, "/") || !CMSIDPattern.MatchString(dir) || !LanguagePattern.MatchString(lang) {
		return "", fmt.Errorf("content: %s: expected %s or <cmsId>/<language>.json (e.g. portal/de_DE.json)", p, DefaultFile)
	}
	return dir + "/" + lang, nil
}

// parse validates a document and compacts it, so whitespace in the source
// files costs nothing on the wire. The original bytes are served, not the
// decoded model, so keys the model does not know reach the apps.
func parse(name string, raw []byte) (Document, error) {
	model, err := Decode(raw)
	if err != nil {
		return Document{}, fmt.Errorf("content: %s: %w", name, err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return Document{}, fmt.Errorf("content: %s: %w", name, err)
	}
	sum := sha256.Sum256(buf.Bytes())
	doc := Document{Body: buf.Bytes(), ETag: `"` + hex.EncodeToString(sum[:16]) + `"`}
	if model.PreferenceCentre != nil {
		doc.newsletters = make(map[string]string, len(model.PreferenceCentre.Newsletters))
		for key, n := range model.PreferenceCentre.Newsletters {
			doc.newsletters[key] = n.Name
		}
		for i, tab := range model.PreferenceCentre.Tabs {
			for j, it := range tab.Items {
				switch it.Type {
				case ItemBooleanTile, ItemRadioTile:
					t := declaredTile{place: TilePlace{File: name, ID: it.ID}, field: it.Preference}
					if it.Type == ItemRadioTile {
						t.options = make([]string, len(it.Options))
						for k, o := range it.Options {
							t.options[k] = o.Value
						}
					}
					doc.tiles = append(doc.tiles, t)
				case ItemNewsletters:
					for k, key := range it.Keys {
						doc.offered = append(doc.offered, OfferedNewsletter{Key: key, File: name,
							Path: fmt.Sprintf("preferenceCentre.tabs[%d].items[%d].keys[%d]", i, j, k)})
					}
				}
			}
		}
	}
	return doc, nil
}

// Document returns the document of a content set in a language.
func (lib *Library) Document(cmsID, language string) (Document, error) {
	doc, ok := lib.docs[cmsID+"/"+language]
	if !ok {
		return Document{}, ErrNotFound
	}
	return doc, nil
}

// NewsletterName is what a content set calls a newsletter in a language (de, de-DE or de_DE), so that its double
// opt-in mail names it as the preference centre of that language shows it: the document of that locale; for a
// language without its country, the first of the language's locales in `locales` (the configured order, by which
// the apps pick a language's locale: fr is fr_FR before fr_BE, QA), then any of the language in name order; else
// default.json. "" when none names it.
func (lib *Library) NewsletterName(cmsID, language, key string, locales []string) string {
	language = strings.ReplaceAll(language, "-", "_")
	if doc, ok := lib.docs[cmsID+"/"+language]; ok && doc.newsletters[key] != "" {
		return doc.newsletters[key]
	}
	base, _, _ := strings.Cut(language, "_")
	prefix := cmsID + "/" + base + "_"
	var ordered, rest []string
	for _, l := range locales {
		if k := cmsID + "/" + l; strings.HasPrefix(k, prefix) {
			ordered = append(ordered, k)
		}
	}
	for k := range lib.docs {
		if strings.HasPrefix(k, prefix) && !slices.Contains(ordered, k) {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range append(ordered, rest...) {
		if name := lib.docs[k].newsletters[key]; name != "" {
			return name
		}
	}
	return lib.fallback.newsletters[key]
}

// Default returns the fallback document (default.json).
func (lib *Library) Default() Document {
	return lib.fallback
}
