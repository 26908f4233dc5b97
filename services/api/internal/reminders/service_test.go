package reminders_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
)

var errBadToken = errors.New("bad link token")

// links is a fake LinkVerifier: token "link:<address>" names that subscriber.
type links struct{}

func (links) Verify(_ context.Context, token string) (identity.Email, error) {
	addr, ok := strings.CutPrefix(token, "link:")
	if !ok {
		return "", errBadToken
	}
	return identity.ParseEmail(addr)
}

type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

type fixture struct {
	svc   *reminders.Service
	mails *mail.Recorder
	clock *clock
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	f := fixture{mails: &mail.Recorder{}, clock: &clock{now: t0}}
	f.svc = reminders.NewService(reminders.Settings{
		Store:     reminders.NewSQLStore(dbtest.SQLite(t)),
		Links:     links{},
		Mail:      f.mails,
		Templates: mail.DefaultTemplates(),
		PublicURL: "https://portal.example.com/",
		Now:       f.clock.Now,
	})
	return f
}

func newReminder(t *testing.T, email, variant, language string) reminders.NewReminder {
	t.Helper()
	n, err := reminders.ParseNewReminder(email, variant, map[string]string{"de": "Bio-Milch", "en": "Organic milk", "fr": "Lait bio"}, language)
	require.NoError(t, err)
	return n
}

// confirmToken takes the token from the verification mail's link.
func confirmToken(t *testing.T, m mail.Message) string {
	t.Helper()
	links := mail.Links(m.Text)
	require.Len(t, links, 1)
	u, err := url.Parse(links[0])
	require.NoError(t, err)
	require.Equal(t, "portal.example.com", u.Host)
	require.Equal(t, reminders.ConfirmPath, u.Path)
	token := u.Query().Get("token")
	require.Len(t, token, 43, "256 random bits, base64url")
	return token
}

func search(t *testing.T, f fixture, email string) []string {
	t.Helper()
	list, err := f.svc.Search(context.Background(), "link:"+email)
	require.NoError(t, err)
	return ids(list)
}

func TestCreateAndConfirm(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	r, err := f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "fr_BE"))
	require.NoError(t, err)
	require.Len(t, r.ID, 32)

	m, ok := f.mails.Last("anna@example.com")
	require.True(t, ok)
	require.Equal(t, reminders.MailKind, m.Kind)
	require.Equal(t, "fr", m.Language)
	require.Contains(t, m.Text, "Lait bio")
	require.Contains(t, m.Text, "7 jours")
	require.True(t, m.LinkExpiresAt.Equal(t0.Add(reminders.ConfirmationWindow)), "the outbox sends no mail whose link has ended")
	token := confirmToken(t, m)

	require.Empty(t, search(t, f, "anna@example.com"), "pending reminders never show")

	f.clock.now = t0.Add(reminders.ConfirmationWindow - time.Minute)
	require.NoError(t, f.svc.Confirm(ctx, token))
	require.Equal(t, []string{r.ID}, search(t, f, "anna@example.com"))
	require.ErrorIs(t, f.svc.Confirm(ctx, token), reminders.ErrConfirmationUnknown, "single use")
}

func TestConfirmFailures(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	_, err := f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", ""))
	require.NoError(t, err)
	m, _ := f.mails.Last("anna@example.com")
	require.Equal(t, "de", m.Language)
	token := confirmToken(t, m)

	tests := []struct {
		name  string
		token string
		at    time.Time
		want  error
	}{
		{"malformed", "not-a-token", t0, reminders.ErrConfirmationUnknown},
		{"empty", "", t0, reminders.ErrConfirmationUnknown},
		{"unknown", strings.Repeat("A", 43), t0, reminders.ErrConfirmationUnknown},
		{"after 7 days", token, t0.Add(reminders.ConfirmationWindow), reminders.ErrConfirmationExpired},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f.clock.now = tc.at
			require.ErrorIs(t, f.svc.Confirm(ctx, tc.token), tc.want)
		})
	}
	require.Empty(t, search(t, f, "anna@example.com"))
}

func TestSweepPending(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	_, err := f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
	require.NoError(t, err)
	oldToken := confirmToken(t, f.mails.Messages[0])
	f.clock.now = t0.Add(24 * time.Hour)
	_, err = f.svc.Create(ctx, newReminder(t, "anna@example.com", "v2", "de"))
	require.NoError(t, err)
	newToken := confirmToken(t, f.mails.Messages[1])

	// Past its window, an unconfirmed reminder is kept for a while: its late click is told the link expired.
	f.clock.now = t0.Add(reminders.ConfirmationWindow + time.Hour)
	n, err := f.svc.SweepPending(ctx)
	require.NoError(t, err)
	require.Zero(t, n)
	require.ErrorIs(t, f.svc.Confirm(ctx, oldToken), reminders.ErrConfirmationExpired)
	require.NoError(t, f.svc.Confirm(ctx, newToken))

	f.clock.now = t0.Add(reminders.ConfirmationWindow + reminders.ExpiredKept + time.Hour)
	n, err = f.svc.SweepPending(ctx)
	require.NoError(t, err)
	require.EqualValues(t, 1, n)
	require.ErrorIs(t, f.svc.Confirm(ctx, oldToken), reminders.ErrConfirmationUnknown)
}

