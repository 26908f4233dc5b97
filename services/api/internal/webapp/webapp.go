// Package webapp serves the two built single-page apps (account portal and
// preference centre) from an fs.FS: it decides which app owns a request, maps
// the path to a file or the app's index.html, and says how long it may be cached.
package webapp

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net"
	"path"
	"regexp"
	"slices"
	"strings"
)

// The build copies each app's Vite output to dist/<app>/ before go build;
// "all:" keeps files whose names start with "." or "_".
//
//go:embed all:dist
var dist embed.FS

// The files browsers and crawlers ask for at the root of a host without being told, whatever the apps ship:
// robots.txt per app (root/<app>/), favicon.ico and the iOS touch icons for both (root/shared/, drawn by ./gen).
//
//go:embed root
var rootFiles embed.FS

// touchIconAliases are the other names iOS and crawlers try for the touch icon.
var touchIconAliases = []string{"apple-touch-icon-precomposed.png", "apple-touch-icon-180x180.png"}

// App names one of the two front ends; it is also its folder under dist/.
type App string

// The two apps.
const (
	AccountPortal    App = "account-portal"
	PreferenceCentre App = "preference-centre"
)

// PreferenceCentreBase is the Vite base path of the preference centre.
const PreferenceCentreBase = "/preferences"

var (
	// ErrNotFound means no app serves the path on this host, or an asset is missing.
	ErrNotFound = errors.New("webapp: not found")
	// ErrNotBuilt means the app's files were not embedded (no index.html).
	ErrNotBuilt = errors.New("webapp: app not built")
)

// OtherHostError means the path belongs to the app bound to another host: a preference centre link built on the
// public URL, or typed on the account portal's host, goes to apps.preferenceCentre.host; an account page asked of
// the centre's host (a shopper shortening a link to the host's root or /login) goes to apps.accountPortal.host.
type OtherHostError struct{ Host string }

func (e *OtherHostError) Error() string { return "webapp: served on " + e.Host }

// Cache policies.
const (
	CacheImmutable  = "public, max-age=31536000, immutable"
	CacheRevalidate = "no-cache"
	// CacheImageVariant is for the raster renditions of the shared pictures (images/NAME-286w.png): each is
	// rendered once from its SVG and only changes with a new picture, so browsers keep it for 30 days and
	// revalidate in the background for a week more.
	CacheImageVariant = "public, max-age=2592000, stale-while-revalidate=604800"
	// CacheRootFile is for robots.txt, favicon.ico and the touch icons.
	CacheRootFile = "public, max-age=86400"
)

// imageVariant matches the raster renditions tools/images/render-variants.mjs writes.
var imageVariant = regexp.MustCompile(`(^|/)images/[a-z0-9-]+-[0-9]+w\.(png|webp|avif)$`)

// Asset is a file ready to send.
type Asset struct {
	Body         []byte
	ContentType  string
	CacheControl string
	// ETag is a strong validator derived from the body.
	ETag string
	// Brotli is the body compressed by the build (a `.br` file beside it), for browsers that accept br: some 15 %
	// smaller than gzip for the apps' code. Nil when the build made none.
	Brotli []byte
	// Vary names the request headers besides the URL that chose this answer: an app's page on a site of several
	// languages is in the one the cookie or the browser's languages pick. Empty for a file.
	Vary string
}

// varyLanguage are the headers a page's language follows besides its URL (?lang=): the remembered language's cookie
// and the browser's languages.
const varyLanguage = "Accept-Language, Cookie"

// Hosts binds apps to host names; an empty host means the app shares any host.
type Hosts struct {
	AccountPortal    string
	PreferenceCentre string
}

// Site holds both apps in memory.
type Site struct {
	hosts Hosts
	apps  map[App]*bundle
	// head is what AddToHead puts at the end of every page's head.
	head string
	// languages are the site's languages as tags (nl-BE), defaultLanguage the one a page shows when nothing else
	// decides (Localize).
	languages       []string
	defaultLanguage string
}

type bundle struct {
	files map[string]Asset // path relative to the app folder
	// folders are the top-level folders of the build (assets/, images/): a path in one names a file, never a page.
	folders map[string]bool
	// built is the app's index.html as the build wrote it, in German; translations are the same page in each other
	// language the apps ship texts for (index.nl.html), by base language.
	built        []byte
	translations map[string]translation
	// index is the page sent when the site names no languages; pages are the page in each of the site's languages.
	index *Asset
	pages map[string]Asset
	// root are the well-known files answered at the root of the app's host (robots.txt, favicon.ico, ...) when the
	// app's own build has no file of that name.
	root map[string]Asset
}

// Embedded returns the app files compiled into the binary.
func Embedded() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed directive guarantees the folder
	}
	return sub
}

