package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/grocer-portal/portal/services/api/internal/jsonbody"
)

// The content model. The JSON names are the apps' (libs/cms/src/types.ts
// mirrors these types); keys the model does not know are allowed and passed
// through untouched, so content can run ahead of the service.

// Model is one CMS document: what the account portal and the preference
// centre render around and inside their pages.
type Model struct {
	Header           Header            `json:"header"`
	Footer           Footer            `json:"footer"`
	SimpleFooter     SimpleFooter      `json:"simpleFooter"`
	SocialMediaBar   *SocialMediaBar   `json:"socialmediabar,omitempty"`
	Components       Components        `json:"components"`
	PreferenceCentre *PreferenceCentre `json:"preferenceCentre,omitempty"`
}

// Header is the page header: the logo that links home.
type Header struct {
	Logo    Image  `json:"logo"`
	HomeURL string `json:"homeUrl"`
}

// Image is a picture with its alternative text.
type Image struct {
	Src string `json:"src"`
	Alt string `json:"alt"`
}

// Footer is the text at the foot of every page.
type Footer struct {
	Copyright string `json:"copyright"`
	// Text is an optional line above the copyright.
	Text string `json:"text,omitempty"`
}

// SimpleFooter holds the footer's legal and service links.
type SimpleFooter struct {
	FooterLinks []Link `json:"footerLinks"`
}

// Link is a labelled link (footer).
type Link struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	URL   string `json:"url"`
}

// SocialMediaBar lists the retailer's social media channels.
type SocialMediaBar struct {
	Items []SocialMediaItem `json:"items"`
}

// SocialMediaItem is one social media channel.
type SocialMediaItem struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	URL   string `json:"url"`
	Icon  string `json:"icon"`
}

// Components holds the content of individual page parts.
type Components struct {
	AccountPage        AccountPage         `json:"accountPage"`
	SsoClientsOverview *SsoClientsOverview `json:"SsoClientsOverview,omitempty"`
}

// AccountPage holds the tiles of the account page, which also feed the side menu.
type AccountPage struct {
	AccountLinks []AccountLink `json:"accountLinks"`
}

// AccountLink is one account tile: a page of the account with a short description.
type AccountLink struct {
	ID          string `json:"id"`
	URL         string `json:"url"`
	Label       string `json:"label"`
	Description string `json:"description"`
	// Image is the tile's picture. Its src may hold "{width}", which the app replaces by 768, 1024 and 1817 for
	// the responsive sources (spec 000 §9); an empty alt marks it as decoration beside the tile's heading.
	Image *TileImage `json:"image,omitempty"`
}

// TileImage is a tile's picture; unlike Image its alternative text may be empty (decorative).
type TileImage struct {
	Src string `json:"src"`
	Alt string `json:"alt"`
}

// SsoClientsOverview is the tile grid of partner services reached by single sign-on.
type SsoClientsOverview struct {
	Items []SsoClient `json:"items"`
}

// SsoClient is one partner service tile.
type SsoClient struct {
	ID          string `json:"id"`
	Image       string `json:"image"`
	ButtonLabel string `json:"buttonlabel"`
	Label       string `json:"label"`
	Description string `json:"description"`
	URL         string `json:"url"`
}

// PreferenceCentre is the content of the preference centre.
type PreferenceCentre struct {
	Home *PreferenceCentreHome `json:"home,omitempty"`
	// SubscribeAgainURL is where the unsubscribe-success page sends a customer
	// who changes their mind.
	SubscribeAgainURL string                `json:"subscribeAgainUrl"`
	Tabs              []Tab                 `json:"tabs"`
	Newsletters       map[string]Newsletter `json:"newsletters"`
}

// PreferenceCentreHome holds the texts above the tabs. The app greets with
// GreetingPrefix, a space, the customer's first name and GreetingSuffix as
// written (a suffix that needs a leading space carries it).
type PreferenceCentreHome struct {
	GreetingPrefix string `json:"greetingPrefix"`
	GreetingSuffix string `json:"greetingSuffix,omitempty"`
	Description    string `json:"description"`
}

