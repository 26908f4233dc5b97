// Package derive turns the GeoNames postcode CSV (zipcodes.de.csv) into the
// postcode -> region table of package region. It is used by the generator
// (../gen) and by the test that checks the checked-in table is in sync; it is
// not used at run time.
package derive

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/region"
)

// Source describes the input the checked-in table is derived from.
const Source = "GeoNames postal code data for Germany, as packaged by " +
	"github.com/zauberware/postal-codes-json-xml-csv (data/DE.zip, commit b1522b7, 2024-06-18), " +
	"file zipcodes.de.csv"

// Mixed is a postcode whose places lie on both sides.
type Mixed struct {
	Postcode     region.Postcode
	North, South int // number of places on each side
	Region       region.Region
}

// Result of Derive.
type Result struct {
	Entries []region.Entry // all postcodes, ascending
	Mixed   []Mixed        // postcodes with places on both sides, ascending
	Rows    int            // data rows read
}

// Counts returns the number of postcodes per region.
func (r *Result) Counts() map[region.Region]int {
	c := map[region.Region]int{region.North: 0, region.South: 0, region.Unknown: 0}
	for _, e := range r.Entries {
		c[e.Region]++
	}
	return c
}

// Ties returns the postcodes that are Unknown because their places split
// evenly between the two sides.
func (r *Result) Ties() []region.Postcode {
	var out []region.Postcode
	for _, m := range r.Mixed {
		if m.Region == region.Unknown {
			out = append(out, m.Postcode)
		}
	}
	return out
}

var requiredColumns = []string{"country_code", "zipcode", "place", "state_code", "community", "community_code"}

type row struct {
	line                                       int
	zip, place, stateCode, community, distCode string
}

// Derive reads zipcodes.de.csv and applies the rule (rules.go): each place
// row is classified by state, district or per-place override; a postcode
// takes the region of the majority of its places, and a tie gives Unknown.
// Any row the rule does not cover is an error (all such rows are reported).
func Derive(r io.Reader) (*Result, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("derive: reading CSV header: %w", err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimPrefix(strings.TrimSpace(h), "\ufeff")] = i
	}
	for _, c := range requiredColumns {
		if _, ok := col[c]; !ok {
			return nil, fmt.Errorf("derive: CSV lacks column %q", c)
		}
	}

	type votes struct{ north, south int }
	byZip := map[string]*votes{}
	seen := map[string]bool{}
	var errs []error
	rows := 0
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("derive: reading CSV: %w", err)
		}
		rows++
		line, _ := cr.FieldPos(0)
		rw := row{
			line:      line,
			zip:       rec[col["zipcode"]],
			place:     rec[col["place"]],
			stateCode: rec[col["state_code"]],
			community: rec[col["community"]],
			distCode:  rec[col["community_code"]],
		}
		if cc := rec[col["country_code"]]; cc != "DE" {
			errs = append(errs, fmt.Errorf("line %d: country_code %q, want DE", line, cc))
			continue
		}
		if _, err := region.ParsePostcode(rw.zip); err != nil {
			errs = append(errs, fmt.Errorf("line %d: invalid zipcode %q", line, rw.zip))
			continue
		}
		reg, err := classify(rw)
		if err != nil {
			errs = append(errs, fmt.Errorf("line %d (%s %s): %w", line, rw.zip, rw.place, err))
			continue
		}
		// A place counts once per postcode, even if listed twice.
		key := rw.zip + "\x00" + rw.place + "\x00" + rw.distCode
		if seen[key] {
			continue
		}
		seen[key] = true
		v := byZip[rw.zip]
		if v == nil {
			v = &votes{}
			byZip[rw.zip] = v
		}
		switch reg {
		case region.North:
			v.north++
		case region.South:
			v.south++
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("derive: %d rows not covered by the rule:\n%w", len(errs), errors.Join(errs...))
	}

	zips := make([]string, 0, len(byZip))
	for z := range byZip {
		zips = append(zips, z)
	}
	sort.Strings(zips)
	res := &Result{Rows: rows, Entries: make([]region.Entry, 0, len(zips))}
	for _, z := range zips {
		v := byZip[z]
		reg := region.Unknown
		switch {
		case v.north > v.south:
			reg = region.North
		case v.south > v.north:
			reg = region.South
		}
		p := region.Postcode(z)
		res.Entries = append(res.Entries, region.Entry{Postcode: p, Region: reg})
		if v.north > 0 && v.south > 0 {
			res.Mixed = append(res.Mixed, Mixed{Postcode: p, North: v.north, South: v.south, Region: reg})
		}
	}
	return res, nil
}

// classify returns the region of one place row.
func classify(r row) (region.Region, error) {
	if r.stateCode == "" {
		if reg, ok := stateless[r.zip+" "+r.place]; ok {
			return reg, nil
		}
		return "", errors.New("row without state_code and no decision in rules.go (stateless)")
	}
	if reg, ok := stateRegion[r.stateCode]; ok {
		return reg, nil
	}
	prefix, ok := splitStates[r.stateCode]
	if !ok {
		return "", fmt.Errorf("unknown state_code %q", r.stateCode)
	}
	if len(r.distCode) != 5 || !strings.HasPrefix(r.distCode, prefix) {
		return "", fmt.Errorf("community_code %q does not belong to state %s", r.distCode, r.stateCode)
	}
	if d, ok := districtByCode[r.distCode]; ok {
		if d.name != r.community {
			return "", fmt.Errorf("district %s is %q in the CSV but %q in rules.go", r.distCode, r.community, d.name)
		}
		return d.region, nil
	}
	if d, ok := splitDistricts[r.distCode]; ok {
		if d.name != r.community {
			return "", fmt.Errorf("district %s is %q in the CSV but %q in rules.go", r.distCode, r.community, d.name)
		}
		if reg, ok := d.postcodes[r.zip]; ok {
			return reg, nil
		}
		if reg, ok := d.matchPlace(r.place); ok {
			return reg, nil
		}
		return "", fmt.Errorf("place %q of split district %s %s has no decision in rules.go", r.place, r.distCode, r.community)
	}
	return "", fmt.Errorf("district %s %q has no decision in rules.go", r.distCode, r.community)
}

