package identity_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/grocer-portal/portal/services/api/internal/identity"
)

func TestIsLanguageTag(t *testing.T) {
	for lang, want := range map[string]bool{
		"de": true, "DE": true, "gsw": true, "en-GB": true, "fr-BE": true, "sr-Latn-RS": true, "es-419": true,
		"": false, "d": false, "deutsch": false, "de_DE": false, "en-": false, "-de": false, "de-GB-x-y": false,
		"de GB": false, "de\x00": false, "en-GBRITAINX": false, "<script>": false,
		"xx": false, "qq-DE": false, "und": false, "de-1x": false,
	} {
		assert.Equal(t, want, identity.IsLanguageTag(lang), "%q", lang)
	}
}