// Tab is one tab of the preference centre. Its id is the URL hash anchor,
// shared by all languages so a language switch keeps the open tab.
type Tab struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// AccessWithoutNewsletterSubscription is a pointer because the file must
	// say it: a forgotten flag would silently lock a tab.
	AccessWithoutNewsletterSubscription *bool     `json:"accessWithoutNewsletterSubscription"`
	Items                               []TabItem `json:"items"`
}

// The types of tab items.
const (
	ItemNewsletters      = "newsletters"
	ItemBooleanTile      = "booleanTile"
	ItemRadioTile        = "radioTile"
	ItemProductReminders = "productReminders"
	ItemProfileFields    = "profileFields"
	ItemSeparator        = "separator"
)

// TabItem is one entry of a tab; Type says which of the other fields apply:
//   - newsletters: Keys (newsletter keys), optional Title and Description;
//   - booleanTile: Preference, Title, Description, Icon;
//   - radioTile: Preference, Title, Options, optional Description and Icon;
//   - productReminders: optional Title and Description;
//   - profileFields: Fields, optional Title and Description;
//   - separator: nothing else.
type TabItem struct {
	Type        string        `json:"type"`
	ID          string        `json:"id"`
	Title       string        `json:"title,omitempty"`
	Description string        `json:"description,omitempty"`
	Icon        string        `json:"icon,omitempty"`
	Preference  string        `json:"preference,omitempty"`
	Keys        []string      `json:"keys,omitempty"`
	Options     []RadioOption `json:"options,omitempty"`
	Fields      []string      `json:"fields,omitempty"`
}

// RadioOption is one choice of a radio tile; Value is what is stored in the preference.
type RadioOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Newsletter describes one newsletter (subscription key NLT...).
type Newsletter struct {
	Name         string                 `json:"name"`
	Icon         string                 `json:"icon"`
	Descriptions NewsletterDescriptions `json:"descriptions"`
	// DisplayStart and DisplayEnd bound when the newsletter is offered
	// (RFC 3339 with offset); nil means open-ended.
	DisplayStart *string `json:"displayStart,omitempty"`
	DisplayEnd   *string `json:"displayEnd,omitempty"`
}

// NewsletterDescriptions is a one-line teaser and an optional list of bullet points.
type NewsletterDescriptions struct {
	Short string   `json:"short"`
	Long  []string `json:"long,omitempty"`
}

// ProfileFieldNames are the profile fields a profileFields item may show.
var ProfileFieldNames = []string{
	"salutation", "firstName", "lastName", "dateOfBirth", "birthYear", "zip", "favouriteStore", "personalisationOptIn",
}

var (
	idPattern         = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	newsletterPattern = regexp.MustCompile(`^NLT[A-Z0-9_]*$`)
	preferencePattern = regexp.MustCompile(`^data\.preference\.[A-Z_]+$`)
)

// ErrInvalid is matched by every *SchemaError.
var ErrInvalid = errors.New("content: document does not match the content schema")

// FieldError is one rule a document breaks, at a JSON path such as
// components.accountPage.accountLinks[2].url.
type FieldError struct {
	Path string
	// Entry is the id of the list entry the path is in (the innermost one that has an id), so a content manager
	// finds the tile or link by what it is rather than by counting: "personaldata" for accountLinks[2].
	Entry   string
	Message string
}

// Error implements error as "path: message", or `path (id "entry"): message`.
func (e FieldError) Error() string {
	if e.Path == "" {
		return e.Message
	}
	return e.Where() + ": " + e.Message
}

// Where names the field: its path, and the id of its entry when it is in one.
func (e FieldError) Where() string {
	if e.Entry == "" {
		return e.Path
	}
	return fmt.Sprintf("%s (id %q)", e.Path, e.Entry)
}

// SchemaError lists every rule a document breaks, so an operator fixes a
// file in one go rather than one restart per mistake.
type SchemaError struct {
	Fields []FieldError
}

// Error implements error, joining the field errors with "; ".
func (e *SchemaError) Error() string {
	msgs := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		msgs[i] = f.Error()
	}
	return strings.Join(msgs, "; ")
}

