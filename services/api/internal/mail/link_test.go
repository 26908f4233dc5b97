package mail_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/grocer-portal/portal/services/api/internal/mail"
)

func TestLinkInLanguage(t *testing.T) {
	assert.Equal(t, "https://p.example/x?token=a&lang=fr", mail.LinkInLanguage("https://p.example/x?token=a", "fr"))
	assert.Equal(t, "https://p.example/login?lang=nl-BE", mail.LinkInLanguage("https://p.example/login", "nl-BE"))
	assert.Equal(t, "https://p.example/x?lang=fr-BE", mail.LinkInLanguage("https://p.example/x", "fr_be"), "the apps' tag of a stored locale")
	assert.Equal(t, "https://p.example/login", mail.LinkInLanguage("https://p.example/login", ""), "no language, no parameter")
}
