package app_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/identityapi"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/mail/mailtest"
)

// In production the admin listener may listen on every interface for the metrics scraper; the profiler's memory
// dumps and traces answer only the machine itself there. Development serves it to anyone who reaches the port.
func TestProfilerOnlyForTheMachineInProduction(t *testing.T) {
	db := dbtest.SQLite(t)
	for _, tc := range []struct {
		production bool
		remote     string
		want       int
	}{
		{true, "10.1.2.3:40000", http.StatusNotFound},
		{true, "[::1]:40000", http.StatusOK},
		{true, "127.0.0.1:40000", http.StatusOK},
		{false, "10.1.2.3:40000", http.StatusOK},
	} {
		admin := app.AdminHandler(db, tc.production)
		req := httptest.NewRequest(http.MethodGet, "/debug/pprof/", nil)
		req.RemoteAddr = tc.remote
		rec := httptest.NewRecorder()
		admin.ServeHTTP(rec, req)
		require.Equal(t, tc.want, rec.Code, "production %v from %s", tc.production, tc.remote)

		req = httptest.NewRequest(http.MethodGet, "/metrics", nil)
		req.RemoteAddr = tc.remote
		rec = httptest.NewRecorder()
		admin.ServeHTTP(rec, req)
		require.Equal(t, http.StatusOK, rec.Code, "metrics for the scraper, production %v", tc.production)
	}
}

// TestTracingErrorsAreWarnings: what OpenTelemetry reports (a collector that cannot be reached) is a warning in
// the service's log (QA operations round: it went through the standard logger).
func TestTracingErrorsAreWarnings(t *testing.T) {
	core, logs := observer.New(zap.WarnLevel)
	cfg := config.Default()
	cfg.Tracing.OTLPEndpoint = "http://127.0.0.1:1"
	shutdown, err := app.StartTracing(context.Background(), cfg, zap.New(core))
	require.NoError(t, err)
	t.Cleanup(func() { otel.SetErrorHandler(otel.ErrorHandlerFunc(func(error) {})) })
	defer shutdown()
	otel.Handle(errors.New("traces export: connection refused"))
	require.Equal(t, 1, logs.FilterMessage("tracing").Len())
}

// An alert on increase(portal_identity_call_failures_total[…]) misses the first failure of a method whose series
// does not exist yet: every method's series is there at 0 from the start (QA operator round).
func TestIdentityFailureSeriesExistFromTheStart(t *testing.T) {
	svc := apitest.New(t)
	rec := httptest.NewRecorder()
	app.AdminHandler(svc.DB, false).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	require.Equal(t, http.StatusOK, rec.Code)
	for _, method := range identityapi.Methods {
		series := regexp.MustCompile(`(?m)^portal_identity_call_failures_total\{method="` + method + `"\} \d+$`)
		require.True(t, series.MatchString(rec.Body.String()), "no series for %s", method)
	}
}

// A stop is logged when the signal comes, with or without a drain: with none, only "stopped" was (QA operator
// round).
func TestStopIsLoggedWhenItIsAsked(t *testing.T) {
	svc := apitest.New(t)
	signalled, stop := context.WithCancelCause(context.Background())
	drained, cancel := svc.App.DrainOnStop(signalled)
	t.Cleanup(cancel)
	stop(errors.New("terminated signal received"))
	<-drained.Done()
	lines := svc.Logs.FilterMessage("stopping").AllUntimed()
	require.Len(t, lines, 1)
	require.Equal(t, "terminated signal received", lines[0].ContextMap()["cause"])
}

// Production's mails went out in clear text to a relay that offered no STARTTLS (QA operator round): the service
// hands mail to an smtp:// relay only over STARTTLS there unless mail.smtp.tls says opportunistic.
func TestProductionMailNeedsTheRelaysTLS(t *testing.T) {
	for _, tc := range []struct {
		policy    string
		delivered int
	}{
		{"", 0},
		{config.SMTPTLSOpportunistic, 1},
	} {
		t.Run("mail.smtp.tls="+tc.policy, func(t *testing.T) {
			relay := mailtest.Start(t, mailtest.Options{}) // no STARTTLS on offer
			s := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
				c.Env = config.EnvProduction
				c.Mail.SMTP.URL = "smtp://" + relay.Addr
				c.Mail.SMTP.TLS = tc.policy
			}))
			ctx := context.Background()
			require.NoError(t, s.App.Outbox.Send(ctx, mail.Message{To: "eva@example.com", Subject: "s", Text: "t"}))
			sent, err := s.App.Outbox.DeliverPending(ctx, 10)
			require.NoError(t, err)
			require.Equal(t, tc.delivered, sent)
			require.Len(t, relay.Received(), tc.delivered)
		})
	}
}

// A database outage wrote a "mail delivery" warning every jobs.mailInterval (QA operator round), where the README
// says an outage is logged once at warn and its end once at info, as /readyz does: the delivery logs the same way.
func TestMailDeliveryLogsItsOutageOnce(t *testing.T) {
	relay := mailtest.Start(t, mailtest.Options{})
	s := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
		c.Mail.SMTP.URL = "smtp://" + relay.Addr
		c.Jobs.MailInterval = 100 * time.Millisecond
	}))
	// The outbox's table gone is what a database that does not answer is to the delivery: every round fails.
	_, err := s.DB.Exec(`ALTER TABLE mail_outbox RENAME TO mail_outbox_away`)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); s.App.Run(ctx) }()
	defer func() { cancel(); <-done }()

	delivery := func() []string {
		var lines []string
		for _, e := range s.Logs.All() {
			if strings.HasPrefix(e.Message, "mail delivery") {
				lines = append(lines, e.Level.String()+" "+e.Message)
			}
		}
		return lines
	}
	time.Sleep(600 * time.Millisecond) // some five rounds
	_, err = s.DB.Exec(`ALTER TABLE mail_outbox_away RENAME TO mail_outbox`)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return len(delivery()) == 2 }, 5*time.Second, 20*time.Millisecond, "%q", delivery())
	time.Sleep(300 * time.Millisecond)
	require.Equal(t, []string{
		"warn mail delivery stopped: the outbox in the database cannot be read or written",
		"info mail delivery resumed: the outbox answers again",
	}, delivery())
}