// New loads both apps from fsys, which holds account-portal/ and
// preference-centre/ folders; a missing folder means that app was not built.
func New(fsys fs.FS, hosts Hosts) (*Site, error) {
	s := &Site{hosts: Hosts{
		AccountPortal:    strings.ToLower(hosts.AccountPortal),
		PreferenceCentre: strings.ToLower(hosts.PreferenceCentre),
	}, apps: map[App]*bundle{}}
	for _, app := range []App{AccountPortal, PreferenceCentre} {
		b, err := loadBundle(fsys, string(app))
		if err != nil {
			return nil, err
		}
		if b.root, err = loadRootFiles(app); err != nil {
			return nil, err
		}
		s.apps[app] = b
	}
	s.render()
	return s, nil
}

// loadRootFiles reads the shared root files and the app's own (an app's file wins over a shared one).
func loadRootFiles(app App) (map[string]Asset, error) {
	out := map[string]Asset{}
	for _, dir := range []string{"root/shared", "root/" + string(app)} {
		entries, err := fs.ReadDir(rootFiles, dir)
		if err != nil {
			return nil, fmt.Errorf("webapp: root files: %w", err)
		}
		for _, e := range entries {
			body, err := fs.ReadFile(rootFiles, dir+"/"+e.Name())
			if err != nil {
				return nil, err
			}
			sum := sha256.Sum256(body)
			// A day: these change with a release at most, and a stale icon or robots.txt for a day harms nobody.
			out[e.Name()] = Asset{Body: body, ContentType: contentType(e.Name()), CacheControl: CacheRootFile,
				ETag: `"` + hex.EncodeToString(sum[:16]) + `"`}
		}
	}
	if icon, ok := out["apple-touch-icon.png"]; ok {
		for _, alias := range touchIconAliases {
			out[alias] = icon
		}
	}
	return out, nil
}

func loadBundle(fsys fs.FS, dir string) (*bundle, error) {
	b := &bundle{files: map[string]Asset{}, folders: map[string]bool{}, translations: map[string]translation{}}
	brotli := map[string][]byte{}
	if _, err := fs.Stat(fsys, dir); errors.Is(err, fs.ErrNotExist) {
		return b, nil
	}
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, dir+"/")
		// A compressed copy is served with its file, never at an address of its own.
		if original, ok := strings.CutSuffix(name, ".br"); ok {
			brotli[original] = body
			return nil
		}
		// The page is sent in the visitor's language (Resolve), never as a file.
		if name == "index.html" {
			b.built = body
			return nil
		}
		if m := translationFile.FindStringSubmatch(name); m != nil {
			t, err := translationOf(body)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			b.translations[m[1]] = t
			return nil
		}
		if folder, _, nested := strings.Cut(name, "/"); nested {
			b.folders[folder] = true
		}
		sum := sha256.Sum256(body)
		cache := CacheRevalidate
		// Vite puts content-hashed files under assets/: their URL changes with
		// their content, so browsers may keep them forever.
		if strings.HasPrefix(name, "assets/") {
			cache = CacheImmutable
		} else if imageVariant.MatchString(name) {
			cache = CacheImageVariant
		}
		b.files[name] = Asset{
			Body:         body,
			ContentType:  contentType(name),
			CacheControl: cache,
			ETag:         `"` + hex.EncodeToString(sum[:16]) + `"`,
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("webapp: load %s: %w", dir, err)
	}
	for name, body := range brotli {
		if a, ok := b.files[name]; ok {
			a.Brotli = body
			b.files[name] = a
		}
	}
	return b, nil
}

// AddToHead puts an HTML snippet at the end of the head of both apps' pages, in every language (the retailer's
// consent manager, see package thirdparty); an empty snippet changes nothing. Call it once, before serving.
func (s *Site) AddToHead(snippet string) {
	s.head = snippet
	s.render()
}

// Localize makes each app's page in each of the site's languages (metadata.locales, de_DE), and names the one a
// page shows when the request names none the site offers (metadata.defaultLocale). Call it once, before serving:
// the pages are made here, not for each request.
func (s *Site) Localize(locales []string, defaultLocale string) {
	s.languages = nil
	for _, locale := range locales {
		if tag := languageTag(locale); tag != "" {
			s.languages = append(s.languages, tag)
		}
	}
	s.defaultLanguage = cmp.Or(languageTag(defaultLocale), defaultLocale)
	s.render()
}

