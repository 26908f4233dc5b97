// Command gen derives the postcode -> region table of package region from the
// GeoNames postcode CSV and writes regions.txt and NOTICE.
//
// Run from services/api:
//
//	go run ./internal/region/gen -in ../../../shared/data/de-postcodes/zipcodes.de.csv -out internal/region/data
//
// The rule and all per-place decisions are in internal/region/derive/rules.go.
// A summary (postcodes per region, postcodes decided by majority, ties) is
// printed to standard output.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/grocer-portal/portal/services/api/internal/region/derive"
)

func main() {
	in := flag.String("in", "../../../shared/data/de-postcodes/zipcodes.de.csv", "path of zipcodes.de.csv")
	out := flag.String("out", "internal/region/data", "output directory for regions.txt and NOTICE")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	res, err := derive.Derive(f)
	if err != nil {
		return err
	}
	table, notice, err := derive.Render(res)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(out, "regions.txt"), table); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(out, "NOTICE"), notice); err != nil {
		return err
	}
	derive.WriteSummary(os.Stdout, res)
	fmt.Printf("wrote %s (%d bytes) and %s\n", filepath.Join(out, "regions.txt"), len(table), filepath.Join(out, "NOTICE"))
	return nil
}

// writeFile writes via a temporary file and rename, so an interrupted run
// does not leave a truncated table behind.
func writeFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