// subscriptions records what Confirm tells the identity provider, and fails while err is set.
type subscriptions struct {
	calls []string
	err   error
}

func (s *subscriptions) SubscribeConfirmed(_ context.Context, email identity.Email, key string) error {
	if s.err != nil {
		return s.err
	}
	s.calls = append(s.calls, email.String()+" "+key)
	return nil
}

func (s *subscriptions) SubscribeConfirmedAt(_ context.Context, email identity.Email, key string, at time.Time) (bool, error) {
	if s.err != nil {
		return false, s.err
	}
	s.calls = append(s.calls, email.String()+" "+key+" at "+at.UTC().Format(time.RFC3339))
	return true, nil
}

func TestConfirmTurnsTheSubscriptionOn(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	subs := &subscriptions{err: errors.New("provider down")}
	store := reminders.NewSQLStore(dbtest.SQLite(t))
	f.svc = reminders.NewService(reminders.Settings{Store: store, Links: links{}, Mail: f.mails, Templates: mail.DefaultTemplates(),
		PublicURL: "https://portal.example.com/", Subscriptions: subs, Now: f.clock.Now})
	r, err := f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
	require.NoError(t, err)
	token := confirmToken(t, f.mails.Messages[0])

	require.ErrorContains(t, f.svc.Confirm(ctx, token), "provider down")
	require.Empty(t, search(t, f, "anna@example.com"), "the reminder waits, so its link works again")

	subs.err = nil
	require.NoError(t, f.svc.Confirm(ctx, token))
	require.Equal(t, []string{"anna@example.com " + reminders.SubscriptionKey}, subs.calls)
	require.Equal(t, []string{r.ID}, search(t, f, "anna@example.com"))

	require.ErrorIs(t, f.svc.Confirm(ctx, token), reminders.ErrConfirmationUnknown)
	require.Len(t, subs.calls, 1, "a used link tells the provider nothing")
}

// unsubscribeFirst is a SubscriberLock held by an unsubscribe from everything that deletes the address's
// reminders before the confirmation waiting for the lock gets it.
type unsubscribeFirst struct {
	store reminders.Store
	held  []identity.Email
}

func (u *unsubscribeFirst) Exclusive(ctx context.Context, email identity.Email, fn func(context.Context) error) error {
	u.held = append(u.held, email)
	if _, err := u.store.DeleteAllOf(ctx, email); err != nil {
		return err
	}
	return fn(ctx)
}

// TestConfirmAfterAnUnsubscribeSubscribesNothing: a confirmation that waited for the subscriber's lock while an
// unsubscribe from everything erased the address must not subscribe it again (QA: 11 of 38 racing pairs left a
// subscribed account behind).
func TestConfirmAfterAnUnsubscribeSubscribesNothing(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	subs := &subscriptions{}
	store := reminders.NewSQLStore(dbtest.SQLite(t))
	lock := &unsubscribeFirst{store: store}
	f.svc = reminders.NewService(reminders.Settings{Store: store, Links: links{}, Mail: f.mails, Templates: mail.DefaultTemplates(),
		PublicURL: "https://portal.example.com/", Subscriptions: subs, Now: f.clock.Now, Lock: lock})
	_, err := f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
	require.NoError(t, err)

	require.ErrorIs(t, f.svc.Confirm(ctx, confirmToken(t, f.mails.Messages[0])), reminders.ErrConfirmationUnknown)
	require.Equal(t, []identity.Email{"anna@example.com"}, lock.held, "the confirmation ran under the address's lock")
	require.Empty(t, subs.calls, "nothing subscribed the erased address again")
}

func TestCreateUndoesReminderWhenMailFails(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.mails.Err = errors.New("outbox down")
	_, err := f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
	require.ErrorContains(t, err, "outbox down")

	// Nothing is left that a sweep would have to find.
	f.clock.now = t0.Add(365 * 24 * time.Hour)
	n, err := f.svc.SweepPending(ctx)
	require.NoError(t, err)
	require.Zero(t, n)
}

