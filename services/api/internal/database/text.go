package database

import (
	"strings"
	"unicode/utf8"
)

// Storable reports whether every one of texts is text PostgreSQL takes in a query: UTF-8 without NUL. It refuses
// either with an error (SQLSTATE 22021, invalid byte sequence for encoding "UTF8"), where SQLite compares them as
// any other text and finds nothing. A caller's NUL in an id, a client_id or a login ID so answered 500 and wrote an
// error line to the log on PostgreSQL alone, on endpoints anyone may call (QA round of 2026-11-29). Nothing stored
// holds such text (every value is checked for it before it is written), so the stores answer a look-up of it as not
// found without asking the database, and the edges that parse an id or a parameter refuse it naming the field.
func Storable(texts ...string) bool {
	for _, s := range texts {
		if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
			return false
		}
	}
	return true
}
