package identity

import "unicode"

// IsTextControl reports a character no single-line text a shopper or a shop gives may hold: controls (line
// breaks, NUL, escape) and the bidirectional embeddings, overrides and isolates, which show text in another order
// than it is stored ("Trojan Source", CVE-2021-42574): a name, a phone's type or a product's name goes into
// e-mails and the operator's tools, where either would let the sender shape what others read (QA bad-input
// round). So are the line and paragraph separators U+2028 and U+2029, line breaks all the same (an address's city
// "Ham<U+2028>burg" printed over two lines, QA round of 2026-11-29), and the byte order mark U+FEFF, which begins a
// file and has no place inside a text. The marks U+200E and U+200F stay allowed: they order nothing around them;
// so do the zero-width joiners, which some scripts and emoji need.
func IsTextControl(r rune) bool {
	return unicode.IsControl(r) || (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069') ||
		r == '\u2028' || r == '\u2029' || r == '\uFEFF'
}