// render makes the pages of both apps from their builds, the site's languages and the head snippet.
func (s *Site) render() {
	vary := ""
	if len(s.languages) > 1 {
		vary = varyLanguage
	}
	for _, b := range s.apps {
		if b.built == nil {
			continue
		}
		index := pageAsset(b.built, s.head, vary)
		b.index = &index
		b.pages = make(map[string]Asset, len(s.languages))
		for _, tag := range s.languages {
			// A language the apps ship no texts in shows German (their last fallback), and the page says so.
			b.pages[tag] = index
			if t, ok := b.translations[baseLanguage(tag)]; ok {
				b.pages[tag] = pageAsset(t.in(tag), s.head, vary)
			}
		}
	}
}

// pageAsset is a page with the head snippet at the end of its head.
func pageAsset(body []byte, head, vary string) Asset {
	if at := bytes.Index(bytes.ToLower(body), []byte("</head>")); at >= 0 && head != "" {
		body = slices.Concat(body[:at], []byte(head), body[at:])
	}
	sum := sha256.Sum256(body)
	return Asset{Body: body, ContentType: contentType("index.html"), CacheControl: CacheRevalidate,
		ETag: `"` + hex.EncodeToString(sum[:16]) + `"`, Vary: vary}
}

// translationFile names an app's page in another language, as the build writes it (tools/vite/html-texts.ts).
var translationFile = regexp.MustCompile(`^index\.([a-z]{2,3})\.html$`)

// htmlLang is the page's language attribute, which names the base language in the build's file.
var htmlLang = regexp.MustCompile(`<html lang="[^"]*">`)

// translation is the page in one language, split where its lang attribute goes, which names the site's language
// (nl-BE) rather than the base language the build knows (nl).
type translation struct{ beforeLang, afterLang []byte }

func translationOf(body []byte) (translation, error) {
	found := htmlLang.FindAllIndex(body, -1)
	if len(found) != 1 {
		return translation{}, fmt.Errorf("webapp: %d elements <html lang=\"…\">, not one", len(found))
	}
	start, end := found[0][0], found[0][1]
	return translation{beforeLang: slices.Clone(body[:start]), afterLang: slices.Clone(body[end:])}, nil
}

// in is the page with the language tag in its lang attribute.
func (t translation) in(tag string) []byte {
	return slices.Concat(t.beforeLang, []byte(`<html lang="`+tag+`">`), t.afterLang)
}

// page is the app's page in the language the visitor's page will show.
func (s *Site) page(b *bundle, v Visitor) Asset {
	if len(b.pages) > 0 {
		if p, ok := b.pages[detectLanguage(s.languages, s.defaultLanguage, v)]; ok {
			return p
		}
	}
	return *b.index
}

// Built reports whether an app's index.html was found.
func (s *Site) Built(app App) bool {
	return s.apps[app].index != nil
}

// Resolve picks the app for a request's Host header and path and returns the
// file to send: the file itself, or the app's page for client-side routes
// (history fallback), in the language the visitor's page will show. A missing
// file under an assets folder is ErrNotFound, so a browser never receives HTML
// for a script.
func (s *Site) Resolve(host, urlPath string, v Visitor) (Asset, App, error) {
	clean := path.Clean("/" + urlPath)
	if centre := s.hosts.PreferenceCentre; centre != "" && hostname(host) != centre && isPreferenceCentrePath(clean) {
		return Asset{}, "", &OtherHostError{Host: centre}
	}
	app, ok := s.appFor(hostname(host), clean)
	if !ok {
		// Only an account portal bound to a host of its own is missing here. Its page asked on another host (mail
		// links name http.publicUrl, which may be a third host) opens on its own host; a file there is not found.
		if isPagePath(clean) {
			return Asset{}, "", &OtherHostError{Host: s.hosts.AccountPortal}
		}
		return Asset{}, "", ErrNotFound
	}
	b := s.apps[app]
	if b.index == nil {
		return Asset{}, app, fmt.Errorf("%w: %s", ErrNotBuilt, app)
	}
	name := clean
	if app == PreferenceCentre && (name == PreferenceCentreBase || strings.HasPrefix(name, PreferenceCentreBase+"/")) {
		name = strings.TrimPrefix(name, PreferenceCentreBase)
	}
	name = strings.TrimPrefix(name, "/")
	if name == "index.html" {
		return s.page(b, v), app, nil
	}
	if a, ok := b.files[name]; ok {
		return a, app, nil
	}
	// The host's root: robots.txt and the icons are answered as themselves; any other file name there
	// (/sitemap.xml, /ads.txt, /wp-login.php) and anything under /.well-known/ is not found, never a page.
	atHostRoot := clean == "/"+name
	if atHostRoot && !strings.Contains(name, "/") {
		if a, ok := b.root[name]; ok {
			return a, app, nil
		}
		if strings.Contains(name, ".") {
			return Asset{}, app, ErrNotFound
		}
	}
	if inAssetsFolder(name) || name == ".well-known" || strings.HasPrefix(name, ".well-known/") {
		return Asset{}, app, ErrNotFound
	}
	// A path in one of the build's folders (/images/, the pictures both apps copy from libs/ui/assets) names a
	// file: a missing one answered the app's page with 200, which the CMS content's broken picture showed as
	// nothing (QA content round). No route of either app starts with a folder of its build.
	if folder, _, nested := strings.Cut(name, "/"); nested && b.folders[folder] {
		return Asset{}, app, ErrNotFound
	}
	// Under the centre a file name that is none of its files is not found either, as at the root (QA operator round:
	// /preferences/robots.txt, favicon.ico, x.png and foo.js answered the centre's page). Its routes carry a link's
	// JWT, dots and all, so a dot alone does not make a file name here: a file type's ending does (namesAFile).
	if app == PreferenceCentre && namesAFile(path.Base(clean)) {
		return Asset{}, app, ErrNotFound
	}
	if s.accountPageOnCentreHost(hostname(host), clean) {
		return Asset{}, "", &OtherHostError{Host: s.hosts.AccountPortal}
	}
	return s.page(b, v), app, nil
}