// Is makes errors.Is(err, ErrInvalid) true for every SchemaError.
func (e *SchemaError) Is(target error) bool { return target == ErrInvalid }

// requiredSections are the top-level objects every document must have; the
// apps render header, footer and account pages from them.
var requiredSections = []string{"header", "footer", "simpleFooter", "components"}

// byteOrderMark is what Windows editors put at the start of a file they save as UTF-8. JSON does not allow it, but
// the file is UTF-8 all the same: it is dropped rather than refused ("invalid character 'ï'", QA content round).
var byteOrderMark = []byte{0xEF, 0xBB, 0xBF}

// Decode parses one document and checks it against the content schema. A
// broken document gives a *SchemaError naming each JSON path at fault; a file
// that is not UTF-8 or not JSON names the line and column where it stops being so.
func Decode(raw []byte) (Model, error) {
	raw = bytes.TrimPrefix(raw, byteOrderMark)
	// encoding/json reads bytes that are not UTF-8 as U+FFFD without a word, and the original bytes are what is
	// served: a file saved as Windows-1252 reached the apps as "Gr\xf6\xdfe" (QA content round).
	if at := invalidUTF8(raw); at >= 0 {
		return Model{}, fmt.Errorf("%s: not UTF-8 (saved as Windows-1252 or Latin-1?): save the file as UTF-8", position(raw, int64(at)))
	}
	var sections map[string]json.RawMessage
	if err := json.Unmarshal(raw, &sections); err != nil || sections == nil {
		var syntaxErr *json.SyntaxError
		switch {
		case err == nil:
			err = errors.New("null")
		case errors.As(err, &syntaxErr):
			// The offset is just past the byte at fault: a trailing comma points at the } after it.
			err = fmt.Errorf("%s: %w", position(raw, max(syntaxErr.Offset-1, 0)), err)
		}
		return Model{}, fmt.Errorf("not a valid JSON object: %w", err)
	}
	// encoding/json keeps the last of a key given twice: a pasted copy of a newsletter renamed the general one
	// for everyone (QA content round). The REST API refuses such bodies with the same check.
	switch path, at, problem := jsonbody.Locate(raw); problem {
	case jsonbody.DuplicateKey:
		return Model{}, &SchemaError{[]FieldError{{Path: path, Message: fmt.Sprintf("key given twice (again at %s): JSON keeps only the last", position(raw, at))}}}
	case jsonbody.BadText:
		return Model{}, &SchemaError{[]FieldError{{Path: path, Message: fmt.Sprintf(`text with half of a \u surrogate pair at %s`, position(raw, at))}}}
	}
	for _, section := range requiredSections {
		s, ok := sections[section]
		if !ok {
			return Model{}, &SchemaError{[]FieldError{{Message: fmt.Sprintf("missing required section %q", section)}}}
		}
		if t := bytes.TrimSpace(s); len(t) == 0 || t[0] != '{' {
			return Model{}, &SchemaError{[]FieldError{{Message: fmt.Sprintf("section %q must be a JSON object", section)}}}
		}
	}
	var m Model
	if err := json.Unmarshal(raw, &m); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return Model{}, &SchemaError{[]FieldError{{Path: typeErr.Field, Message: "must be " + jsonKind(typeErr.Type)}}}
		}
		return Model{}, fmt.Errorf("not a valid JSON object: %w", err)
	}
	if err := m.Validate(); err != nil {
		return Model{}, err
	}
	return m, nil
}

// invalidUTF8 returns the offset of the first byte that is not UTF-8, or -1.
func invalidUTF8(raw []byte) int {
	if utf8.Valid(raw) {
		return -1
	}
	for at := 0; at < len(raw); {
		r, size := utf8.DecodeRune(raw[at:])
		if r == utf8.RuneError && size <= 1 {
			return at
		}
		at += size
	}
	return -1
}

// position names the line and column (in characters, as editors count them) of a byte offset.
func position(raw []byte, at int64) string {
	at = min(at, int64(len(raw)))
	before := raw[:at]
	line := bytes.Count(before, []byte("\n")) + 1
	column := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
	return fmt.Sprintf("line %d, column %d", line, column)
}