func TestSearchAndDelete(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	seeds := []reminders.Seed{
		{VariantID: "v1", VariantName: reminders.VariantName{"de": "Milch"}},
		{VariantID: "v2", VariantName: reminders.VariantName{"de": "Brot"}},
	}
	_, err := f.svc.SeedActive(ctx, "anna@example.com", seeds)
	require.NoError(t, err)
	_, err = f.svc.SeedActive(ctx, "ben@example.com", seeds[:1])
	require.NoError(t, err)
	annas := search(t, f, "anna@example.com")
	bens := search(t, f, "ben@example.com")
	require.Len(t, annas, 2)

	_, err = f.svc.Search(ctx, "forged")
	require.ErrorIs(t, err, errBadToken)
	require.ErrorIs(t, f.svc.Delete(ctx, "forged", annas), errBadToken)
	require.ErrorIs(t, f.svc.Delete(ctx, "link:anna@example.com", nil), reminders.ErrInvalid)
	require.ErrorIs(t, f.svc.Delete(ctx, "link:anna@example.com", []string{annas[0], bens[0]}), reminders.ErrNotOwned)
	require.Len(t, search(t, f, "anna@example.com"), 2)

	require.NoError(t, f.svc.Delete(ctx, "link:anna@example.com", []string{annas[0]}))
	require.Equal(t, annas[1:], search(t, f, "anna@example.com"))
	require.Equal(t, bens, search(t, f, "ben@example.com"))
}

func TestSeedActiveIsIdempotent(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	seeds := []reminders.Seed{
		{VariantID: "v1", VariantName: reminders.VariantName{"de": "Milch", "en": "Milk"}},
		{VariantID: "v2", VariantName: reminders.VariantName{"de": "Brot", "en": "Bread"}},
	}
	n, err := f.svc.SeedActive(ctx, "demo@example.com", seeds)
	require.NoError(t, err)
	require.Equal(t, 2, n)
	n, err = f.svc.SeedActive(ctx, "demo@example.com", seeds)
	require.NoError(t, err)
	require.Zero(t, n)
	list, err := f.svc.Search(ctx, "link:demo@example.com")
	require.NoError(t, err)
	require.Len(t, list, 2)
	require.Equal(t, reminders.VariantID("v1"), list[0].VariantID)
}

func TestVerificationTemplatesExist(t *testing.T) {
	templates := mail.DefaultTemplates()
	for _, lang := range []string{"de", "en", "fr", "nl", "es", "pl", "pt"} {
		t.Run(lang, func(t *testing.T) {
			m, err := templates.Render(reminders.MailKind, lang, "a@example.com", map[string]any{"Product": "P", "Link": "https://x.example/l", "Days": 7})
			require.NoError(t, err)
			require.Equal(t, lang, m.Language, "a template of its own, no fallback")
			require.Contains(t, m.Text, "https://x.example/l")
			require.Contains(t, m.Text, "P")
			require.NotEmpty(t, m.Subject)
		})
	}
}

// TestSearchAllTellsAnExpiredReminder: a reminder whose link was not followed within its window is reported as
// expired, so the centre says it was not activated instead of asking for the confirmation (spec 001 §8).
func TestSearchAllTellsAnExpiredReminder(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	_, err := f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
	require.NoError(t, err)
	_, pending, err := f.svc.SearchAll(ctx, "link:anna@example.com")
	require.NoError(t, err)
	require.Len(t, pending, 1)
	require.False(t, pending[0].Expired, "still within its window")

	f.clock.now = t0.Add(reminders.ConfirmationWindow)
	_, pending, err = f.svc.SearchAll(ctx, "link:anna@example.com")
	require.NoError(t, err)
	require.Len(t, pending, 1)
	require.True(t, pending[0].Expired, "its window has ended")
}

