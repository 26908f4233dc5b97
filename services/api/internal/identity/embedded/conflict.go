package embedded

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// conflictTries is how often a change that lost a race with another change of the same account (ErrConflict) is
// made again on the fresh account before the conflict is given up. With three tries, 17 of 30 saves of one
// account sent at once answered 500 (QA, 2026-11-28); with twelve, one of 30 still did on PostgreSQL on a machine
// busy with a whole test run. Thirty tries with pauses of up to 64 ms give up only after some two seconds of
// losing every race.
const conflictTries = 30

// untilNoConflict runs once, and again while it fails with ErrConflict, pausing a random 1 to 2^try ms (at most
// 64) in between so that the writers who collided spread out.
func untilNoConflict(ctx context.Context, once func() error) error {
	for try := 1; ; try++ {
		err := once()
		if !errors.Is(err, ErrConflict) || try == conflictTries {
			return err
		}
		pause := time.Duration(1+rand.IntN(min(1<<try, 64))) * time.Millisecond
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
	}
}