// jsonKind names the JSON type a Go type decodes from.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	default:
		return "a " + t.Kind().String()
	}
}

// Validate checks the rules a decoded document must follow beyond its JSON
// types and returns a *SchemaError listing every break, or nil.
func (m Model) Validate() error {
	if c := m.check(); len(c.errs) > 0 {
		return &SchemaError{c.errs}
	}
	return nil
}

// Pictures lists the pictures a document shows from the site itself (a path, not an https URL), for the start-up
// check that the service serves each of them (Library.Check).
func (m Model) Pictures() []Picture {
	return m.check().pictures
}

// The widths the apps load a picture in, which the build renders beside it (tools/images/render-variants.mjs).
var (
	// TileImageWidths replace "{width}" in an account tile's image (the account portal's TILE_IMAGE_WIDTHS).
	TileImageWidths = []int{768, 1024, 1817}
	// PartnerImageWidths are the partner tiles' renditions, NAME-{width}w.png beside the picture named (the
	// preference centre's PARTNER_TILE_WIDTHS), the only ones it loads.
	PartnerImageWidths = []int{233, 258, 286, 572, 858}
)

func (m Model) check() *checker {
	c := &checker{entries: map[string]string{}}
	c.image("header.logo", m.Header.Logo)
	c.url("header.homeUrl", m.Header.HomeURL)
	c.text("footer.copyright", m.Footer.Copyright)
	c.optionalText("footer.text", m.Footer.Text)

	c.list("simpleFooter.footerLinks", m.SimpleFooter.FooterLinks == nil)
	ids := c.ids()
	for i, l := range m.SimpleFooter.FooterLinks {
		p := c.entry(fmt.Sprintf("simpleFooter.footerLinks[%d]", i), l.ID)
		ids.add(p+".id", l.ID)
		c.text(p+".label", l.Label)
		c.url(p+".url", l.URL)
	}

	if bar := m.SocialMediaBar; bar != nil {
		c.list("socialmediabar.items", bar.Items == nil)
		ids := c.ids()
		for i, it := range bar.Items {
			p := c.entry(fmt.Sprintf("socialmediabar.items[%d]", i), it.ID)
			ids.add(p+".id", it.ID)
			c.text(p+".label", it.Label)
			c.url(p+".url", it.URL)
			c.picture(p+".icon", it.Icon)
		}
	}

	c.list("components.accountPage.accountLinks", m.Components.AccountPage.AccountLinks == nil)
	ids = c.ids()
	for i, l := range m.Components.AccountPage.AccountLinks {
		p := c.entry(fmt.Sprintf("components.accountPage.accountLinks[%d]", i), l.ID)
		ids.add(p+".id", l.ID)
		c.url(p+".url", l.URL)
		c.text(p+".label", l.Label)
		c.text(p+".description", l.Description)
		if l.Image != nil {
			// The app loads the picture in each width, never the address as written.
			var widths []string
			for _, w := range TileImageWidths {
				widths = append(widths, strings.ReplaceAll(l.Image.Src, "{width}", strconv.Itoa(w)))
			}
			c.picture(p+".image.src", l.Image.Src, widths...)
			c.optionalText(p+".image.alt", l.Image.Alt)
		}
	}

	if sso := m.Components.SsoClientsOverview; sso != nil {
		c.list("components.SsoClientsOverview.items", sso.Items == nil)
		ids := c.ids()
		for i, it := range sso.Items {
			p := c.entry(fmt.Sprintf("components.SsoClientsOverview.items[%d]", i), it.ID)
			ids.add(p+".id", it.ID)
			var widths []string
			for _, w := range PartnerImageWidths {
				widths = append(widths, partnerVariant.ReplaceAllString(it.Image, "-"+strconv.Itoa(w)+"w.png"))
			}
			c.picture(p+".image", it.Image, widths...)
			c.text(p+".buttonlabel", it.ButtonLabel)
			c.text(p+".label", it.Label)
			c.text(p+".description", it.Description)
			c.url(p+".url", it.URL)
		}
	}

	if pc := m.PreferenceCentre; pc != nil {
		c.preferenceCentre(pc)
	}
	return c
}

