package identity

import (
	"regexp"

	"golang.org/x/text/language"
)

// IsLanguageTag reports whether lang names a language as the apps send it: a language and up to two subtags
// joined by hyphens (de, en-GB, sr-Latn-RS), each subtag one the IANA registry knows. A language the service does
// not speak falls back to its default where it is used; a tag that names no language ("xx", "und") is refused,
// as it was once stored with a consent and picked a notice's language (QA bad-input round). One check for every
// way a language reaches the service (the identity API's lang, the social login's start), so that what one
// accepts the other does too.
func IsLanguageTag(lang string) bool {
	if !languageTag.MatchString(lang) {
		return false
	}
	tag, err := language.Parse(lang)
	if err != nil {
		return false
	}
	base, _, _ := tag.Raw() // Base() would guess a language for und
	return base.String() != "und"
}

var languageTag = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$`)
