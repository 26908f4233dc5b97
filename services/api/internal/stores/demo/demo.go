// Package demo embeds the demo store directory that `portal seed` loads:
// about 4,400 stores at real German postcodes and places (GeoNames
// (geonames.org), CC BY 4.0; see NOTICE) with invented streets, plus a few
// hand-written stores in neighbouring countries. Regenerate it with
// `go run ./internal/stores/gen` from services/api.
package demo

import (
	"bytes"
	_ "embed"

	"github.com/grocer-portal/portal/services/api/internal/stores"
)

//go:embed stores.csv
var storesCSV []byte

// Notice is the attribution that must ship with the data.
//
//go:embed NOTICE
var Notice string

// Stores returns the demo stores, parsed and validated.
func Stores() ([]stores.Store, error) {
	return stores.ReadCSV(bytes.NewReader(storesCSV))
}