// partnerVariant is the extension the preference centre replaces by a width (PartnerTiles.tsx imageVariant).
var partnerVariant = regexp.MustCompile(`(?i)\.(svg|png|jpe?g|webp)$`)

func (c *checker) preferenceCentre(pc *PreferenceCentre) {
	const root = "preferenceCentre"
	if h := pc.Home; h != nil {
		c.text(root+".home.greetingPrefix", h.GreetingPrefix)
		c.optionalText(root+".home.greetingSuffix", h.GreetingSuffix)
		c.text(root+".home.description", h.Description)
	}
	c.url(root+".subscribeAgainUrl", pc.SubscribeAgainURL)

	if pc.Newsletters == nil {
		c.fail(root+".newsletters", "required")
	}
	keys := make([]string, 0, len(pc.Newsletters))
	for k := range pc.Newsletters {
		keys = append(keys, k)
	}
	slices.Sort(keys) // map order is random; errors should not be
	for _, k := range keys {
		c.newsletter(root+".newsletters."+k, k, pc.Newsletters[k])
	}

	if len(pc.Tabs) == 0 {
		c.fail(root+".tabs", "required: at least one tab")
	}
	// Item ids, preferences, profile fields and listed newsletters are unique
	// across all tabs: each stands for one input and one DOM id on one page.
	tabIDs, itemIDs := c.ids(), c.ids()
	prefs, fields, listed := c.unique(), c.unique(), c.unique()
	reminders := 0
	for i, tab := range pc.Tabs {
		p := c.entry(fmt.Sprintf("%s.tabs[%d]", root, i), tab.ID)
		tabIDs.add(p+".id", tab.ID)
		c.text(p+".title", tab.Title)
		open := tab.AccessWithoutNewsletterSubscription
		if open == nil {
			c.fail(p+".accessWithoutNewsletterSubscription", "required (true or false)")
		}
		if len(tab.Items) == 0 {
			c.fail(p+".items", "required: at least one item")
		}
		for j, it := range tab.Items {
			ip := c.entry(fmt.Sprintf("%s.items[%d]", p, j), it.ID)
			itemIDs.add(ip+".id", it.ID)
			switch it.Type {
			case ItemNewsletters:
				// Someone without a newsletter must be able to subscribe to one.
				if open != nil && !*open {
					c.fail(p+".accessWithoutNewsletterSubscription", "must be true for a tab with newsletters")
				}
				c.optionalText(ip+".title", it.Title)
				c.optionalText(ip+".description", it.Description)
				if len(it.Keys) == 0 {
					c.fail(ip+".keys", "required: at least one newsletter key")
				}
				for k, key := range it.Keys {
					kp := fmt.Sprintf("%s.keys[%d]", ip, k)
					if _, ok := pc.Newsletters[key]; !ok {
						c.fail(kp, fmt.Sprintf("newsletter %q is not defined in preferenceCentre.newsletters", key))
					}
					listed.add(kp, key)
				}
			case ItemBooleanTile:
				c.preference(ip+".preference", it.Preference, prefs)
				c.text(ip+".title", it.Title)
				c.text(ip+".description", it.Description)
				c.picture(ip+".icon", it.Icon)
			case ItemRadioTile:
				c.preference(ip+".preference", it.Preference, prefs)
				c.text(ip+".title", it.Title)
				c.optionalText(ip+".description", it.Description)
				if it.Icon != "" {
					c.picture(ip+".icon", it.Icon)
				}
				if len(it.Options) < 2 {
					c.fail(ip+".options", "required: at least two options")
				}
				values := c.unique()
				for k, o := range it.Options {
					op := fmt.Sprintf("%s.options[%d]", ip, k)
					if o.Value == "" {
						c.fail(op+".value", "required")
					} else {
						values.add(op+".value", o.Value)
					}
					c.text(op+".label", o.Label)
				}
			case ItemProductReminders:
				// Reminder subscribers often have no newsletter at all.
				if open != nil && !*open {
					c.fail(p+".accessWithoutNewsletterSubscription", "must be true for a tab with product reminders")
				}
				c.optionalText(ip+".title", it.Title)
				c.optionalText(ip+".description", it.Description)
				reminders++
				if reminders > 1 {
					c.fail(ip+".type", "productReminders may appear only once")
				}
			case ItemProfileFields:
				c.optionalText(ip+".title", it.Title)
				c.optionalText(ip+".description", it.Description)
				if len(it.Fields) == 0 {
					c.fail(ip+".fields", "required: at least one field")
				}
				for k, f := range it.Fields {
					fp := fmt.Sprintf("%s.fields[%d]", ip, k)
					if !slices.Contains(ProfileFieldNames, f) {
						c.fail(fp, fmt.Sprintf("unknown profile field %q (known: %s)", f, strings.Join(ProfileFieldNames, ", ")))
						continue
					}
					fields.add(fp, f)
				}
			case ItemSeparator:
			case "":
				c.fail(ip+".type", "required")
			default:
				c.fail(ip+".type", fmt.Sprintf("unknown item type %q (known: %s)", it.Type,
					strings.Join([]string{ItemNewsletters, ItemBooleanTile, ItemRadioTile, ItemProductReminders, ItemProfileFields, ItemSeparator}, ", ")))
			}
		}
	}
}

