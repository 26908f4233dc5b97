package maillink_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/grocer-portal/portal/services/api/internal/maillink"
)

func TestInLanguage(t *testing.T) {
	assert.Equal(t, "https://p.example/x?token=a&lang=fr", maillink.InLanguage("https://p.example/x?token=a", "fr"))
	assert.Equal(t, "https://p.example/login?lang=nl-BE", maillink.InLanguage("https://p.example/login", "nl-BE"))
	assert.Equal(t, "https://p.example/login", maillink.InLanguage("https://p.example/login", ""), "no language, no parameter")
}
