package config

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/go-viper/mapstructure/v2"
)

// settingError is a decode hook's complaint about a value, worded as Validate words its own: what the setting
// must be, and the value when it is no secret. decodeErrors puts the setting's name before it.
type settingError string

func (e settingError) Error() string { return string(e) }

// durationFromString reads a duration as Go writes it (30s, 5m, 1h30m). A bare number is refused: from the
// environment it had no unit, and from a file it was taken as nanoseconds.
func durationFromString() mapstructure.DecodeHookFuncType {
	durationType := reflect.TypeFor[time.Duration]()
	return func(from, to reflect.Type, data any) (any, error) {
		if to != durationType || from == durationType {
			return data, nil
		}
		if from.Kind() == reflect.String {
			if d, err := time.ParseDuration(data.(string)); err == nil {
				return d, nil
			}
		} else if k := from.Kind(); k < reflect.Int || k > reflect.Float64 {
			return data, nil
		}
		return nil, settingError(fmt.Sprintf("must be a duration such as 30s, 5m or 1h, got %s", shownValue(data)))
	}
}

// decodeErrors turns the decoder's report into one line a setting, "config: jobs.sweepInterval: must be a
// duration such as 30s, 5m or 1h, got "5minutes"", as Validate writes its own. The decoder's own lines named the
// setting in quotes and left out the value ("time: unknown unit").
func decodeErrors(err error) error {
	var errs []error
	for _, de := range decodeLeaves(err) {
		errs = append(errs, fmt.Errorf("config: %s: %s", de.Name(), settingProblem(de.Name(), de.Unwrap())))
	}
	if len(errs) == 0 {
		return fmt.Errorf("config: %w", err)
	}
	return errors.Join(errs...)
}

// decodeLeaves lists the innermost decode errors: a struct's or a list's error joins those of its fields.
func decodeLeaves(err error) []*mapstructure.DecodeError {
	var inner []error
	switch e := err.(type) {
	case *mapstructure.DecodeError:
		if leaves := decodeLeaves(e.Unwrap()); len(leaves) > 0 {
			return leaves
		}
		return []*mapstructure.DecodeError{e}
	case interface{ Unwrap() []error }:
		inner = e.Unwrap()
	case interface{ Unwrap() error }:
		inner = []error{e.Unwrap()}
	}
	var out []*mapstructure.DecodeError
	for _, e := range inner {
		out = append(out, decodeLeaves(e)...)
	}
	return out
}

// settingProblem words what is wrong with the value of the setting name, echoing the value unless the setting is
// a secret.
func settingProblem(name string, err error) string {
	var (
		own           settingError
		parse         *mapstructure.ParseError
		unconvertible *mapstructure.UnconvertibleTypeError
		want          reflect.Type
		value         any
	)
	switch {
	case errors.As(err, &own):
		return string(own)
	case errors.As(err, &parse):
		want, value = parse.Expected.Type(), parse.Value
	case errors.As(err, &unconvertible):
		want, value = unconvertible.Expected.Type(), unconvertible.Value
	default:
		return err.Error()
	}
	msg := "must be " + kindName(want)
	if secretSetting(name) {
		return msg
	}
	return msg + ", got " + shownValue(value)
}

// kindName says in an operator's words what a setting of type t holds.
func kindName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a text"
	case reflect.Slice, reflect.Array:
		return "a list"
	default:
		return "a " + t.Kind().String()
	}
}

func shownValue(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%v", v)
}

// listIndex is a list position in a setting's name (sso.clients[0].secret).
var listIndex = regexp.MustCompile(`\[\d+\]`)

// secretSetting: a part of the setting's name names a secret, so its value is never printed.
func secretSetting(name string) bool {
	for _, part := range strings.Split(listIndex.ReplaceAllString(name, ""), ".") {
		if isSecretKey(part) {
			return true
		}
	}
	return false
}
