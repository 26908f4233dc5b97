// Package devclock is a development-only clock that runs at wall-clock pace plus an offset which only grows.
// With dev.clock.enabled (refused in production) the service's time-dependent parts read it, and
// POST /dev/clock moves it forward, so tests against the real binary can see regTokens, verification links,
// reset tokens and lockouts expire without waiting.
package devclock

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// Path is where the clock is served.
const Path = "/dev/clock"

// MaxAdvance bounds one step, so a typo cannot throw the service years ahead.
const MaxAdvance = 366 * 24 * time.Hour

// Clock is wall-clock time plus an offset.
type Clock struct {
	mu     sync.Mutex
	offset time.Duration
	wall   func() time.Time
}

// New is a clock at wall-clock time.
func New() *Clock { return &Clock{wall: time.Now} }

// Now is wall-clock time plus the offset.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.wall().Add(c.offset)
}

// Offset is how far the clock is ahead of wall-clock time.
func (c *Clock) Offset() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.offset
}

// Advance moves the clock forward by d (time never runs backwards) and answers the new offset.
func (c *Clock) Advance(d time.Duration) (time.Duration, error) {
	if d < 0 {
		return 0, errors.New("the clock only moves forward")
	}
	if d > MaxAdvance {
		return 0, errors.New("one step may advance at most 366 days")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
	return c.offset, nil
}

// advanceRequest is the body of POST /dev/clock: a Go duration ("15m", "336h") or seconds.
type advanceRequest struct {
	Advance        string   `json:"advance"`
	AdvanceSeconds *float64 `json:"advanceSeconds"`
}

// state is what GET and POST /dev/clock answer.
type state struct {
	Offset        string  `json:"offset"`
	OffsetSeconds float64 `json:"offsetSeconds"`
	Now           string  `json:"now"`
}

func (c *Clock) state() state {
	off := c.Offset()
	return state{Offset: off.String(), OffsetSeconds: off.Seconds(), Now: c.Now().UTC().Format(time.RFC3339Nano)}
}

// Mount serves GET /dev/clock (the offset and the clock's time) and POST /dev/clock
// ({"advance":"15m"} or {"advanceSeconds":900}). afterAdvance, when set, runs after each step (the app runs its
// sweep of expired registrations, as the periodic job would have while the time passed). Never mount it in
// production; the composition root checks app.DevClockEnabled.
func Mount(e *echo.Echo, c *Clock, afterAdvance func(ctx context.Context)) {
	e.GET(Path, func(ec echo.Context) error {
		ec.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		return ec.JSON(http.StatusOK, c.state())
	})
	e.POST(Path, func(ec echo.Context) error {
		ec.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		var req advanceRequest
		if err := ec.Bind(&req); err != nil {
			// A value of the wrong type, or a number no float64 holds, names its field; anything else the body.
			var typeErr *json.UnmarshalTypeError
			switch {
			case errors.As(err, &typeErr) && typeErr.Field == "advanceSeconds":
				return invalid(ec, "advanceSeconds", "advanceSeconds must be a number of seconds such as 900.")
			case errors.As(err, &typeErr) && typeErr.Field == "advance":
				return invalid(ec, "advance", "advance must be a duration such as 90s, 15m or 336h.")
			}
			return invalid(ec, "body", "The body must be JSON: {\"advance\":\"15m\"} or {\"advanceSeconds\":900}.")
		}
		var d time.Duration
		field := "advance"
		switch {
		case req.AdvanceSeconds != nil && strings.TrimSpace(req.Advance) != "":
			return invalid(ec, "advance", "Give either advance or advanceSeconds, not both.")
		case req.AdvanceSeconds != nil:
			field = "advanceSeconds"
			// Bounded before the conversion: a float beyond int64's nanoseconds converts to anything, 1e30 seconds
			// to a negative duration, which was refused as a step back (QA robustness round of 2026-11-30).
			switch secs := *req.AdvanceSeconds; {
			case secs < 0:
				return invalid(ec, field, field+": the clock only moves forward.")
			case secs > MaxAdvance.Seconds():
				return invalid(ec, field, field+": one step may advance at most 366 days.")
			default:
				d = time.Duration(secs * float64(time.Second))
			}
		case strings.TrimSpace(req.Advance) != "":
			parsed, err := time.ParseDuration(strings.TrimSpace(req.Advance))
			if err != nil {
				return invalid(ec, field, "advance must be a duration such as 90s, 15m or 336h.")
			}
			d = parsed
		default:
			return invalid(ec, field, "Give advance (e.g. \"15m\") or advanceSeconds.")
		}
		if _, err := c.Advance(d); err != nil {
			return invalid(ec, field, field+": "+err.Error()+".")
		}
		if afterAdvance != nil {
			afterAdvance(ec.Request().Context())
		}
		return ec.JSON(http.StatusOK, c.state())
	})
}

func invalid(c echo.Context, field, message string) error {
	return c.JSON(http.StatusBadRequest, map[string]any{"error": map[string]any{"code": "invalid_parameter", "message": message, "field": field}})
}
