package content_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/content"
)

// kubeletStamp is the hidden folder the kubelet writes a volume's files into; ..data links to it.
const kubeletStamp = "..2026_11_30_01_02_03.123456789"

// mountVolume lays files out in dir as the kubelet does a ConfigMap, Secret or projected volume: the files in a
// timestamped hidden folder, ..data a link to it, and each name at the top a link through ..data, to a file (a
// ConfigMap's key) or to a folder (a projected volume's items[].path such as portal/de_DE.json).
func mountVolume(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	top := map[string]bool{}
	for name, body := range files {
		p := filepath.Join(dir, kubeletStamp, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		first, _, _ := strings.Cut(name, "/")
		top[first] = true
	}
	require.NoError(t, os.Symlink(kubeletStamp, filepath.Join(dir, "..data")))
	for name := range top {
		require.NoError(t, os.Symlink(filepath.Join("..data", name), filepath.Join(dir, name)))
	}
}

// withHomeURL is a valid document told apart from the embedded ones by its header's homeUrl.
func withHomeURL(url string) string {
	return strings.Replace(minimal, `"homeUrl": "/"`, `"homeUrl": "`+url+`"`, 1)
}

// TestLoadWithDirReadsAKubernetesVolume: operators on Kubernetes mount content.dir from a ConfigMap or a projected
// volume, whose visible names are symbolic links through ..data into a hidden folder; the documents behind the
// links are read once each, under the names the operator gave them, and the kubelet's own entries are no content.
func TestLoadWithDirReadsAKubernetesVolume(t *testing.T) {
	t.Run("ConfigMap", func(t *testing.T) {
		dir := t.TempDir()
		mountVolume(t, dir, map[string]string{"default.json": withHomeURL("/cm"), "README.md": "notes"})
		lib, err := content.LoadWithDir(dir)
		require.NoError(t, err)
		require.Contains(t, string(lib.Default().Body), `"homeUrl":"/cm"`)
		require.Equal(t, []string{"default.json"}, lib.Overlaid())
		require.Equal(t, []string{"README.md"}, lib.Ignored())
	})
	t.Run("projected volume with folders", func(t *testing.T) {
		dir := t.TempDir()
		mountVolume(t, dir, map[string]string{
			"default.json":      withHomeURL("/default"),
			"portal/de_DE.json": withHomeURL("/portal-de"),
			"shop/fr_FR.json":   withHomeURL("/shop-fr"),
		})
		lib, err := content.LoadWithDir(dir)
		require.NoError(t, err)
		require.Equal(t, []string{"default.json", "portal/de_DE.json", "shop/fr_FR.json"}, lib.Overlaid())
		require.Empty(t, lib.Ignored(), "..data and the timestamped folder are the kubelet's, not content")
		de, err := lib.Document("portal", "de_DE")
		require.NoError(t, err)
		require.Contains(t, string(de.Body), `"homeUrl":"/portal-de"`)
		fr, err := lib.Document("shop", "fr_FR")
		require.NoError(t, err)
		require.Contains(t, string(fr.Body), `"homeUrl":"/shop-fr"`)
		_, err = lib.Document("portal", "en_GB")
		require.NoError(t, err, "the embedded documents the volume does not replace stay")
	})
	t.Run("a ConfigMap mounted at a content set's folder", func(t *testing.T) {
		dir := t.TempDir()
		mountVolume(t, dir, map[string]string{"default.json": withHomeURL("/default")})
		// A second volumeMount at content.dir/portal: a real folder (the mount point) with its own ..data.
		require.NoError(t, os.Mkdir(filepath.Join(dir, "portal"), 0o755))
		mountVolume(t, filepath.Join(dir, "portal"), map[string]string{"de_DE.json": withHomeURL("/portal-de"), "nl_NL.json": withHomeURL("/portal-nl")})
		lib, err := content.LoadWithDir(dir)
		require.NoError(t, err)
		require.Equal(t, []string{"default.json", "portal/de_DE.json", "portal/nl_NL.json"}, lib.Overlaid())
		require.Empty(t, lib.Ignored())
	})
	t.Run("the start-up checks name the files by their mounted names", func(t *testing.T) {
		dir := t.TempDir()
		mountVolume(t, dir, map[string]string{
			"default.json":       minimal,
			"portal/de_DE.json":  strings.Replace(minimal, `"© Test"`, "\"\xA9 Gr\xF6\xDFe\"", 1),
			"portal/en_GB.json":  strings.Replace(minimal, `"homeUrl": "/"`, `"homeUrl": "/", "logo": {"src": "/x.svg", "alt": "X"}`, 1),
			"portal/fr_FR.JSON":  minimal,
			"portal/german.json": minimal,
		})
		_, err := content.LoadWithDir(dir)
		require.ErrorIs(t, err, content.ErrInvalid)
		require.EqualError(t, err, strings.Join([]string{
			"content: portal/de_DE.json: line 3, column 27: not UTF-8 (saved as Windows-1252 or Latin-1?): save the file as UTF-8",
			"content: portal/en_GB.json: header.logo: key given twice (again at line 2, column 74): JSON keeps only the last",
			"content: portal/fr_FR.JSON: not read: content documents are named default.json or <cmsId>/<language>.json, ending in .json in lower case",
			"content: portal/german.json: expected default.json or <cmsId>/<language>.json (e.g. portal/de_DE.json)",
		}, "\n"))
	})
}

// TestLoadWithDirRefusesLinksItCannotFollow: a link is followed within content.dir only, and one that leads back
// into a folder that holds it, to itself or to nothing stops start-up naming it rather than walking forever or
// leaving the document out.
func TestLoadWithDirRefusesLinksItCannotFollow(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "default.json")
	require.NoError(t, os.WriteFile(outside, []byte(minimal), 0o644))
	tests := []struct {
		name    string
		links   map[string]string // link name: target
		wantErr string
	}{
		{"a folder that holds it", map[string]string{"shop/up": ".."}, "content: shop/up: symbolic link cycle: it leads back to content.dir, which holds it"},
		{"a mounted folder that holds it", map[string]string{"portal/again": "../portal"}, "content: portal/again: symbolic link cycle: it leads back to portal, which holds it"},
		{"itself", map[string]string{"shop/de_DE.json": "de_DE.json"}, "content: shop/de_DE.json: symbolic link cycle: it leads back to itself"},
		{"a file outside content.dir", map[string]string{"shop/de_DE.json": outside}, "content: shop/de_DE.json: symbolic link leads outside content.dir, which is all the service reads"},
		{"a folder outside content.dir", map[string]string{"shop": filepath.Dir(outside)}, "content: shop: symbolic link leads outside content.dir, which is all the service reads"},
		{"nothing", map[string]string{"shop/de_DE.json": "../..data/it_IT.json"}, "content: shop/de_DE.json: symbolic link to nothing (../..data/it_IT.json)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			mountVolume(t, dir, map[string]string{"default.json": minimal, "portal/de_DE.json": minimal})
			for name, target := range tc.links {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if _, err := os.Lstat(filepath.Dir(p)); os.IsNotExist(err) {
					require.NoError(t, os.Mkdir(filepath.Dir(p), 0o755))
				}
				require.NoError(t, os.Symlink(target, p))
			}
			_, err := content.LoadWithDir(dir)
			require.ErrorIs(t, err, content.ErrInvalid)
			require.EqualError(t, err, tc.wantErr)
		})
	}
}
