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
	"strings"
	"time"
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
	Path    string
	Message string
}

// Error implements error as "path: message".
func (e FieldError) Error() string {
	if e.Path == "" {
		return e.Message
	}
	return e.Path + ": " + e.Message
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

// Decode parses one document and checks it against the content schema. A
// broken document gives a *SchemaError naming each JSON path at fault.
func Decode(raw []byte) (Model, error) {
	var sections map[string]json.RawMessage
	if err := json.Unmarshal(raw, &sections); err != nil || sections == nil {
		if err == nil {
			err = errors.New("null")
		}
		return Model{}, fmt.Errorf("not a valid JSON object: %w", err)
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
	c := &checker{}
	c.image("header.logo", m.Header.Logo)
	c.url("header.homeUrl", m.Header.HomeURL)
	c.text("footer.copyright", m.Footer.Copyright)

	c.list("simpleFooter.footerLinks", m.SimpleFooter.FooterLinks == nil)
	ids := c.ids()
	for i, l := range m.SimpleFooter.FooterLinks {
		p := fmt.Sprintf("simpleFooter.footerLinks[%d]", i)
		ids.add(p+".id", l.ID)
		c.text(p+".label", l.Label)
		c.url(p+".url", l.URL)
	}

	if bar := m.SocialMediaBar; bar != nil {
		c.list("socialmediabar.items", bar.Items == nil)
		ids := c.ids()
		for i, it := range bar.Items {
			p := fmt.Sprintf("socialmediabar.items[%d]", i)
			ids.add(p+".id", it.ID)
			c.text(p+".label", it.Label)
			c.url(p+".url", it.URL)
			c.url(p+".icon", it.Icon)
		}
	}

	c.list("components.accountPage.accountLinks", m.Components.AccountPage.AccountLinks == nil)
	ids = c.ids()
	for i, l := range m.Components.AccountPage.AccountLinks {
		p := fmt.Sprintf("components.accountPage.accountLinks[%d]", i)
		ids.add(p+".id", l.ID)
		c.url(p+".url", l.URL)
		c.text(p+".label", l.Label)
		c.text(p+".description", l.Description)
		if l.Image != nil {
			c.url(p+".image.src", l.Image.Src)
		}
	}

	if sso := m.Components.SsoClientsOverview; sso != nil {
		c.list("components.SsoClientsOverview.items", sso.Items == nil)
		ids := c.ids()
		for i, it := range sso.Items {
			p := fmt.Sprintf("components.SsoClientsOverview.items[%d]", i)
			ids.add(p+".id", it.ID)
			c.url(p+".image", it.Image)
			c.text(p+".buttonlabel", it.ButtonLabel)
			c.text(p+".label", it.Label)
			c.text(p+".description", it.Description)
			c.url(p+".url", it.URL)
		}
	}

	if pc := m.PreferenceCentre; pc != nil {
		c.preferenceCentre(pc)
	}
	if len(c.errs) > 0 {
		return &SchemaError{c.errs}
	}
	return nil
}

func (c *checker) preferenceCentre(pc *PreferenceCentre) {
	const root = "preferenceCentre"
	if h := pc.Home; h != nil {
		c.text(root+".home.greetingPrefix", h.GreetingPrefix)
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
		p := fmt.Sprintf("%s.tabs[%d]", root, i)
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
			ip := fmt.Sprintf("%s.items[%d]", p, j)
			itemIDs.add(ip+".id", it.ID)
			switch it.Type {
			case ItemNewsletters:
				// Someone without a newsletter must be able to subscribe to one.
				if open != nil && !*open {
					c.fail(p+".accessWithoutNewsletterSubscription", "must be true for a tab with newsletters")
				}
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
				c.url(ip+".icon", it.Icon)
			case ItemRadioTile:
				c.preference(ip+".preference", it.Preference, prefs)
				c.text(ip+".title", it.Title)
				if it.Icon != "" {
					c.url(ip+".icon", it.Icon)
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
				reminders++
				if reminders > 1 {
					c.fail(ip+".type", "productReminders may appear only once")
				}
			case ItemProfileFields:
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
	c.url(p+".icon", n.Icon)
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

// checker collects rule breaks with their paths.
type checker struct {
	errs []FieldError
}

func (c *checker) fail(path, msg string) {
	c.errs = append(c.errs, FieldError{Path: path, Message: msg})
}

func (c *checker) list(path string, missing bool) {
	if missing {
		c.fail(path, "required (a list, may be empty)")
	}
}

// text requires a non-blank string.
func (c *checker) text(path, s string) {
	if strings.TrimSpace(s) == "" {
		c.fail(path, "required")
	}
}

func (c *checker) image(path string, img Image) {
	c.url(path+".src", img.Src)
	c.text(path+".alt", img.Alt)
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
