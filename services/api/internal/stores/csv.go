package stores

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/problems"
)

// CSVColumns are the columns of a store file, in the order WriteCSV writes them.
// ReadCSV accepts them in any order, named by a header row.
var CSVColumns = []string{"id", "name", "street", "postcode", "city", "country", "open"}

// LineError is one problem of a row of a store file; a row may have several.
type LineError struct {
	Line  int
	Field string // empty when the row as a whole is bad
	Msg   string
}

// String is e as its file's problem (problems.List).
func (e LineError) String() string { return e.Error() }

// Error implements error as "line 17: postcode: must be 5 digits for DE".
func (e LineError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("line %d: %s: %s", e.Line, e.Field, e.Msg)
}

// CSVError lists the problems of a store file's rows (the first problems.MaxListed), each of a line.
type CSVError struct {
	problems.List[LineError]
}

// Error implements error, one bad row per line.
func (e *CSVError) Error() string { return e.Text("") }

// Is makes errors.Is(err, ErrInvalid) true for a bad file.
func (e *CSVError) Is(target error) bool { return target == ErrInvalid }

// ReadCSV reads and validates a whole store file: UTF-8 CSV with the header
// row id,name,street,postcode,city,country,open (any order); lines starting
// with # are comments; open is true/false, 1/0 or yes/no. It returns every
// store or, when any row is bad, a *CSVError naming each problem by line and field.
func ReadCSV(r io.Reader) ([]Store, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, csvError(LineError{Line: 1, Msg: "the file is empty; it needs the header row " + strings.Join(CSVColumns, ",")})
	}
	if err != nil {
		return nil, csvSyntaxError(err)
	}
	col, err := headerColumns(header)
	if err != nil {
		line, _ := cr.FieldPos(0)
		return nil, csvError(LineError{Line: line, Msg: err.Error()})
	}

	var (
		out     []Store
		bad     CSVError
		firstAt = map[string]int{}
	)
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			// A syntax error (e.g. an unclosed quote) leaves the rest unreadable.
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				bad.Add(LineError{Line: pe.Line, Msg: pe.Err.Error()})
				return nil, &bad
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(header) {
			bad.Add(LineError{Line: line, Msg: fmt.Sprintf("has %d fields, the header has %d", len(rec), len(header))})
			continue
		}
		st, problems := parseRow(rec, col)
		if first, dup := firstAt[st.ID]; dup {
			problems = append(problems, LineError{Field: "id", Msg: fmt.Sprintf("%q already appears on line %d", st.ID, first)})
		}
		for _, p := range problems {
			p.Line = line
			bad.Add(p)
		}
		if len(problems) == 0 {
			firstAt[st.ID] = line
			out = append(out, st)
		}
	}
	if !bad.Empty() {
		return nil, &bad
	}
	return out, nil
}

func csvSyntaxError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return csvError(LineError{Line: pe.Line, Msg: pe.Err.Error()})
	}
	return err
}

// headerColumns maps each of CSVColumns to its position in the header.
func headerColumns(header []string) (map[string]int, error) {
	col := make(map[string]int, len(header))
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if !slices.Contains(CSVColumns, name) {
			return nil, fmt.Errorf("unknown column %q; the header must be %s", h, strings.Join(CSVColumns, ","))
		}
		if _, dup := col[name]; dup {
			return nil, fmt.Errorf("column %q appears twice", name)
		}
		col[name] = i
	}
	for _, c := range CSVColumns {
		if _, ok := col[c]; !ok {
			return nil, fmt.Errorf("column %q is missing; the header must be %s", c, strings.Join(CSVColumns, ","))
		}
	}
	return col, nil
}

// parseRow reads one row and lists each of its problems (their lines left for the caller to fill in).
func parseRow(rec []string, col map[string]int) (Store, []LineError) {
	var problems []LineError
	open, err := ParseOpen(rec[col["open"]])
	if err != nil {
		problems = append(problems, LineError{Field: "open", Msg: err.Error()})
	}
	st := Store{
		ID:       rec[col["id"]],
		Name:     rec[col["name"]],
		Street:   rec[col["street"]],
		Postcode: rec[col["postcode"]],
		City:     rec[col["city"]],
		Country:  rec[col["country"]],
		Open:     open,
	}.Clean()
	for _, fe := range st.Problems() {
		problems = append(problems, LineError{Field: fe.Field, Msg: fe.Message})
	}
	return st, problems
}

// ParseOpen reads the open column: true/false, 1/0 or yes/no, any case.
func ParseOpen(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "1", "yes":
		return true, nil
	case "false", "0", "no":
		return false, nil
	}
	return false, fmt.Errorf("must be true/false, 1/0 or yes/no, got %q", s)
}

// WriteCSV writes stores in the format ReadCSV reads, header first.
func WriteCSV(w io.Writer, stores []Store) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns); err != nil {
		return err
	}
	for _, s := range stores {
		if err := cw.Write([]string{s.ID, s.Name, s.Street, s.Postcode, s.City, s.Country, strconv.FormatBool(s.Open)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// csvError is a file's only problem: one that leaves the rest unreadable.
func csvError(le LineError) *CSVError {
	var e CSVError
	e.Add(le)
	return &e
}
