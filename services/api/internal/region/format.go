package region

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Table file format ("regions v1"), as written by WriteTable and read by
// ParseTable:
//
//	# comment lines (licence credit, provenance, counts) and blank lines
//	regions v1
//	010 N 67 69 97 99
//	462 N 36 38 40 42 S 44
//	...
//	total 8308
//
// After the "regions v1" line, each line holds one three-digit postcode zone
// (the first three digits), in ascending order, followed by tokens: a region
// letter N (NORD), S (SUED) or U (exists, undecidable -> UNKNOWN) that applies
// to the following two-digit suffixes until the next letter, and the suffixes
// (last two digits) of the postcodes of that zone in ascending order. Every
// zone line starts with a letter. So "462 N 36 38 40 42 S 44" means 46236,
// 46238, 46240, 46242 -> NORD and 46244 -> SUED. Postcodes not listed do not
// exist in the source data and look up as UNKNOWN. The final "total" line
// carries the number of listed postcodes as a truncation check.

const formatHeader = "regions v1"

// Entry is one postcode of a table file.
type Entry struct {
	Postcode Postcode
	Region   Region // North, South, or Unknown for an existing but undecidable postcode
}

func regionLetter(r Region) (string, bool) {
	switch r {
	case North:
		return "N", true
	case South:
		return "S", true
	case Unknown:
		return "U", true
	}
	return "", false
}

func letterCell(tok string) (uint8, bool) {
	switch tok {
	case "N":
		return cellNorth, true
	case "S":
		return cellSouth, true
	case "U":
		return cellUnknown, true
	}
	return 0, false
}

// WriteTable writes entries in the "regions v1" format, preceded by the given
// comment lines (each written as "# " + line). Entries must be valid postcodes
// in strictly ascending order with a known Region.
func WriteTable(w io.Writer, comments []string, entries []Entry) error {
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		if strings.ContainsAny(c, "\r\n") {
			return fmt.Errorf("region: comment contains a line break: %q", c)
		}
		if c == "" {
			bw.WriteString("#\n")
		} else {
			bw.WriteString("# " + c + "\n")
		}
	}
	bw.WriteString(formatHeader + "\n")
	prev := -1
	zone := -1
	cur := ""
	for _, e := range entries {
		i := e.Postcode.index()
		if i < 0 {
			return fmt.Errorf("region: invalid postcode %q", string(e.Postcode))
		}
		if i <= prev {
			return fmt.Errorf("region: postcode %s not in strictly ascending order", e.Postcode)
		}
		prev = i
		letter, ok := regionLetter(e.Region)
		if !ok {
			return fmt.Errorf("region: postcode %s has invalid region %q", e.Postcode, string(e.Region))
		}
		if z := i / 100; z != zone {
			if zone >= 0 {
				bw.WriteString("\n")
			}
			zone = z
			cur = ""
			bw.WriteString(string(e.Postcode[:3]))
		}
		if letter != cur {
			bw.WriteString(" " + letter)
			cur = letter
		}
		bw.WriteString(" " + string(e.Postcode[3:]))
	}
	if zone >= 0 {
		bw.WriteString("\n")
	}
	bw.WriteString("total " + strconv.Itoa(len(entries)) + "\n")
	return bw.Flush()
}

// ParseTable reads a table in the "regions v1" format (see WriteTable). It is
// strict: anything unexpected is an error.
func ParseTable(r io.Reader) (*Table, error) {
	t := new(Table)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	lineNo := 0
	seenHeader, seenTotal := false, false
	lastZone := -1
	fail := func(format string, args ...any) (*Table, error) {
		return nil, fmt.Errorf("region: table line %d: %s", lineNo, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if seenTotal {
			return fail("content after total line")
		}
		if !seenHeader {
			if line != formatHeader {
				return fail("want %q, got %q", formatHeader, line)
			}
			seenHeader = true
			continue
		}
		fields := strings.Fields(line)
		if fields[0] == "total" {
			if len(fields) != 2 {
				return fail("malformed total line")
			}
			n, err := strconv.Atoi(fields[1])
			if err != nil || n != t.n {
				return fail("total %q does not match %d postcodes read", fields[1], t.n)
			}
			seenTotal = true
			continue
		}
		z := fields[0]
		if len(z) != 3 || !isDigits(z) {
			return fail("bad zone %q", z)
		}
		zone := int(z[0]-'0')*100 + int(z[1]-'0')*10 + int(z[2]-'0')
		if zone <= lastZone {
			return fail("zone %s not in ascending order", z)
		}
		lastZone = zone
		if len(fields) < 3 {
			return fail("zone %s without postcodes", z)
		}
		var cell uint8
		lastSuffix := -1
		pendingLetter := false
		for _, tok := range fields[1:] {
			if c, ok := letterCell(tok); ok {
				if pendingLetter {
					return fail("two region letters in a row")
				}
				cell, pendingLetter = c, true
				continue
			}
			if cell == cellAbsent {
				return fail("postcode suffix %q before a region letter", tok)
			}
			if len(tok) != 2 || !isDigits(tok) {
				return fail("bad token %q", tok)
			}
			s := int(tok[0]-'0')*10 + int(tok[1]-'0')
			if s <= lastSuffix {
				return fail("suffix %s not in ascending order", tok)
			}
			lastSuffix = s
			pendingLetter = false
			t.cells[zone*100+s] = cell
			t.n++
		}
		if pendingLetter {
			return fail("region letter without postcodes")
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("region: reading table: %w", err)
	}
	if !seenHeader {
		return nil, errors.New("region: table: missing " + formatHeader + " line")
	}
	if !seenTotal {
		return nil, errors.New("region: table: missing total line (truncated?)")
	}
	return t, nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
