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
	"maps"
	"net/url"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/problems"
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
	// centre says the document has a preferenceCentre section.
	centre bool
	// file is its name in the content (default.json, portal/de_DE.json); pictures are those it shows from the site.
	file     string
	pictures []Picture
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
	// overlaid are the documents a later layer (content.dir) gave; ignored are its files that are no documents.
	overlaid, ignored []string
	// preferences are the tiles' fields over every document, by field name (collectPreferences).
	preferences []PreferenceField
}

// Problem is one thing wrong with the content, in a file ("" for the configuration's demands).
type Problem struct {
	File    string
	Message string
}

// String is p as a line of LoadError: "portal/de_DE.json: header.logo.alt: required".
func (p Problem) String() string {
	if p.File == "" {
		return p.Message
	}
	return p.File + ": " + p.Message
}

// LoadError lists every problem the content has (the first problems.MaxListed), one a line, so an operator
// fixes every file in one go rather than one restart per mistake.
type LoadError struct {
	problems.List[Problem]
}

// Error implements error, one problem per line: "content: portal/de_DE.json: header.logo.alt: required".
func (e *LoadError) Error() string { return e.Text("content: ") }

// Is makes errors.Is(err, ErrInvalid) true for content that does not load.
func (e *LoadError) Is(target error) bool { return target == ErrInvalid }

func (e *LoadError) add(file, message string) { e.Add(Problem{File: file, Message: message}) }

// addErr adds a file's error, each field of a *SchemaError as a problem of its own.
func (e *LoadError) addErr(file string, err error) {
	var schemaErr *SchemaError
	if errors.As(err, &schemaErr) {
		for _, f := range schemaErr.Fields {
			e.add(file, f.Error())
		}
		return
	}
	e.add(file, err.Error())
}

func (e *LoadError) orNil() error {
	if e.Empty() {
		return nil
	}
	return e
}

// Embedded returns the content files compiled into the binary.
func Embedded() fs.FS {
	sub, err := fs.Sub(embedded, "files")
	if err != nil {
		panic(err) // the embed directive guarantees the folder
	}
	return sub
}

// LoadWithDir loads the embedded documents with those of dir over them (content.dir; "" for none), following the
// folder's symbolic links within it (walkFolder), as a Kubernetes ConfigMap mounted there has them.
func LoadWithDir(dir string) (*Library, error) {
	if dir == "" {
		return Load(Embedded())
	}
	folder, closeFolder, err := openFolder(dir)
	if err != nil {
		found := &LoadError{}
		found.add("", "content.dir: "+err.Error())
		return nil, found
	}
	defer closeFolder()
	return Load(Embedded(), folder)
}

// Load reads and checks every document of each file system in order; a file
// in a later one replaces the file of the same name from an earlier one.
// default.json must exist in at least one of them. A *LoadError lists the
// problems of every file.
func Load(layers ...fs.FS) (*Library, error) {
	lib := &Library{docs: map[string]Document{}}
	found := &LoadError{}
	for i, fsys := range layers {
		lib.loadLayer(fsys, i > 0, found)
	}
	def, ok := lib.docs[DefaultFile]
	if !ok {
		found.add("", DefaultFile+" is missing: the apps fall back to it")
	}
	if err := found.orNil(); err != nil {
		return nil, err
	}
	lib.fallback = def
	prefs, conflicts := collectPreferences(lib.docs)
	for _, c := range conflicts {
		found.add("", c)
	}
	if err := found.orNil(); err != nil {
		return nil, err
	}
	lib.preferences = prefs
	sort.Strings(lib.overlaid)
	sort.Strings(lib.ignored)
	return lib, nil
}

