// Package problems lists what is wrong with an operator's input, a store file or the content folder: every
// problem in one error, so that one round of fixes covers them all rather than one restart per mistake, but
// capped, since a file of another format (another export, another content model) has a problem on every line.
package problems

import (
	"fmt"
	"strings"
)

// MaxListed is how many problems a List names; it counts the rest.
const MaxListed = 20

// List holds the first MaxListed problems added and counts the others.
type List[P fmt.Stringer] struct {
	Listed []P
	// More counts problems beyond those listed.
	More int
}

// Add lists p, or counts it once MaxListed are listed.
func (l *List[P]) Add(p P) {
	if len(l.Listed) < MaxListed {
		l.Listed = append(l.Listed, p)
	} else {
		l.More++
	}
}

// Empty reports whether nothing was added.
func (l *List[P]) Empty() bool { return len(l.Listed) == 0 }

// Text is the problems one a line, each after prefix, and the count of the unlisted ones last.
func (l *List[P]) Text(prefix string) string {
	lines := make([]string, 0, len(l.Listed)+1)
	for _, p := range l.Listed {
		lines = append(lines, prefix+p.String())
	}
	if l.More > 0 {
		lines = append(lines, fmt.Sprintf("%s... and %d more problems", prefix, l.More))
	}
	return strings.Join(lines, "\n")
}
