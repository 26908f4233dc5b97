package identity

import "regexp"

// IsLanguageTag reports whether lang has the shape of a language as the apps send it: a language and up to two
// subtags joined by hyphens (de, en-GB, sr-Latn-RS). It is a shape, not a list: a language the service does not
// speak falls back to its default where it is used. One check for every way a language reaches the service (the
// identity API's lang, the social login's start), so that what one accepts the other does too.
func IsLanguageTag(lang string) bool { return languageTag.MatchString(lang) }

var languageTag = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$`)
