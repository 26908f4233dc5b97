package reminders_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
)

var t0 = time.Date(2030, 3, 1, 9, 0, 0, 0, time.UTC)

func active(id, email string, variant reminders.VariantID, at time.Time) reminders.Record {
	return reminders.Record{
		Reminder: reminders.Reminder{ID: id, VariantID: variant, VariantName: reminders.VariantName{"de": "Name " + id, "en": "Name " + id}},
		Email:    identity.Email(email), Language: "de", Status: reminders.StatusActive, CreatedAt: at,
	}
}

func pending(id, email string, variant reminders.VariantID, hash string, at time.Time) reminders.Record {
	r := active(id, email, variant, at)
	r.Status = reminders.StatusPending
	r.ConfirmTokenHash = hash
	r.ConfirmExpiresAt = at.Add(reminders.ConfirmationWindow)
	return r
}

func ids(list []reminders.Reminder) []string {
	out := []string{}
	for _, r := range list {
		out = append(out, r.ID)
	}
	return out
}

// TestStore is the store suite, run on SQLite and (with PORTAL_TEST_POSTGRES_URL) PostgreSQL.
func TestStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		anna, ben := identity.Email("anna@example.com"), identity.Email("ben@example.com")
		fresh := func(t *testing.T) reminders.Store {
			t.Helper()
			_, err := db.ExecContext(ctx, `DELETE FROM product_reminders`)
			require.NoError(t, err)
			return reminders.NewSQLStore(db)
		}

		t.Run("active lists only the subscriber's active reminders, oldest first", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, active("a2", "anna@example.com", "v2", t0.Add(time.Second))))
			require.NoError(t, s.Insert(ctx, active("a1", "anna@example.com", "v1", t0)))
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v3", "hash-p1", t0)))
			require.NoError(t, s.Insert(ctx, active("b1", "ben@example.com", "v1", t0)))

			list, err := s.Active(ctx, anna)
			require.NoError(t, err)
			require.Equal(t, []string{"a1", "a2"}, ids(list))
			require.Equal(t, reminders.VariantID("v1"), list[0].VariantID)
			require.Equal(t, reminders.VariantName{"de": "Name a1", "en": "Name a1"}, list[0].VariantName)

			none, err := s.Active(ctx, "nobody@example.com")
			require.NoError(t, err)
			require.NotNil(t, none)
			require.Empty(t, none)
		})

		t.Run("delete is all or nothing", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, active("a1", "anna@example.com", "v1", t0)))
			require.NoError(t, s.Insert(ctx, active("a2", "anna@example.com", "v2", t0.Add(time.Second))))
			require.NoError(t, s.Insert(ctx, active("b1", "ben@example.com", "v1", t0)))
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v3", "hash-p1", t0)))

			for name, list := range map[string][]string{
				"someone else's":                 {"a1", "b1"},
				"unknown":                        {"a1", "nope"},
				"own pending and someone else's": {"p1", "b1"},
				// PostgreSQL refuses such text with an error (QA round of 2026-11-29: a 500); it is no reminder's.
				"an id with a NUL":        {"a1", "a2\x00"},
				"an id that is not UTF-8": {"a1\xff"},
			} {
				require.ErrorIs(t, s.DeleteOwn(ctx, anna, list), reminders.ErrNotOwned, name)
			}
			left, err := s.Active(ctx, anna)
			require.NoError(t, err)
			require.Equal(t, []string{"a1", "a2"}, ids(left), "nothing was deleted")
			bens, err := s.Active(ctx, ben)
			require.NoError(t, err)
			require.Equal(t, []string{"b1"}, ids(bens))

			pendingLeft, err := s.Pending(ctx, anna)
			require.NoError(t, err)
			require.Len(t, pendingLeft, 1, "nothing was deleted")

			require.NoError(t, s.DeleteOwn(ctx, anna, []string{"a2", "a1"}))
			left, err = s.Active(ctx, anna)
			require.NoError(t, err)
			require.Empty(t, left)
			require.ErrorIs(t, s.DeleteOwn(ctx, anna, []string{"a1"}), reminders.ErrNotOwned, "already gone")
		})

		// QA round of 2026-11-29: the subscriber's own pending reminder, which the centre lists under notActivated,
		// answered "not yours".
		t.Run("delete takes the subscriber's pending reminders too", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, active("a1", "anna@example.com", "v1", t0)))
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v2", "hash-p1", t0)))
			require.NoError(t, s.Insert(ctx, pending("p2", "anna@example.com", "v3", "hash-p2", t0)))
			require.NoError(t, s.Insert(ctx, pending("b1", "ben@example.com", "v2", "hash-b1", t0)))

			require.ErrorIs(t, s.DeleteOwn(ctx, anna, []string{"b1"}), reminders.ErrNotOwned, "ben's pending one")
			require.NoError(t, s.DeleteOwn(ctx, anna, []string{"p1", "a1"}))
			left, err := s.Pending(ctx, anna)
			require.NoError(t, err)
			require.Len(t, left, 1)
			require.Equal(t, "p2", left[0].ID)
			active, err := s.Active(ctx, anna)
			require.NoError(t, err)
			require.Empty(t, active)
			require.ErrorIs(t, s.Confirm(ctx, "hash-p1", t0.Add(time.Hour)), reminders.ErrConfirmationUnknown, "its link activates nothing")
			require.NoError(t, s.Confirm(ctx, "hash-b1", t0.Add(time.Hour)), "ben's is untouched")
		})

		t.Run("confirm activates once within the window", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v1", "hash-p1", t0)))

			require.ErrorIs(t, s.Confirm(ctx, "hash-unknown", t0), reminders.ErrConfirmationUnknown)
			owner, err := s.ConfirmationOwner(ctx, "hash-p1", t0.Add(reminders.ConfirmationWindow-time.Second))
			require.NoError(t, err)
			require.Equal(t, anna, owner)
			_, err = s.ConfirmationOwner(ctx, "hash-p1", t0.Add(reminders.ConfirmationWindow))
			require.ErrorIs(t, err, reminders.ErrConfirmationExpired)
			_, err = s.ConfirmationOwner(ctx, "hash-unknown", t0)
			require.ErrorIs(t, err, reminders.ErrConfirmationUnknown)
			require.NoError(t, s.Confirm(ctx, "hash-p1", t0.Add(reminders.ConfirmationWindow-time.Second)))
			list, err := s.Active(ctx, anna)
			require.NoError(t, err)
			require.Equal(t, []string{"p1"}, ids(list))
			require.ErrorIs(t, s.Confirm(ctx, "hash-p1", t0.Add(time.Hour)), reminders.ErrConfirmationUnknown, "used")
			_, err = s.ConfirmationOwner(ctx, "hash-p1", t0.Add(time.Hour))
			require.ErrorIs(t, err, reminders.ErrConfirmationUnknown, "used")
		})

		t.Run("confirm after the window", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v1", "hash-p1", t0)))
			require.ErrorIs(t, s.Confirm(ctx, "hash-p1", t0.Add(reminders.ConfirmationWindow)), reminders.ErrConfirmationExpired)
			list, err := s.Active(ctx, anna)
			require.NoError(t, err)
			require.Empty(t, list)
		})

		t.Run("confirming a variant the subscriber already has drops the duplicate", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, active("a1", "anna@example.com", "v1", t0)))
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v1", "hash-p1", t0)))
			require.NoError(t, s.Confirm(ctx, "hash-p1", t0.Add(time.Hour)))
			list, err := s.Active(ctx, anna)
			require.NoError(t, err)
			require.Equal(t, []string{"a1"}, ids(list))
			require.ErrorIs(t, s.Confirm(ctx, "hash-p1", t0.Add(time.Hour)), reminders.ErrConfirmationUnknown)
		})

		t.Run("sweep deletes expired pending reminders only", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, pending("old", "anna@example.com", "v1", "hash-old", t0)))
			require.NoError(t, s.Insert(ctx, pending("new", "anna@example.com", "v2", "hash-new", t0.Add(2*time.Hour))))
			// Sub-second creation time: the SQLite text form must still compare correctly.
			require.NoError(t, s.Insert(ctx, pending("frac", "anna@example.com", "v4", "hash-frac", t0.Add(1500*time.Millisecond))))
			require.NoError(t, s.Insert(ctx, active("a1", "anna@example.com", "v3", t0.Add(-30*24*time.Hour))))

			n, err := s.DeleteExpiredPending(ctx, t0.Add(reminders.ConfirmationWindow+time.Second))
			require.NoError(t, err)
			require.EqualValues(t, 1, n)
			require.ErrorIs(t, s.Confirm(ctx, "hash-old", t0), reminders.ErrConfirmationUnknown, "swept")
			require.NoError(t, s.Confirm(ctx, "hash-frac", t0.Add(time.Hour)))
			require.NoError(t, s.Confirm(ctx, "hash-new", t0.Add(time.Hour)))
			list, err := s.Active(ctx, anna)
			require.NoError(t, err)
			require.ElementsMatch(t, []string{"a1", "frac", "new"}, ids(list))
		})

		t.Run("delete removes one record whatever its state", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v1", "hash-p1", t0)))
			require.NoError(t, s.Delete(ctx, "p1"))
			require.ErrorIs(t, s.Confirm(ctx, "hash-p1", t0), reminders.ErrConfirmationUnknown)
		})

		t.Run("delete all of an address removes active and pending, nobody else's", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, active("a1", "anna@example.com", "v1", t0)))
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v2", "hash-p1", t0)))
			require.NoError(t, s.Insert(ctx, active("b1", "ben@example.com", "v1", t0)))
			n, err := s.DeleteAllOf(ctx, anna)
			require.NoError(t, err)
			require.EqualValues(t, 2, n)
			require.ErrorIs(t, s.Confirm(ctx, "hash-p1", t0), reminders.ErrConfirmationUnknown)
			left, err := s.Active(ctx, ben)
			require.NoError(t, err)
			require.Equal(t, []string{"b1"}, ids(left))
			n, err = s.DeleteAllOf(ctx, anna)
			require.NoError(t, err)
			require.Zero(t, n)
		})

		// QA round of 2026-11-29: identical creates made a pending reminder each.
		t.Run("an address has one pending reminder of a variant, also for inserts at once", func(t *testing.T) {
			s := fresh(t)
			_, err := s.ForVariant(ctx, anna, "v1")
			require.ErrorIs(t, err, reminders.ErrNoReminder)

			const n = 20
			errs := make(chan error, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs <- s.Insert(ctx, pending(fmt.Sprintf("p%d", i), "anna@example.com", "v1", fmt.Sprintf("hash-p%d", i), t0))
				}()
			}
			wg.Wait()
			close(errs)
			inserted := 0
			for err := range errs {
				if err == nil {
					inserted++
				} else {
					require.ErrorIs(t, err, reminders.ErrExists)
				}
			}
			require.Equal(t, 1, inserted)
			list, err := s.Pending(ctx, anna)
			require.NoError(t, err)
			require.Len(t, list, 1)

			got, err := s.ForVariant(ctx, anna, "v1")
			require.NoError(t, err)
			require.Equal(t, list[0].ID, got.ID)
			require.Equal(t, reminders.StatusPending, got.Status)
			require.Equal(t, "hash-"+got.ID, got.ConfirmTokenHash)
			require.True(t, got.ConfirmExpiresAt.Equal(t0.Add(reminders.ConfirmationWindow)))
			require.True(t, got.CreatedAt.Equal(t0))
			require.Equal(t, "de", got.Language)

			// Another address, another variant, and an active reminder beside the pending one are all their own.
			require.NoError(t, s.Insert(ctx, pending("b1", "ben@example.com", "v1", "hash-b1", t0)))
			require.NoError(t, s.Insert(ctx, pending("a2", "anna@example.com", "v2", "hash-a2", t0)))
			require.NoError(t, s.Insert(ctx, active("a1", "anna@example.com", "v1", t0.Add(time.Second))))
			got, err = s.ForVariant(ctx, anna, "v1")
			require.NoError(t, err)
			require.Equal(t, "a1", got.ID, "the active one first")
			require.Equal(t, reminders.StatusActive, got.Status)
		})

		t.Run("rearm takes one new token, for the first of requests at once", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v1", "hash-p1", t0)))
			r, err := s.ForVariant(ctx, anna, "v1")
			require.NoError(t, err)
			later := t0.Add(time.Hour)
			r.ConfirmTokenHash, r.ConfirmExpiresAt, r.Language, r.VariantName = "hash-new", later.Add(reminders.ConfirmationWindow), "fr", reminders.VariantName{"fr": "Lait"}
			ok, err := s.Rearm(ctx, "p1", "hash-p1", r)
			require.NoError(t, err)
			require.True(t, ok)
			ok, err = s.Rearm(ctx, "p1", "hash-p1", r)
			require.NoError(t, err)
			require.False(t, ok, "the token it expected is gone")

			got, err := s.ForVariant(ctx, anna, "v1")
			require.NoError(t, err)
			require.Equal(t, "hash-new", got.ConfirmTokenHash)
			require.Equal(t, "fr", got.Language)
			require.Equal(t, reminders.VariantName{"fr": "Lait"}, got.VariantName)
			require.True(t, got.ConfirmExpiresAt.Equal(later.Add(reminders.ConfirmationWindow)))
			require.True(t, got.CreatedAt.Equal(t0), "its place in the list stays")
			require.ErrorIs(t, s.Confirm(ctx, "hash-p1", later), reminders.ErrConfirmationUnknown, "the earlier link")
			require.NoError(t, s.Confirm(ctx, "hash-new", later))
			ok, err = s.Rearm(ctx, "p1", "hash-new", r)
			require.NoError(t, err)
			require.False(t, ok, "an active reminder is not rearmed")
		})

		t.Run("ids and confirmation hashes are unique", func(t *testing.T) {
			s := fresh(t)
			require.NoError(t, s.Insert(ctx, pending("p1", "anna@example.com", "v1", "hash-p1", t0)))
			require.Error(t, s.Insert(ctx, active("p1", "anna@example.com", "v2", t0)))
			require.Error(t, s.Insert(ctx, pending("p2", "anna@example.com", "v2", "hash-p1", t0)))
		})
	})
}

