package mail_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/mail"
)

// languages are the languages the product supports; every account mail exists in each of them.
var languages = []string{"de", "en", "es", "fr", "nl", "pl", "pt"}

// templateAction matches a text/template action such as {{.Link}} or {{if .FirstName}}.
var templateAction = regexp.MustCompile(`{{[^}]*}}`)

// mailKinds are the kinds with a German template (the templates directory is what the package embeds), without
// the test message, which only exists for checking delivery.
func mailKinds(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("templates", "*.de.txt"))
	require.NoError(t, err)
	var kinds []string
	for _, f := range files {
		kind := strings.TrimSuffix(filepath.Base(f), ".de.txt")
		if kind != "test-message" {
			kinds = append(kinds, kind)
		}
	}
	require.NotEmpty(t, kinds)
	return kinds
}

func readTemplate(t *testing.T, kind, lang string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("templates", kind+"."+lang+".txt"))
	require.NoError(t, err, "%s has no %s template", kind, lang)
	return string(raw)
}

// TestTemplatesInEveryLanguage: every account mail renders in each supported language rather than falling back
// to German, with the same template actions as the German original.
func TestTemplatesInEveryLanguage(t *testing.T) {
	templates := mail.DefaultTemplates()
	const link = "https://portal.example/confirm?token=abc123"
	for _, kind := range mailKinds(t) {
		german := readTemplate(t, kind, "de")
		wantActions := templateAction.FindAllString(german, -1)
		for _, lang := range languages {
			t.Run(kind+"/"+lang, func(t *testing.T) {
				raw := readTemplate(t, kind, lang)
				require.True(t, strings.HasPrefix(raw, "Subject: "), "the first line is the subject")
				require.Equal(t, wantActions, templateAction.FindAllString(raw, -1), "the same actions as in German")

				for _, switches := range []bool{true, false} {
					firstName := ""
					if switches {
						firstName = "Eva"
					}
					data := map[string]any{
						"FirstName":       firstName,
						"Link":            link,
						"Days":            14,
						"Minutes":         60,
						"Name":            "Wochenangebote",
						"NewEmail":        "e***@example.org",
						"ProviderName":    "Google",
						"Product":         "Bio-Vollmilch 1 l",
						"EmailChange":     switches,
						"ProductReminder": switches,
					}
					m, err := templates.Render(kind, lang, "eva@example.com", data)
					require.NoError(t, err)
					require.Equal(t, lang, m.Language, "not the German fallback")
					require.Equal(t, kind, m.Kind)
					require.NotEmpty(t, strings.TrimSpace(m.Subject))
					require.NotContains(t, m.Subject, "\n")
					require.NotEmpty(t, strings.TrimSpace(m.Text))
					require.NotContains(t, m.Subject+m.Text, "<no value>")
					if strings.Contains(german, "{{.Link}}") {
						require.Contains(t, m.Text, link)
					}
					if switches && strings.Contains(german, "{{.FirstName}}") {
						require.Contains(t, m.Text, "Eva")
					}
				}
			})
		}
	}
}

// TestPolishTemplatesAreGenderNeutral: Polish past and passive forms of "you" carry a gender ("prosiłeś",
// "prosiłaś"); the mails, like the app, use impersonal wording instead of a masculine default or "(-aś)".
func TestPolishTemplatesAreGenderNeutral(t *testing.T) {
	gendered := regexp.MustCompile(`(?i)\pL+(łeś|łaś)([^\pL]|$)|\(-?aś\)|\(-?a\)`)
	for _, kind := range mailKinds(t) {
		require.Empty(t, gendered.FindAllString(readTemplate(t, kind, "pl"), -1), kind)
	}
}
