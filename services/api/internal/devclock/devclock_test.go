package devclock_test

import (
	"testing"
	"time"

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