func (c *checker) newsletter(p, key string, n Newsletter) {
	if !newsletterPattern.MatchString(key) {
		c.fail(p, fmt.Sprintf("newsletter key must match %s", newsletterPattern))
	}
	c.text(p+".name", n.Name)
	c.picture(p+".icon", n.Icon)
	c.text(p+".descriptions.short", n.Descriptions.Short)
	for i, l := range n.Descriptions.Long {
		c.text(fmt.Sprintf("%s.descriptions.long[%d]", p, i), l)
	}
	start, okStart := c.instant(p+".displayStart", n.DisplayStart)
	end, okEnd := c.instant(p+".displayEnd", n.DisplayEnd)
	if okStart && okEnd && !start.Before(end) {
		c.fail(p+".displayEnd", "must be after displayStart")
	}
}

// checker collects rule breaks with their paths, and the pictures a document names.
type checker struct {
	errs     []FieldError
	pictures []Picture
	// entries are the ids of the list entries, by path (simpleFooter.footerLinks[1] → "privacy").
	entries map[string]string
}

// Picture is a picture a document shows from the site: the field that names it, the id of its entry, and the
// addresses the app loads for it (the one named and its renditions).
type Picture struct {
	Path  string
	Entry string
	URLs  []string
}

func (c *checker) fail(path, msg string) {
	c.errs = append(c.errs, FieldError{Path: path, Entry: c.entryOf(path), Message: msg})
}

// entry records the id of the list entry at path (when it has one) and returns the path.
func (c *checker) entry(path, id string) string {
	if id != "" {
		c.entries[path] = id
	}
	return path
}

// entryOf is the id of the innermost entry a path is in; none for the entry's own id field, whose message
// names the value.
func (c *checker) entryOf(path string) string {
	for end := strings.LastIndexByte(path, ']'); end >= 0; end = strings.LastIndexByte(path[:end], ']') {
		if id, ok := c.entries[path[:end+1]]; ok {
			if path[end+1:] == ".id" {
				return ""
			}
			return id
		}
	}
	return ""
}

func (c *checker) list(path string, missing bool) {
	if missing {
		c.fail(path, "required (a list, may be empty)")
	}
}

// text requires a non-blank string of plain text.
func (c *checker) text(path, s string) {
	if strings.TrimSpace(s) == "" {
		c.fail(path, "required")
		return
	}
	c.optionalText(path, s)
}

// htmlTag finds markup in a text: a tag (<b>, </b>, <br/>), one with attributes (<a href=), a comment. A "<" before
// a space or a digit ("< 5 km", "<3 Tage") is text.
var htmlTag = regexp.MustCompile(`<(/?[A-Za-z][A-Za-z0-9-]*\s*/?>|[A-Za-z][A-Za-z0-9-]*\s+[^<>]*=|!--)`)

