package identity

import "unicode"

// IsTextControl reports a character no single-line text a shopper or a shop gives may hold: controls (line
// breaks, NUL, escape) and the bidirectional embeddings, overrides and isolates, which show text in another order
// than it is stored ("Trojan Source", CVE-2021-42574): a name, a phone's type or a product's name goes into
// e-mails and the operator's tools, where either would let the sender shape what others read (QA bad-input
// round). The marks U+200E and U+200F stay allowed: they order nothing around them.
func IsTextControl(r rune) bool {
	return unicode.IsControl(r) || (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069')
}
