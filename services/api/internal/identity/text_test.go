package identity_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

func TestIsTextControl(t *testing.T) {
	for r, want := range map[rune]bool{
		'a': false, 'ß': false, ' ': false, '\u200E': false, '\u200D': false,
		'\n': true, '\x00': true, '\x1b': true, '\u202E': true, '\u2066': true, '\u2069': true, '\u0085': true,
		'\u2028': true, '\u2029': true, '\uFEFF': true, '\u200C': false,
	} {
		assert.Equal(t, want, identity.IsTextControl(r), "%U", r)
	}
}
