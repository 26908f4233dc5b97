// Package metrics holds the service's Prometheus metrics and serves them on the admin listener (never on the
// public one). The collectors are process-wide, as Prometheus clients usually are; what depends on one running
// service (the database pool, the outbox backlog) is read through Sources, which the service sets at start-up.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/grocer-portal/portal/services/api/internal/release"
)

// Registry holds every metric of the service, plus the Go runtime's and the process's.
var Registry = prometheus.NewRegistry()

var (
	// Requests counts HTTP requests by route template (never the URL: it can hold addresses and tokens),
	// method and status.
	Requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "portal_http_requests_total", Help: "HTTP requests by route template, method and status.",
	}, []string{"route", "method", "status"})
	// RequestDuration is the time to answer, by route template.
	RequestDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "portal_http_request_duration_seconds", Help: "Time to answer an HTTP request, by route template.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"route"})
	// Logins counts password logins of the embedded provider by outcome (ok, invalid, locked, disabled,
	// pending).
	Logins = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "portal_identity_logins_total", Help: "Password logins by outcome.",
	}, []string{"outcome"})
	// IdentityFailures counts identity API calls answered with the contract's general server error because
	// something failed on the server (the database, the vendor). The identity API answers in its envelope with HTTP
	// 200, as the vendor's does, so portal_http_requests_total shows no 5xx for them (QA operations round: an
	// outage went unseen there).
	IdentityFailures = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "portal_identity_call_failures_total", Help: "Identity API calls that failed on the server (the contract's general server error), by method.",
	}, []string{"method"})
	// Lockouts counts login IDs locked after too many failures.
	Lockouts = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "portal_identity_lockouts_total", Help: "Login IDs locked after too many failed logins.",
	})
	// Throttled counts requests slowed down or refused by a throttle, by scope.
	Throttled = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "portal_throttled_total", Help: "Requests slowed down or refused by a throttle, by scope.",
	}, []string{"scope"})
	// HashQueueWait is how long a password hash waited for a free hashing slot.
	HashQueueWait = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "portal_password_hash_queue_wait_seconds", Help: "Time a password hash waited for a hashing slot.",
		Buckets: []float64{.0001, .001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
	})
	// MailDeliveryFailures counts failed SMTP delivery attempts.
	MailDeliveryFailures = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "portal_mail_delivery_failures_total", Help: "Failed attempts to hand a mail to the SMTP relay.",
	})
	// MailsFailed counts mails given up: after their last attempt (mail.MaxAttempts), at once when the relay cannot
	// take them (refused for good, no SMTPUTF8), or not delivered before their link expired; each waits in the outbox
	// for `portal mail requeue-failed`, which leaves those whose link expired. Alert on any increase.
	MailsFailed = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "portal_mail_failed_total", Help: "Mails given up: out of attempts, not taken by the relay, or their link expired first.",
	})
	// MailsDelivered counts mails handed to the SMTP relay.
	MailsDelivered = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "portal_mail_delivered_total", Help: "Mails handed to the SMTP relay.",
	})
	// buildInfo is 1, labelled with the running release (package release, `portal version`): which release each
	// replica runs.
	buildInfo = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "portal_build_info", Help: "The running release: version, commit (revision), uncommitted changes (modified) and Go version; always 1.",
	}, []string{"version", "revision", "modified", "goversion"})
)

// Sources are the running service's parts that metrics read at scrape time.
type Sources struct {
	// DB is the service's connection pool.
	DB *sql.DB
	// OutboxBacklog answers how many mails wait for delivery.
	OutboxBacklog func(ctx context.Context) (int, error)
}

var sources atomic.Pointer[Sources]

// SetSources names the running service's parts; the last service built wins (tests build many).
func SetSources(s Sources) { sources.Store(&s) }

func init() {
	build := release.Read()
	buildInfo.WithLabelValues(build.Version, build.Revision, strconv.FormatBool(build.Modified), build.GoVersion).Set(1)
	Registry.MustRegister(buildInfo,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		Requests, RequestDuration, Logins, IdentityFailures, Lockouts, Throttled, HashQueueWait, MailDeliveryFailures, MailsFailed, MailsDelivered,
		serviceCollector{},
	)
}

var (
	backlogDesc   = prometheus.NewDesc("portal_mail_outbox_backlog", "Mails waiting for delivery to the SMTP relay.", nil, nil)
	poolOpenDesc  = prometheus.NewDesc("portal_db_pool_open_connections", "Open database connections.", nil, nil)
	poolInUseDesc = prometheus.NewDesc("portal_db_pool_in_use_connections", "Database connections in use.", nil, nil)
	poolIdleDesc  = prometheus.NewDesc("portal_db_pool_idle_connections", "Idle database connections.", nil, nil)
	poolWaitDesc  = prometheus.NewDesc("portal_db_pool_wait_count_total", "Times a query waited for a free connection.", nil, nil)
	poolWaitTime  = prometheus.NewDesc("portal_db_pool_wait_seconds_total", "Time spent waiting for a free connection.", nil, nil)
	poolMaxDesc   = prometheus.NewDesc("portal_db_pool_max_open_connections", "Configured maximum of open connections.", nil, nil)
)

// serviceCollector reads the database pool and the outbox at scrape time.
type serviceCollector struct{}

func (serviceCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{backlogDesc, poolOpenDesc, poolInUseDesc, poolIdleDesc, poolWaitDesc, poolWaitTime, poolMaxDesc} {
		ch <- d
	}
}

func (serviceCollector) Collect(ch chan<- prometheus.Metric) {
	s := sources.Load()
	if s == nil {
		return
	}
	if s.DB != nil {
		st := s.DB.Stats()
		ch <- prometheus.MustNewConstMetric(poolOpenDesc, prometheus.GaugeValue, float64(st.OpenConnections))
		ch <- prometheus.MustNewConstMetric(poolInUseDesc, prometheus.GaugeValue, float64(st.InUse))
		ch <- prometheus.MustNewConstMetric(poolIdleDesc, prometheus.GaugeValue, float64(st.Idle))
		ch <- prometheus.MustNewConstMetric(poolWaitDesc, prometheus.CounterValue, float64(st.WaitCount))
		ch <- prometheus.MustNewConstMetric(poolWaitTime, prometheus.CounterValue, st.WaitDuration.Seconds())
		ch <- prometheus.MustNewConstMetric(poolMaxDesc, prometheus.GaugeValue, float64(st.MaxOpenConnections))
	}
	if s.OutboxBacklog != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if n, err := s.OutboxBacklog(ctx); err == nil {
			ch <- prometheus.MustNewConstMetric(backlogDesc, prometheus.GaugeValue, float64(n))
		}
	}
}

// Handler serves the metrics in the Prometheus text format.
func Handler() http.Handler {
	return promhttp.HandlerFor(Registry, promhttp.HandlerOpts{})
}
