package devclock_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/devclock"
)

func TestClockRunsAheadByTheOffset(t *testing.T) {
	c := devclock.New()
	require.Zero(t, c.Offset())
	require.WithinDuration(t, time.Now(), c.Now(), time.Second)

	off, err := c.Advance(15 * time.Minute)
	require.NoError(t, err)
	require.Equal(t, 15*time.Minute, off)
	require.WithinDuration(t, time.Now().Add(15*time.Minute), c.Now(), time.Second)

	_, err = c.Advance(-time.Minute)
	require.Error(t, err, "time never runs backwards")
	_, err = c.Advance(devclock.MaxAdvance + time.Hour)
	require.Error(t, err)
	require.Equal(t, 15*time.Minute, c.Offset())
}

// TestAdvanceNamesWhatIsWrong: a refused step names the field it came in and says what is wrong with it (QA
// robustness round of 2026-11-30: 1e30 seconds said the clock only moves forward, the value having overflowed into a
// negative duration, and advanceSeconds "x" named the field advance).
func TestAdvanceNamesWhatIsWrong(t *testing.T) {
	e := echo.New()
	c := devclock.New()
	devclock.Mount(e, c, nil)
	for _, tc := range []struct {
		body, field, says string
	}{
		{`{"advanceSeconds":1e30}`, "advanceSeconds", "at most 366 days"},
		{`{"advanceSeconds":9.3e9}`, "advanceSeconds", "at most 366 days"},
		{`{"advanceSeconds":-1e30}`, "advanceSeconds", "only moves forward"},
		{`{"advanceSeconds":-5}`, "advanceSeconds", "only moves forward"},
		{`{"advanceSeconds":"x"}`, "advanceSeconds", "advanceSeconds must be a number"},
		{`{"advanceSeconds":1e400}`, "advanceSeconds", "advanceSeconds must be a number"},
		{`{"advance":5}`, "advance", "advance must be a duration"},
		{`{"advance":"-5m"}`, "advance", "only moves forward"},
		{`{"advance":"8785h"}`, "advance", "at most 366 days"},
		{`{"advance":"soon"}`, "advance", "advance must be a duration"},
		{`{}`, "advance", "Give advance"},
		{`not json`, "body", "The body must be JSON"},
	} {
		t.Run(tc.body, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, devclock.Path, strings.NewReader(tc.body))
			r.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, r)
			require.Equal(t, http.StatusBadRequest, rec.Code, rec.Body.String())
			var answer struct {
				Error struct{ Code, Message, Field string } `json:"error"`
			}
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &answer))
			require.Equal(t, "invalid_parameter", answer.Error.Code)
			require.Equal(t, tc.field, answer.Error.Field, answer.Error.Message)
			require.Contains(t, answer.Error.Message, tc.says)
		})
	}
	require.Zero(t, c.Offset(), "no refused step moved the clock")
}
