// Package region maps German postcodes to the retailer's regional store area
// ("NORD" / "SUED"), the domain behind GET /rest/v1/region?zip=.
//
// The mapping is a table derived offline from GeoNames postal code data by the
// generator in ./gen (rules in ./derive) and checked in at data/regions.txt;
// it is embedded into the binary, so nothing is read from disk at run time.
// Derived data: credit "GeoNames (geonames.org), CC BY 4.0" (see Attribution
// and data/NOTICE).
package region

import (
	_ "embed"
	"strings"
	"sync"
)

// Region is a regional store area as exposed by the API (region.id).
type Region string

const (
	// North is the northern store area.
	North Region = "NORD"
	// South is the southern store area.
	South Region = "SUED"
	// Unknown is answered for postcodes that are not in the table and for
	// postcodes that cannot be decided (their places split evenly).
	Unknown Region = "UNKNOWN"
)

// String returns the API identifier of the region.
func (r Region) String() string { return string(r) }

// Attribution is the licence credit that must accompany the derived table
// wherever it is shipped or displayed.
const Attribution = "Derived from GeoNames (geonames.org) postal code data, CC BY 4.0"

//go:embed data/regions.txt
var embeddedTable string

//go:embed data/NOTICE
var embeddedNotice string

// Notice returns the attribution/licence notice shipped with the embedded
// table (the contents of data/NOTICE).
func Notice() string { return embeddedNotice }

// cell values of Table.cells.
const (
	cellAbsent  uint8 = iota // postcode not in the table
	cellNorth                // NORD
	cellSouth                // SUED
	cellUnknown              // postcode exists but is undecidable (tie)
)

var cellRegion = [4]Region{cellAbsent: Unknown, cellNorth: North, cellSouth: South, cellUnknown: Unknown}

// Table maps every postcode 00000..99999 to a region. It is a flat array
// indexed by the numeric postcode (100 KB), so Lookup is O(1) and does not
// allocate. A Table is immutable after construction and safe for concurrent
// use. The zero Table answers Unknown for everything.
type Table struct {
	cells [100000]uint8
	n     int // postcodes present
}

// Lookup returns the region of p: North or South, or Unknown if p is not in
// the table, is undecidable, or is malformed.
func (t *Table) Lookup(p Postcode) Region {
	i := p.index()
	if i < 0 {
		return Unknown
	}
	return cellRegion[t.cells[i]&3]
}

// Contains reports whether p is a postcode of the source data (including
// undecidable ones, which look up as Unknown).
func (t *Table) Contains(p Postcode) bool {
	i := p.index()
	return i >= 0 && t.cells[i] != cellAbsent
}

// Len returns the number of postcodes in the table.
func (t *Table) Len() int { return t.n }

var defaultTable = sync.OnceValue(func() *Table {
	t, err := ParseTable(strings.NewReader(embeddedTable))
	if err != nil {
		// The embedded file is generated and covered by tests; a failure
		// here is a build defect, not a run-time condition.
		panic("region: embedded data/regions.txt is invalid: " + err.Error())
	}
	return t
})

// Default returns the table built from the embedded data/regions.txt. It is
// parsed once, on first use; later calls return the same *Table.
func Default() *Table { return defaultTable() }

// StoreArea returns the store area of a postcode as the account stores it in data.customerassignment: "NORD",
// "SUED" or "UNKNOWN" (also for input that is not five digits, after trimming surrounding spaces).
func (t *Table) StoreArea(postcode string) string {
	p, err := ParsePostcode(strings.TrimSpace(postcode))
	if err != nil {
		return Unknown.String()
	}
	return t.Lookup(p).String()
}