// TestCreateAnswersTheAddressesReminderOfTheVariant: identical creates, at once or one after another, make one
// pending reminder and send one mail; its mail is sent again only after MailInterval, and a variant already active
// is answered as it is (QA round of 2026-11-29: 20 creates, 20 pending reminders and 20 mails). On both databases,
// with the real outbox.
func TestCreateAnswersTheAddressesReminderOfTheVariant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		outbox := mail.NewOutbox(db, nil)
		clk := &clock{now: t0}
		svc := reminders.NewService(reminders.Settings{
			Store: reminders.NewSQLStore(db), Links: links{}, Mail: outbox, Templates: mail.DefaultTemplates(),
			PublicURL: "https://portal.example.com/", Now: clk.Now,
		})
		mails := func() []mail.Stored {
			t.Helper()
			list, err := outbox.Latest(ctx, "anna@example.com", 100)
			require.NoError(t, err)
			return list
		}
		tokenOf := func(m mail.Stored) string {
			t.Helper()
			u, err := url.Parse(m.Links[0])
			require.NoError(t, err)
			return u.Query().Get("token")
		}

		const n = 20
		results := make(chan reminders.Created, n)
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
				assert.NoError(t, err)
				results <- c
			}()
		}
		wg.Wait()
		close(results)
		ids, created, mailed := map[string]bool{}, 0, 0
		for c := range results {
			ids[c.ID] = true
			require.Equal(t, reminders.StatusPending, c.Status)
			if c.New {
				created++
			}
			if c.Mailed {
				mailed++
			}
		}
		require.Len(t, ids, 1, "one reminder answered to all")
		require.Equal(t, 1, created)
		require.Equal(t, 1, mailed)
		require.Len(t, mails(), 1)
		_, pending, err := svc.SearchAll(ctx, "link:anna@example.com")
		require.NoError(t, err)
		require.Len(t, pending, 1)

		// One after another within MailInterval: the same reminder, no mail.
		clk.now = t0.Add(reminders.MailInterval - time.Second)
		for range 3 {
			c, err := svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "en"))
			require.NoError(t, err)
			require.True(t, ids[c.ID])
			require.False(t, c.New || c.Mailed)
		}
		require.Len(t, mails(), 1)

		// Later: mailed again, in this call's language, with a new link and window; the earlier link is replaced.
		clk.now = t0.Add(reminders.MailInterval)
		c, err := svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "en"))
		require.NoError(t, err)
		require.True(t, ids[c.ID])
		require.True(t, c.Mailed)
		require.False(t, c.New)
		list := mails()
		require.Len(t, list, 2)
		require.Equal(t, "en", list[0].Language)
		_, pending, err = svc.SearchAll(ctx, "link:anna@example.com")
		require.NoError(t, err)
		require.Len(t, pending, 1)
		require.True(t, pending[0].ConfirmBy.Equal(clk.now.Add(reminders.ConfirmationWindow)), "a new 7-day window")
		require.ErrorIs(t, svc.Confirm(ctx, tokenOf(list[1])), reminders.ErrConfirmationUnknown, "the earlier link")
		require.NoError(t, svc.Confirm(ctx, tokenOf(list[0])))
		require.Equal(t, []string{c.ID}, search(t, fixture{svc: svc}, "anna@example.com"))

		// Active: answered as it is, no mail, no pending duplicate.
		c, err = svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
		require.NoError(t, err)
		require.Equal(t, reminders.Created{Reminder: c.Reminder, Status: reminders.StatusActive}, c)
		require.True(t, ids[c.ID])
		require.Len(t, mails(), 2)
		_, pending, err = svc.SearchAll(ctx, "link:anna@example.com")
		require.NoError(t, err)
		require.Empty(t, pending)

		// A pending reminder whose window ended is armed again by a create, with a mail.
		c, err = svc.Create(ctx, newReminder(t, "anna@example.com", "v2", "de"))
		require.NoError(t, err)
		require.True(t, c.New)
		clk.now = clk.now.Add(reminders.ConfirmationWindow + time.Hour)
		again, err := svc.Create(ctx, newReminder(t, "anna@example.com", "v2", "de"))
		require.NoError(t, err)
		require.Equal(t, c.ID, again.ID)
		require.True(t, again.Mailed)
		require.NoError(t, svc.Confirm(ctx, tokenOf(mails()[0])))
	})
}

// TestCreateKeepsTheEarlierLinkWhenTheMailAgainFails: a mail sent again that cannot be sent leaves the reminder
// with its earlier link and window, so that link still activates it and the shop's retry mails again.
func TestCreateKeepsTheEarlierLinkWhenTheMailAgainFails(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	_, err := f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
	require.NoError(t, err)
	first, _ := f.mails.Last("anna@example.com")

	f.clock.now = t0.Add(time.Hour)
	f.mails.Err = errors.New("outbox down")
	_, err = f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
	require.ErrorContains(t, err, "outbox down")
	f.mails.Err = nil
	c, err := f.svc.Create(ctx, newReminder(t, "anna@example.com", "v1", "de"))
	require.NoError(t, err)
	require.True(t, c.Mailed, "the retry mails")
	require.Len(t, f.mails.Messages, 2)
	require.True(t, f.mails.Messages[1].LinkExpiresAt.Equal(f.clock.now.Add(reminders.ConfirmationWindow)), "a mail sent again names its new link's end")
	require.ErrorIs(t, f.svc.Confirm(ctx, confirmToken(t, first)), reminders.ErrConfirmationUnknown, "replaced by the retry's")
	require.NoError(t, f.svc.Confirm(ctx, confirmToken(t, f.mails.Messages[1])))
}