// collectPreferences joins the tiles of every document into one field each: the documents of all languages and
// content sets share one account, so a field is a yes/no tile everywhere or a radio tile everywhere, and a radio
// tile's field takes the options of every document (a shopper may save in one language what another offered).
// Two documents that disagree on a field's kind are refused, naming both.
func collectPreferences(docs map[string]Document) ([]PreferenceField, []string) {
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
		return nil, conflicts
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

func (lib *Library) loadLayer(fsys fs.FS, overlay bool, found *LoadError) {
	walkFolder(fsys, func(p string, d fs.DirEntry, err error) {
		if err != nil {
			found.add(p, err.Error())
			return
		}
		if !strings.HasSuffix(p, ".json") {
			// A document saved under a slightly wrong name (de_AT.json.txt, de_AT.JSON) was skipped without a word,
			// and its market got default.json (QA content round); any other file (a README) is named in a warning.
			if strings.Contains(strings.ToLower(d.Name()), ".json") {
				found.add(p, fmt.Sprintf("not read: content documents are named %s or <cmsId>/<language>.json, ending in .json in lower case", DefaultFile))
			} else {
				lib.ignored = append(lib.ignored, p)
			}
			return
		}
		key, err := keyFor(p)
		if err != nil {
			found.add(p, err.Error())
			return
		}
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			found.add(p, err.Error())
			return
		}
		doc, err := parse(p, raw)
		if err != nil {
			found.addErr(p, err)
			return
		}
		lib.docs[key] = doc
		if overlay && !slices.Contains(lib.overlaid, p) {
			lib.overlaid = append(lib.overlaid, p)
		}
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
		return "", fmt.Errorf("expected %s or <cmsId>/<language>.json (e.g. portal/de_DE.json)", DefaultFile)
	}
	return dir + "/" + lang, nil
}

// parse validates a document and compacts it, so whitespace in the source
// files costs nothing on the wire. The original bytes are served, not the
// decoded model, so keys the model does not know reach the apps.
func parse(name string, raw []byte) (Document, error) {
	model, err := Decode(raw)
	if err != nil {
		return Document{}, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, bytes.TrimPrefix(raw, byteOrderMark)); err != nil {
		return Document{}, err
	}
	sum := sha256.Sum256(buf.Bytes())
	doc := Document{Body: buf.Bytes(), ETag: `"` + hex.EncodeToString(sum[:16]) + `"`, file: name, pictures: model.Pictures()}
	if model.PreferenceCentre != nil {
		doc.centre = true
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

// Requirements are what the configuration and the apps ask of the content, checked once both are loaded.
type Requirements struct {
	// CMSID is metadata.cms.id, the content set the apps load; each of Locales (metadata.locales) needs its
	// document there.
	CMSID   string
	Locales []string
	// PreferenceCentre says the centre is offered (metadata.marketingPreferenceCenter): every document it may show,
	// CMSID's and default.json, needs a preferenceCentre section.
	PreferenceCentre bool
	// Serves reports whether the service answers a path of the site with a file (not an app's page); nil leaves the
	// pictures unchecked (no app built).
	Serves func(urlPath string) bool
}

// Check returns a *LoadError naming every way the content falls short of r, or nil.
func (lib *Library) Check(r Requirements) error {
	found := &LoadError{}
	sets := lib.ContentSets()
	if _, ok := sets[r.CMSID]; !ok {
		known := slices.Sorted(maps.Keys(sets))
		found.add("", fmt.Sprintf("metadata.cms.id %q names no content set: there is no %s/<language>.json (content sets: %s)",
			r.CMSID, r.CMSID, strings.Join(known, ", ")))
	} else {
		// A market language without its document showed default.json's (German) on its pages (QA content round);
		// its links (imprint, privacy) are the country's own, so no other document stands in for it.
		for _, locale := range r.Locales {
			if _, ok := lib.docs[r.CMSID+"/"+locale]; !ok {
				found.add(r.CMSID+"/"+locale+".json", fmt.Sprintf("missing: metadata.locales lists %s, whose shoppers would read default.json's content", locale))
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(lib.docs)) {
		doc := lib.docs[key]
		// Without its section the centre opened every valid link in the language as invalid (QA content round).
		if r.PreferenceCentre && !doc.centre && (key == DefaultFile || strings.HasPrefix(key, r.CMSID+"/")) {
			found.add(doc.file, "preferenceCentre: required: the preference centre (metadata.marketingPreferenceCenter) shows this document, and without it every link to the centre opens as invalid")
		}
		if r.Serves == nil {
			continue
		}
		for _, pic := range doc.pictures {
			for _, u := range pic.URLs {
				if !r.Serves(sitePath(u)) {
					field := FieldError{Path: pic.Path, Entry: pic.Entry}
					found.add(doc.file, fmt.Sprintf("%s: the apps load %s, which is no file they serve (the pictures are libs/ui/assets, copied by each app's build)",
						field.Where(), u))
					break
				}
			}
		}
	}
	return found.orNil()
}

// sitePath is the path of a site address, without its query or fragment.
func sitePath(u string) string {
	if parsed, err := url.Parse(u); err == nil {
		return parsed.Path
	}
	return u
}

// ContentSets counts the documents of each content set (cms id).
func (lib *Library) ContentSets() map[string]int {
	sets := map[string]int{}
	for key := range lib.docs {
		if cmsID, _, ok := strings.Cut(key, "/"); ok {
			sets[cmsID]++
		}
	}
	return sets
}

// Overlaid lists the documents content.dir gave (new or replacing an embedded one), in name order.
func (lib *Library) Overlaid() []string { return lib.overlaid }

// Ignored lists the files of content.dir that are no content documents (a README), in name order.
func (lib *Library) Ignored() []string { return lib.ignored }

// PicturePaths lists every site path the documents load pictures from, in order, each once.
func (lib *Library) PicturePaths() []string {
	var paths []string
	for _, doc := range lib.docs {
		for _, pic := range doc.pictures {
			for _, u := range pic.URLs {
				if p := sitePath(u); !slices.Contains(paths, p) {
					paths = append(paths, p)
				}
			}
		}
	}
	sort.Strings(paths)
	return paths
}

// Document returns the document of a content set in a language.
func (lib *Library) Document(cmsID, language string) (Document, error) {
	doc, ok := lib.docs[cmsID+"/"+language]
	if !ok {
		return Document{}, ErrNotFound
	}
	return doc, nil
}

// DocumentFor returns what stands in for a language of a content set (see candidates) and the language of the
// document given: for en_IE without a document of its own, en_GB's rather than default.json's, which the apps
// fall back to on a 404 (spec 001 §7). ErrNotFound when the language has no document at all.
func (lib *Library) DocumentFor(cmsID, language string, locales []string) (Document, string, error) {
	keys := lib.candidates(cmsID, language, locales)
	if len(keys) == 0 {
		return Document{}, "", ErrNotFound
	}
	return lib.docs[keys[0]], strings.TrimPrefix(keys[0], cmsID+"/"), nil
}

// candidates are the documents of a content set that stand in for a language (de, de-DE or de_DE), best first:
// the locale's own; then the language's locales in `locales` (the configured order, by which the apps pick a
// language's locale: fr is fr_FR before fr_BE, QA), then any other of the language in name order.
func (lib *Library) candidates(cmsID, language string, locales []string) []string {
	language = strings.ReplaceAll(language, "-", "_")
	var keys []string
	if _, ok := lib.docs[cmsID+"/"+language]; ok {
		keys = append(keys, cmsID+"/"+language)
	}
	base, _, _ := strings.Cut(language, "_")
	prefix := cmsID + "/" + base + "_"
	for _, l := range locales {
		k := cmsID + "/" + l
		if _, ok := lib.docs[k]; ok && strings.HasPrefix(k, prefix) && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	var rest []string
	for k := range lib.docs {
		if strings.HasPrefix(k, prefix) && !slices.Contains(keys, k) {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(keys, rest...)
}

// NewsletterName is what a content set calls a newsletter in a language (de, de-DE or de_DE), so that its double
// opt-in mail names it as the preference centre of that language shows it: the first of the language's documents
// (candidates) that names it, else default.json's. "" when none names it.
func (lib *Library) NewsletterName(cmsID, language, key string, locales []string) string {
	for _, k := range lib.candidates(cmsID, language, locales) {
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