// probedEndings are the endings of the server scripts and files that scanners ask for, beside the types the apps'
// builds hold (contentTypes).
var probedEndings = []string{".php", ".asp", ".aspx", ".jsp", ".cgi", ".env", ".bak", ".sql", ".zip"}

// namesAFile: the name ends in a file type the site serves or scanners probe for (robots.txt, x.png, wp-login.php).
// A JWT's last part, after its second dot, is a signature and no such ending.
func namesAFile(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	_, served := contentTypes[ext]
	return served || slices.Contains(probedEndings, ext)
}

// Serves reports whether a site path (as the CMS content names a picture: /images/tile-organic.svg) is a file of
// every built app, the one it is asked of depending on the host: true when no app is built. Content may name
// files only, never a page.
func (s *Site) Serves(urlPath string) bool {
	clean := path.Clean("/" + urlPath)
	name := strings.TrimPrefix(clean, "/")
	for _, b := range s.apps {
		if b.index == nil {
			continue
		}
		_, file := b.files[name]
		_, root := b.root[name]
		if !file && !(root && !strings.Contains(name, "/")) {
			return false
		}
	}
	return true
}

// appFor applies host binding first, then the shared-host path rules.
func (s *Site) appFor(host, clean string) (App, bool) {
	if s.hosts.PreferenceCentre != "" && host == s.hosts.PreferenceCentre {
		return PreferenceCentre, true
	}
	if s.hosts.AccountPortal != "" && host == s.hosts.AccountPortal {
		return AccountPortal, true
	}
	app, bound := AccountPortal, s.hosts.AccountPortal
	if isPreferenceCentrePath(clean) {
		app, bound = PreferenceCentre, s.hosts.PreferenceCentre
	}
	// An app bound to its own host is not served on any other.
	if bound != "" {
		return "", false
	}
	return app, true
}

// accountPageOnCentreHost: with both apps on hosts of their own, a page path on the centre's host that the centre
// has no route for (its own error pages aside) is one of the account portal's.
func (s *Site) accountPageOnCentreHost(host, clean string) bool {
	centre, account := s.hosts.PreferenceCentre, s.hosts.AccountPortal
	if centre == "" || account == "" || centre == account || host != centre {
		return false
	}
	return !isPreferenceCentrePath(clean) && !strings.HasPrefix(clean, "/error/")
}

// isPreferenceCentrePath: the preference centre's paths on a shared host.
func isPreferenceCentrePath(clean string) bool {
	return clean == PreferenceCentreBase || strings.HasPrefix(clean, PreferenceCentreBase+"/") || clean == "/unsubscribe-success"
}

// isPagePath: a path the history fallback would answer with a page (no file name, no assets or .well-known).
func isPagePath(clean string) bool {
	name := strings.TrimPrefix(clean, "/")
	return !inAssetsFolder(name) && !strings.Contains(path.Base(clean), ".") && name != ".well-known" && !strings.HasPrefix(name, ".well-known/")
}

func inAssetsFolder(name string) bool {
	return strings.HasPrefix(name, "assets/") || strings.Contains(name, "/assets/")
}

// hostname drops the port and case from a Host header.
func hostname(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return strings.ToLower(strings.TrimSuffix(host, "."))
}

// contentTypes pins the types that matter to browsers, independent of the
// machine's mime.types.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".ico":         "image/x-icon",
	".woff":        "font/woff",
	".woff2":       "font/woff2",
	".ttf":         "font/ttf",
	".txt":         "text/plain; charset=utf-8",
	".xml":         "application/xml",
	".wasm":        "application/wasm",
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		return ct
	}
	return "application/octet-stream"
}