// optionalText allows an empty string; any other must be plain text. The apps show texts as written (React escapes
// them), so a <b> in the content reached the page as "<b>" (QA content round): safe, but broken-looking.
func (c *checker) optionalText(path, s string) {
	if tag := htmlTag.FindString(s); tag != "" {
		c.fail(path, fmt.Sprintf(`must be plain text: the apps show HTML as written, got %q (a "<" followed by a space, as in "< 5 km", is fine)`, tag))
	}
}

func (c *checker) image(path string, img Image) {
	c.picture(path+".src", img.Src)
	c.text(path+".alt", img.Alt)
}

// picture is a url that names a picture; one on the site is recorded with the addresses the app loads for it
// (all of widths, else src itself), for the check that each is a file (Library.Check).
func (c *checker) picture(path, src string, widths ...string) {
	before := len(c.errs)
	c.url(path, src)
	if len(c.errs) > before || !strings.HasPrefix(src, "/") {
		return
	}
	var urls []string
	if !strings.Contains(src, "{width}") { // else the address as written is a pattern, never loaded
		urls = append(urls, src)
	}
	for _, u := range widths {
		if !slices.Contains(urls, u) {
			urls = append(urls, u)
		}
	}
	c.pictures = append(c.pictures, Picture{Path: path, Entry: c.entryOf(path), URLs: urls})
}

// url requires an absolute https URL or a path on the same site. Anything
// else (javascript:, data:, http:, //host) could run script or leave the
// site unencrypted, and content is rendered straight into href and src.
func (c *checker) url(path, s string) {
	if s == "" {
		c.fail(path, "required")
		return
	}
	if msg := checkURL(s); msg != "" {
		c.fail(path, msg+", got "+fmt.Sprintf("%q", s))
	}
}

func checkURL(s string) string {
	const want = "must be an absolute https URL or a path starting with /"
	if strings.ContainsAny(s, "\\ \t\r\n") || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return want + " without spaces or backslashes"
	}
	if strings.HasPrefix(s, "/") {
		if strings.HasPrefix(s, "//") {
			return want + " (// leads to another host)"
		}
		if _, err := url.Parse(s); err != nil {
			return want
		}
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil {
		return want
	}
	return ""
}

// instant accepts a missing or null time and otherwise requires RFC 3339 with
// an offset, so every app reads the same instant whatever its time zone.
func (c *checker) instant(path string, s *string) (time.Time, bool) {
	if s == nil {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, *s)
	if err != nil {
		c.fail(path, fmt.Sprintf("must be an ISO 8601 date and time with offset, e.g. 2026-11-01T00:00:00+01:00, or null; got %q", *s))
		return time.Time{}, false
	}
	return t, true
}

func (c *checker) preference(path, key string, seen *idSet) {
	if !preferencePattern.MatchString(key) {
		c.fail(path, fmt.Sprintf("must match %s, got %q", preferencePattern, key))
		return
	}
	seen.add(path, key)
}

// ids returns a set of ids: required, lower-case kebab case (the apps use
// them as anchors and DOM ids) and unique.
func (c *checker) ids() *idSet {
	return &idSet{c: c, seen: map[string]string{}, isID: true}
}

// unique returns a set that reports values already used.
func (c *checker) unique() *idSet {
	return &idSet{c: c, seen: map[string]string{}}
}

type idSet struct {
	c    *checker
	seen map[string]string // value → path of its first use
	isID bool
}

// add records a value, reporting it when it breaks the set's rules.
func (s *idSet) add(path, v string) {
	if s.isID {
		if v == "" {
			s.c.fail(path, "required")
			return
		}
		if !idPattern.MatchString(v) {
			s.c.fail(path, fmt.Sprintf("must be lower-case letters, digits and single hyphens (e.g. cookie-settings), got %q", v))
			return
		}
	}
	if first, dup := s.seen[v]; dup {
		s.c.fail(path, fmt.Sprintf("duplicate %q (first used at %s)", v, first))
		return
	}
	s.seen[v] = path
}