// TestOnePendingMigrationKeepsTheNewest: migration 0014 meets the duplicates made before it (20 creates of the
// shop, 20 pending reminders of one address and variant) and keeps the newest pending one, whose mail the
// subscriber got last, and every active one; then its index holds.
func TestOnePendingMigrationKeepsTheNewest(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		store := reminders.NewSQLStore(db)
		for _, r := range []reminders.Record{
			pending("p1", "a@example.com", "V1", "h1", t0),
			pending("p2", "a@example.com", "V2", "h2", t0.Add(time.Minute)),
			pending("p3", "a@example.com", "V3", "h3", t0.Add(2*time.Minute)),
			active("a1", "a@example.com", "V4", t0.Add(3*time.Minute)),
			pending("b1", "b@example.com", "V1", "h4", t0),
		} {
			require.NoError(t, store.Insert(ctx, r))
		}
		// The table as it was before 0014: without the index, and three pending reminders of one variant.
		_, err := db.DB.ExecContext(ctx, `DROP INDEX product_reminders_one_pending`)
		require.NoError(t, err)
		_, err = db.DB.ExecContext(ctx, `UPDATE product_reminders SET variant_id = 'V1' WHERE id IN ('p2', 'p3', 'a1')`)
		require.NoError(t, err)

		migrations, err := database.Migrations(db.Dialect)
		require.NoError(t, err)
		var onePending string
		for _, m := range migrations {
			if m.Version == "0014_reminder_one_pending" {
				onePending = m.SQL
			}
		}
		require.NotEmpty(t, onePending)
		tx, err := db.DB.BeginTx(ctx, nil)
		require.NoError(t, err)
		_, err = tx.ExecContext(ctx, onePending)
		require.NoError(t, err)
		require.NoError(t, tx.Commit())

		rows, err := db.DB.QueryContext(ctx, `SELECT id FROM product_reminders ORDER BY id`)
		require.NoError(t, err)
		var left []string
		for rows.Next() {
			var id string
			require.NoError(t, rows.Scan(&id))
			left = append(left, id)
		}
		require.NoError(t, rows.Err())
		require.NoError(t, rows.Close())
		require.Equal(t, []string{"a1", "b1", "p3"}, left, "the newest pending of a@example.com's V1, its active one and b's")
		require.ErrorIs(t, store.Insert(ctx, pending("p5", "a@example.com", "V1", "h5", t0.Add(time.Hour))), reminders.ErrExists)
	})
}
