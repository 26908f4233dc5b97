package mail_test

import (
	"context"
	"net"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/mail"
)

func TestTemplates(t *testing.T) {
	templates := mail.DefaultTemplates()
	data := map[string]string{"Name": "Eva", "Link": "https://portal.example/x?t=1"}

	tests := []struct {
		name, language, wantLanguage, wantSubject string
	}{
		{"German", "de", "de", "Testnachricht für Eva"},
		{"English from a locale", "en_GB", "en", "Test message for Eva"},
		{"unknown language falls back to German", "pl-PL", "de", "Testnachricht für Eva"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := templates.Render("test-message", tc.language, "eva@example.com", data)
			require.NoError(t, err)
			require.Equal(t, tc.wantLanguage, m.Language)
			require.Equal(t, tc.wantSubject, m.Subject)
			require.Equal(t, []string{"https://portal.example/x?t=1"}, mail.Links(m.Text))
		})
	}

	_, err := templates.Render("no-such-kind", "de", "eva@example.com", data)
	require.Error(t, err)
	_, err = templates.Render("test-message", "de", "eva@example.com", map[string]string{})
	require.Error(t, err, "a missing value must not render as <no value>")
}

func TestTemplatesRejectBrokenFiles(t *testing.T) {
	_, err := mail.LoadTemplates(fstest.MapFS{"templates/x.de.txt": {Data: []byte("no subject line")}})
	require.ErrorContains(t, err, "templates/x.de.txt")
}

func TestShippedTemplatesAllHaveGerman(t *testing.T) {
	// DefaultTemplates panics on a broken file; this keeps every shipped kind renderable in German.
	require.NotPanics(t, func() { mail.DefaultTemplates() })
}

func TestOutbox(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		outbox := mail.NewOutbox(db, nil)
		require.ErrorIs(t, outbox.Send(ctx, mail.Message{To: "a@example.com"}), mail.ErrInvalidMessage)
		for _, subject := range []string{"first", "second"} {
			require.NoError(t, outbox.Send(ctx, mail.Message{To: "A@Example.com", Kind: "test", Language: "de", Subject: subject, Text: "see https://x.example/" + subject}))
		}
		require.NoError(t, outbox.Send(ctx, mail.Message{To: "b@example.com", Subject: "other", Text: "x"}))

		got, err := outbox.Latest(ctx, "a@example.com", 10)
		require.NoError(t, err)
		require.Len(t, got, 2)
		require.Equal(t, "second", got[0].Subject)
		require.Equal(t, []string{"https://x.example/second"}, got[0].Links)
		require.Equal(t, mail.StatusStored, got[0].Status)
		require.False(t, got[0].CreatedAt.IsZero())

		sent, err := outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Zero(t, sent, "without a relay nothing is delivered")
	})
}

type flakyRelay struct {
	mu       sync.Mutex
	failures int
	got      []mail.Message
}

func (r *flakyRelay) Deliver(_ context.Context, m mail.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failures > 0 {
		r.failures--
		return net.ErrClosed
	}
	r.got = append(r.got, m)
	return nil
}

func TestOutboxDeliversThroughRelayAndRetries(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		relay := &flakyRelay{failures: 1}
		outbox := mail.NewOutbox(db, relay)
		require.NoError(t, outbox.Send(ctx, mail.Message{To: "a@example.com", Subject: "s", Text: "t"}))

		sent, err := outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Zero(t, sent)
		stored, err := outbox.Latest(ctx, "a@example.com", 1)
		require.NoError(t, err)
		require.Equal(t, mail.StatusPending, stored[0].Status, "a failed delivery is retried")

		sent, err = outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Equal(t, 1, sent)
		require.Len(t, relay.got, 1)
		stored, err = outbox.Latest(ctx, "a@example.com", 1)
		require.NoError(t, err)
		require.Equal(t, mail.StatusSent, stored[0].Status)

		sent, err = outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Zero(t, sent, "a sent mail is never sent again")
	})
}