// matchPlace finds the longest key of d.places that equals place or is
// followed in place by a space.
func (d splitDistrict) matchPlace(place string) (region.Region, bool) {
	best, bestLen := region.Region(""), -1
	for k, reg := range d.places {
		if (place == k || strings.HasPrefix(place, k+" ")) && len(k) > bestLen {
			best, bestLen = reg, len(k)
		}
	}
	return best, bestLen >= 0
}

var districtByCode = func() map[string]district {
	m := make(map[string]district, len(districts))
	for _, d := range districts {
		if _, dup := m[d.code]; dup {
			panic("derive: duplicate district " + d.code)
		}
		if _, split := splitDistricts[d.code]; split {
			panic("derive: district " + d.code + " is both whole and split")
		}
		m[d.code] = d
	}
	return m
}()

// Comments returns the header comment lines of the table file.
func Comments(res *Result) []string {
	c := res.Counts()
	lines := []string{
		"Postcode -> regional store area (NORD/SUED) for GET /rest/v1/region.",
		"GENERATED - do not edit. Regenerate from services/api with:",
		"  go run ./internal/region/gen -in ../../../shared/data/de-postcodes/zipcodes.de.csv -out internal/region/data",
		"Rules and per-place decisions: internal/region/derive/rules.go.",
		"",
		region.Attribution + ".",
		"Credit: GeoNames (geonames.org), CC BY 4.0 - https://creativecommons.org/licenses/by/4.0/",
		"Source: " + Source + ".",
		"Changes: reduced to postcode -> region; place names, districts and coordinates are not retained.",
		"",
		fmt.Sprintf("Postcodes: %d (NORD %d, SUED %d, UNKNOWN %d) from %d place rows.",
			len(res.Entries), c[region.North], c[region.South], c[region.Unknown], res.Rows),
		"",
		"Format: one line per 3-digit zone: '<zone> <letter> <suffix> ... [<letter> <suffix> ...]'.",
		"A letter (N=NORD, S=SUED, U=exists but undecidable -> UNKNOWN) applies to the",
		"2-digit suffixes after it; e.g. '462 N 36 38 40 42 S 44' = 46236..46242 NORD, 46244 SUED.",
		"Postcodes not listed do not exist in the source and answer UNKNOWN.",
	}
	return lines
}

// Notice returns the contents of data/NOTICE.
func Notice() string {
	return `Postcode region table (regions.txt)

` + region.Attribution + `.
Credit: GeoNames (geonames.org), CC BY 4.0
Licence: Creative Commons Attribution 4.0 International,
https://creativecommons.org/licenses/by/4.0/

Source: ` + Source + `
(GeoNames: https://www.geonames.org/, postal code dump https://download.geonames.org/export/zip/).

Changes: the source rows (postcode, place, state, district) were reduced to a
mapping postcode -> regional store area (NORD / SUED / UNKNOWN) by the rule in
internal/region/derive/rules.go; a postcode takes the area of the majority of
its places. Place names, districts and coordinates are not retained.
GeoNames data is provided "as is" without warranty.
`
}

// Render returns the table file (regions.txt) and the NOTICE file contents
// for res.
func Render(res *Result) (table, notice []byte, err error) {
	var buf bytes.Buffer
	if err := region.WriteTable(&buf, Comments(res), res.Entries); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), []byte(Notice()), nil
}

// WriteSummary writes a human-readable summary: counts per region, the
// postcodes decided by majority and the postcodes that are Unknown because
// of a tie.
func WriteSummary(w io.Writer, res *Result) {
	c := res.Counts()
	fmt.Fprintf(w, "rows read:        %d\n", res.Rows)
	fmt.Fprintf(w, "postcodes:        %d\n", len(res.Entries))
	fmt.Fprintf(w, "  NORD:           %d\n", c[region.North])
	fmt.Fprintf(w, "  SUED:           %d\n", c[region.South])
	fmt.Fprintf(w, "  UNKNOWN:        %d\n", c[region.Unknown])
	fmt.Fprintf(w, "places on both sides (decided by majority): %d\n", len(res.Mixed))
	for _, m := range res.Mixed {
		if m.Region != region.Unknown {
			fmt.Fprintf(w, "  %s  NORD %d / SUED %d -> %s\n", m.Postcode, m.North, m.South, m.Region)
		}
	}
	ties := res.Ties()
	fmt.Fprintf(w, "UNKNOWN because of a tie: %d\n", len(ties))
	for _, m := range res.Mixed {
		if m.Region == region.Unknown {
			fmt.Fprintf(w, "  %s  NORD %d / SUED %d -> UNKNOWN\n", m.Postcode, m.North, m.South)
		}
	}
}
