package mail

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"text/template"

	"golang.org/x/text/language"
)

// Templates are text files named {kind}.{language}.txt whose first line is "Subject: …" and whose rest is
// the body, both text/template. German is the default language: a kind must exist in German, and any other
// language falls back to it.
//
//go:embed templates/*.txt
var templateFiles embed.FS

// DefaultLanguage is the language of a mail when the recipient's is unknown or has no template.
const DefaultLanguage = "de"

type parsedTemplate struct {
	subject *template.Template
	body    *template.Template
}

// Templates renders messages by kind and language.
type Templates struct {
	byName map[string]parsedTemplate
}

// LoadTemplates parses every template of fsys (templates/*.txt), failing on the first broken one.
func LoadTemplates(fsys fs.FS) (*Templates, error) {
	names, err := fs.Glob(fsys, "templates/*.txt")
	if err != nil {
		return nil, err
	}
	t := &Templates{byName: map[string]parsedTemplate{}}
	for _, name := range names {
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		subjectLine, body, ok := strings.Cut(string(raw), "\n")
		subject, hasPrefix := strings.CutPrefix(subjectLine, "Subject: ")
		if !ok || !hasPrefix {
			return nil, fmt.Errorf("mail template %s: first line must be \"Subject: …\"", name)
		}
		st, err := template.New(name + ":subject").Option("missingkey=error").Parse(subject)
		if err != nil {
			return nil, fmt.Errorf("mail template %s: %w", name, err)
		}
		bt, err := template.New(name).Option("missingkey=error").Parse(strings.TrimLeft(body, "\n"))
		if err != nil {
			return nil, fmt.Errorf("mail template %s: %w", name, err)
		}
		t.byName[strings.TrimSuffix(strings.TrimPrefix(name, "templates/"), ".txt")] = parsedTemplate{subject: st, body: bt}
	}
	return t, nil
}

// DefaultTemplates are the templates shipped with the service.
func DefaultTemplates() *Templates {
	t, err := LoadTemplates(templateFiles)
	if err != nil {
		panic(err) // the shipped templates are checked by the package's tests
	}
	return t
}

// BaseLanguage is a language tag's language, lower case: "fr" for "fr_BE", "fr-BE" or "FR". The mails are
// written per language: a mail's template is chosen by it (a link in the mail keeps the country, LinkInLanguage).
func BaseLanguage(tag string) string {
	return strings.ToLower(strings.SplitN(strings.ReplaceAll(tag, "_", "-"), "-", 2)[0])
}

// LinkInLanguage adds the apps' lang parameter to a link of a mail in that language, so that the page it opens
// speaks the mail's language, not the browser's (QA: an English mail opened a German page; maillink.Land carries
// it on to the page). lang is the shopper's tag with its country (nl-BE, fr_be), which the link keeps: content is
// per country (spec 001 §1), and a base language opened a Belgian shopper's link on the Dutch site (QA). It goes
// as the apps' BCP 47 tag (fr-BE), the only form maillink.Land passes on.
func LinkInLanguage(link, lang string) string {
	if lang == "" {
		return link
	}
	if tag, err := language.Parse(strings.ReplaceAll(lang, "_", "-")); err == nil {
		lang = tag.String()
	}
	sep := "?"
	if strings.Contains(link, "?") {
		sep = "&"
	}
	return link + sep + "lang=" + url.QueryEscape(lang)
}

// Render builds the message of kind in the base language of language (e.g. "fr" for "fr_BE"), falling back
// to German.
func (t *Templates) Render(kind, language, to string, data any) (Message, error) {
	lang := BaseLanguage(language)
	tpl, ok := t.byName[kind+"."+lang]
	if !ok {
		lang = DefaultLanguage
		if tpl, ok = t.byName[kind+"."+lang]; !ok {
			return Message{}, fmt.Errorf("mail: no template for %q", kind)
		}
	}
	var subject, body bytes.Buffer
	if err := tpl.subject.Execute(&subject, data); err != nil {
		return Message{}, fmt.Errorf("mail: render %s subject: %w", kind, err)
	}
	if err := tpl.body.Execute(&body, data); err != nil {
		return Message{}, fmt.Errorf("mail: render %s: %w", kind, err)
	}
	return Message{To: to, Kind: kind, Language: lang, Subject: subject.String(), Text: body.String()}, nil
}
