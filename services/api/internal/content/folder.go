package content

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
)

// openFolder opens content.dir for walkFolder: an *os.Root, so that a symbolic link is followed only within the
// folder (one leading out of it fails as it is opened, whatever the link says), and closeFolder for when done.
func openFolder(dir string) (fsys fs.FS, closeFolder func() error, err error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	return root.FS(), root.Close, nil
}

// walkFolder calls visit with every file of fsys (slash-separated path, entry), in name order, as fs.WalkDir does,
// and with the path and error of each entry it cannot read. Unlike fs.WalkDir it follows symbolic links, to files
// and to folders: a Kubernetes ConfigMap, Secret or projected volume mounted as content.dir shows its files, and
// with items[].path its folders, as links through ..data into a hidden timestamped folder (2026-11-30: such a
// folder's linked content sets were skipped as "not a content document"). A link to a folder that holds it is a
// cycle, reported at the link instead of walked forever.
//
// Entries whose name starts with "." are skipped, links or not: the kubelet's ..data and ..<timestamp> (which
// would give every document a second time), and an editor's or a tool's files (.DS_Store, .git).
func walkFolder(fsys fs.FS, visit func(p string, d fs.DirEntry, err error)) {
	top, err := fs.Stat(fsys, ".")
	if err != nil {
		visit(".", nil, err)
		return
	}
	walkFolderFrom(fsys, ".", []folderOnPath{{".", top}}, visit)
}

// folderOnPath is a folder the walk is in, by the path it was reached by and what it is on disk.
type folderOnPath struct {
	path string
	info fs.FileInfo
}

func walkFolderFrom(fsys fs.FS, dir string, ancestors []folderOnPath, visit func(p string, d fs.DirEntry, err error)) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		visit(dir, nil, err)
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := path.Join(dir, e.Name())
		d := e
		if e.Type()&fs.ModeSymlink != 0 {
			target, err := fs.Stat(fsys, p)
			if err != nil {
				visit(p, nil, linkError(fsys, p, err))
				continue
			}
			d = linkedEntry{name: e.Name(), target: target}
		}
		if !d.IsDir() {
			visit(p, d, nil)
			continue
		}
		// What the folder is on disk, asked through fsys (an os.Root's follows links within it only).
		info, err := fs.Stat(fsys, p)
		if err != nil {
			visit(p, nil, err)
			continue
		}
		if holder := folderHolding(ancestors, info); holder != "" {
			visit(p, nil, fmt.Errorf("symbolic link cycle: it leads back to %s, which holds it", holder))
			continue
		}
		walkFolderFrom(fsys, p, append(ancestors, folderOnPath{p, info}), visit)
	}
}

// folderHolding is the path of the folder on the walk's path that info is ("content.dir" for the top), or "".
func folderHolding(ancestors []folderOnPath, info fs.FileInfo) string {
	for _, a := range ancestors {
		// os.SameFile compares device and inode; it is false for file systems without them (embedded, in memory),
		// which have no links either.
		if os.SameFile(a.info, info) {
			if a.path == "." {
				return "content.dir"
			}
			return a.path
		}
	}
	return ""
}

// linkError says why the link at p could not be followed, in an operator's words rather than a system call's.
func linkError(fsys fs.FS, p string, err error) error {
	switch {
	case errors.Is(err, syscall.ELOOP):
		return errors.New("symbolic link cycle: it leads back to itself")
	case errors.Is(err, fs.ErrNotExist):
		if target, readErr := fs.ReadLink(fsys, p); readErr == nil {
			return fmt.Errorf("symbolic link to nothing (%s)", target)
		}
		return errors.New("symbolic link to nothing")
	case strings.Contains(err.Error(), "path escapes from parent"):
		// os.Root's refusal, whose error has no exported value to compare with.
		return errors.New("symbolic link leads outside content.dir, which is all the service reads")
	}
	return err
}

// linkedEntry is a link's entry as what it leads to: a file or a folder under the link's own name.
type linkedEntry struct {
	name   string
	target fs.FileInfo
}

func (e linkedEntry) Name() string               { return e.name }
func (e linkedEntry) IsDir() bool                { return e.target.IsDir() }
func (e linkedEntry) Type() fs.FileMode          { return e.target.Mode().Type() }
func (e linkedEntry) Info() (fs.FileInfo, error) { return e.target, nil }
