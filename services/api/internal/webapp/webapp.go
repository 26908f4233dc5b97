// Package webapp serves the two built single-page apps (account portal and
// preference centre) from an fs.FS: it decides which app owns a request, maps
// the path to a file or the app's index.html, and says how long it may be cached.
package webapp

import (
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
}

// Hosts binds apps to host names; an empty host means the app shares any host.
type Hosts struct {
	AccountPortal    string
	PreferenceCentre string
}

// Site holds both apps in memory.
type Site struct {
	hosts Hosts
	apps  map[App]*bundle
}

type bundle struct {
	files map[string]Asset // path relative to the app folder
	// folders are the top-level folders of the build (assets/, images/): a path in one names a file, never a page.
	folders map[string]bool
	index   *Asset
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
	b := &bundle{files: map[string]Asset{}, folders: map[string]bool{}}
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
	if idx, ok := b.files["index.html"]; ok {
		b.index = &idx
	}
	return b, nil
}

// AddToHead puts an HTML snippet at the end of the head of both apps' index.html (the retailer's consent manager,
// see package thirdparty); an empty snippet changes nothing. Call it once, before serving.
func (s *Site) AddToHead(snippet string) {
	if snippet == "" {
		return
	}
	for _, b := range s.apps {
		if b.index == nil {
			continue
		}
		body := string(b.index.Body)
		at := strings.Index(strings.ToLower(body), "</head>")
		if at < 0 {
			continue
		}
		idx := *b.index
		idx.Body = []byte(body[:at] + snippet + body[at:])
		sum := sha256.Sum256(idx.Body)
		idx.ETag = `"` + hex.EncodeToString(sum[:16]) + `"`
		b.index = &idx
		b.files["index.html"] = idx
	}
}

// Built reports whether an app's index.html was found.
func (s *Site) Built(app App) bool {
	return s.apps[app].index != nil
}

// Resolve picks the app for a request's Host header and path and returns the
// file to send: the file itself, or the app's index.html for client-side
// routes (history fallback). A missing file under an assets folder is
// ErrNotFound, so a browser never receives HTML for a script.
func (s *Site) Resolve(host, urlPath string) (Asset, App, error) {
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
	return *b.index, app, nil
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
