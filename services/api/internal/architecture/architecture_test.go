// Package architecture holds the test that keeps the service's layers apart (STYLE.md rule 1): the
// configuration is read only where the service is put together, and echo only where HTTP is spoken.
package architecture_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "github.com/grocer-portal/portal/services/api"

// The two dependencies the rule is about.
const (
	configPackage = "internal/config"
	echoModule    = "github.com/labstack/echo/"
)

// compositionRoots build the service from the configuration; they may import anything.
var compositionRoots = map[string]string{
	"cmd/portal":       "the binary: flags, configuration, subcommands",
	"internal/app":     "the composition root: each package's settings from the configuration (settings.go), the wiring",
	"internal/apitest": "the composition root of handler tests (the real router on a temporary database)",
}

// httpEdges speak HTTP and may import echo; of them only httpapi's wiring reads the configuration.
var httpEdges = map[string]string{
	"internal/httpapi":                   "the REST contract, CMS, static hosting, security headers; reads config for them",
	"internal/httpapi/restapi":           "the generated echo server interface of openapi.yaml",
	"internal/identity/identityapi":      "the embedded provider's accounts.* API and links",
	"internal/identity/socialapi":        "the social login's start and callback endpoints",
	"internal/maillink":                  "mail links' GET lands on their page, the page's POST confirms (for the edges above)",
	"internal/formbody":                  "the request bodies' rule: media types, a form's parameters (for httpapi and maillink)",
	"internal/identity/social/devissuer": "development stand-in for an external OpenID provider: an HTTP server by nature",
	"internal/devclock":                  "development clock and its /dev/clock endpoint",
	"internal/qamode":                    "QA mode (outside production): scenario file, /dev/qa panel",
	"internal/ssoapi":                    "single sign-on's OpenID Connect endpoints and the hand-over to the portal's pages",
	"cmd/loadgen":                        "make bench's load generator and its ceiling, a bare echo handler to measure the service against",
}

// configReaders may import internal/config besides the composition roots.
var configReaders = map[string]bool{"internal/httpapi": true}

// Every other package (domain and platform: identity, embedded, social, cdc, subscribers, reminders, stores,
// mail, content, region, webapp, database, logging ...) receives its own settings type and imports neither,
// not even through another package.
func TestLayers(t *testing.T) {
	graph := moduleImports(t)
	require.Contains(t, graph, "internal/identity/social", "the walk found the module's packages")
	require.Greater(t, len(graph), 25)
	for pkg := range compositionRoots {
		require.Contains(t, graph, pkg, "a composition root named here no longer exists")
	}
	for pkg := range httpEdges {
		require.Contains(t, graph, pkg, "an HTTP edge named here no longer exists")
	}
	require.Empty(t, violations(graph))
}

// TestLayersCatchesViolations shows the check failing on the imports it forbids.
func TestLayersCatchesViolations(t *testing.T) {
	graph := map[string][]string{
		"internal/identity/social":           {"internal/identity/social/devissuer"},
		"internal/identity/social/devissuer": {echoModule + "v4", configPackage},
		"internal/subscribers":               {configPackage},
		"internal/stores":                    {"internal/database"},
		"internal/database":                  {},
		"internal/httpapi":                   {configPackage, echoModule + "v4"},
		configPackage:                        {},
	}
	require.Equal(t, []string{
		"internal/identity/social imports echo (through internal/identity/social/devissuer)",
		"internal/identity/social imports internal/config (through internal/identity/social/devissuer)",
		"internal/identity/social/devissuer imports internal/config",
		"internal/subscribers imports internal/config",
	}, violations(graph))
}

// violations lists each package that reaches config or echo without being allowed to.
func violations(graph map[string][]string) []string {
	var out []string
	for pkg := range graph {
		if _, ok := compositionRoots[pkg]; ok || pkg == configPackage {
			continue
		}
		_, edge := httpEdges[pkg]
		if !configReaders[pkg] {
			if via, ok := reaches(graph, pkg, func(p string) bool { return p == configPackage }); ok {
				out = append(out, describe(pkg, "internal/config", via))
			}
		}
		if !edge {
			if via, ok := reaches(graph, pkg, func(p string) bool { return strings.HasPrefix(p, echoModule) }); ok {
				out = append(out, describe(pkg, "echo", via))
			}
		}
	}
	sort.Strings(out)
	return out
}

func describe(pkg, what, via string) string {
	if via == "" {
		return pkg + " imports " + what
	}
	return pkg + " imports " + what + " (through " + via + ")"
}

// reaches walks pkg's imports depth-first; via is the first package of the module on the path ("" when pkg
// imports the target itself).
func reaches(graph map[string][]string, pkg string, target func(string) bool) (via string, found bool) {
	seen := map[string]bool{pkg: true}
	var walk func(p string) bool
	walk = func(p string) bool {
		for _, imp := range graph[p] {
			if target(imp) {
				return true
			}
			if _, inModule := graph[imp]; inModule && !seen[imp] {
				seen[imp] = true
				if walk(imp) {
					return true
				}
			}
		}
		return false
	}
	for _, imp := range graph[pkg] {
		if target(imp) {
			return "", true
		}
	}
	for _, imp := range graph[pkg] {
		if _, inModule := graph[imp]; inModule && !seen[imp] {
			seen[imp] = true
			if walk(imp) {
				return imp, true
			}
		}
	}
	return "", false
}

// moduleImports reads the import lines of every non-test Go file of the module: package (relative to the
// module root) -> imports, module packages relative too. Tests may wire what they like; the rule is about the
// code that ships.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(root, "go.mod"))
	require.NoError(t, err, "the module root is two folders up")

	graph := map[string][]string{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		imports := graph[pkg]
		for _, spec := range f.Imports {
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			if p == module || strings.HasPrefix(p, module+"/") {
				p = strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
			}
			if !slices.Contains(imports, p) {
				imports = append(imports, p)
			}
		}
		graph[pkg] = imports
		return nil
	})
	require.NoError(t, err)
	return graph
}
