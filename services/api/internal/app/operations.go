package app

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/pprof"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/httpapi"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
)

// AdminHandler answers on the admin listener (admin.addr): GET /metrics (Prometheus), /healthz, /readyz and the
// Go profiler under /debug/pprof/ (how docs/scaling.md's figures were found; an operator profiles a replica
// under real load the same way). It is never mounted on the public listener. In production the profiler answers
// only requests from the machine itself (ssh, kubectl port-forward), since admin.addr may well listen on every
// interface for the metrics scraper: its memory dumps and traces are not for the network (OWASP ASVS 14.3.2).
func AdminHandler(ready httpapi.Pinger, production bool) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics.Handler())
	profiler := func(h http.HandlerFunc) http.HandlerFunc {
		if !production {
			return h
		}
		return func(w http.ResponseWriter, r *http.Request) {
			if host, _, err := net.SplitHostPort(r.RemoteAddr); err != nil || !net.ParseIP(host).IsLoopback() {
				http.NotFound(w, r)
				return
			}
			h(w, r)
		}
	}
	mux.HandleFunc("GET /debug/pprof/", profiler(pprof.Index))
	mux.HandleFunc("GET /debug/pprof/profile", profiler(pprof.Profile))
	mux.HandleFunc("GET /debug/pprof/trace", profiler(pprof.Trace))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := ready.Ping(ctx); errors.Is(err, httpapi.ErrStopping) {
			http.Error(w, "stopping", http.StatusServiceUnavailable)
			return
		} else if err != nil {
			http.Error(w, "database not reachable", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	return mux
}

// ServeAdmin serves AdminHandler on ln until ctx ends.
func (a *App) ServeAdmin(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{Handler: AdminHandler(a.ready, a.Config.Env == config.EnvProduction), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// readiness is what /readyz asks on both listeners: the database answers, and the service has not begun to stop.
type readiness struct {
	db       httpapi.Pinger
	logger   *zap.Logger
	stopping atomic.Bool
	// down: the database's outage and its return are logged once each, not with every probe (QA operator round: an
	// error line per probe while the database was down).
	down outage
}

// outage is whether something the service relies on failed at its last try: its failing is logged once, at warn
// with the error, when it begins (began), and once at info when it works again (ended), not at every try (QA
// operator rounds: a line per readiness probe, a "mail delivery" warning per jobs.mailInterval).
type outage struct {
	down atomic.Bool
}

// report logs err when it begins an outage, or the outage's end when err is nil after a failure.
func (o *outage) report(logger *zap.Logger, err error, began, ended string) {
	switch {
	case err != nil && o.down.CompareAndSwap(false, true):
		logger.Warn(began, zap.Error(err))
	case err == nil && o.down.CompareAndSwap(true, false):
		logger.Info(ended)
	}
}

// Ping answers httpapi.ErrStopping once the stop has begun (DrainOnStop), else the database's answer.
func (r *readiness) Ping(ctx context.Context) error {
	if r.stopping.Load() {
		return httpapi.ErrStopping
	}
	err := r.db.Ping(ctx)
	r.down.report(r.logger, err, "not ready: the database does not answer", "ready: the database answers again")
	return err
}

// DrainOnStop returns the context the listeners and the background work run on: it ends http.shutdownDrain after
// ctx ends (a SIGTERM). In between /readyz answers 503 on both listeners while they still serve, so that a load
// balancer or Kubernetes takes the replica out of rotation before it refuses connections; without it a request
// half a second after the signal was refused (QA operations round). cancel ends it at once. The stop is logged
// when it is asked, with the signal (ctx's cause): without a drain only "stopped" was (QA operator round).
func (a *App) DrainOnStop(ctx context.Context) (stop context.Context, cancel context.CancelFunc) {
	stop, cancel = context.WithCancel(context.WithoutCancel(ctx))
	go func() {
		select {
		case <-stop.Done():
			return
		case <-ctx.Done():
		}
		a.ready.stopping.Store(true)
		// With a drain, /readyz answers 503 for shutdownDrain while the service still serves.
		d := a.Config.HTTP.ShutdownDrain
		a.logger.Info("stopping", zap.String("cause", context.Cause(ctx).Error()), zap.Duration("shutdownDrain", d))
		if d > 0 {
			select {
			case <-time.After(d):
			case <-stop.Done():
			}
		}
		cancel()
	}()
	return stop, cancel
}

// StartTracing sends OpenTelemetry traces over OTLP/HTTP to tracing.otlpEndpoint when it is set (the HTTP edge
// makes a span per request, named by its route template); without it the global tracer stays the no-op one, which
// costs nothing. The returned function flushes and stops the exporter.
func StartTracing(ctx context.Context, cfg config.Config, logger *zap.Logger) (func(), error) {
	if cfg.Tracing.OTLPEndpoint == "" {
		return func() {}, nil
	}
	exporter, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(cfg.Tracing.OTLPEndpoint+"/v1/traces"))
	if err != nil {
		return nil, err
	}
	ratio := cfg.Tracing.SampleRatio
	if ratio == 0 {
		ratio = 1
	}
	provider := sdktrace.NewTracerProvider(
		sdktrace.WithBatcher(exporter),
		sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.TraceIDRatioBased(ratio))),
		sdktrace.WithResource(resource.NewSchemaless(semconv.ServiceName("portal"), semconv.DeploymentEnvironment(cfg.Env))),
	)
	otel.SetTracerProvider(provider)
	otel.SetTextMapPropagator(propagation.TraceContext{})
	// A collector that cannot be reached is worth a warning in the service's own log; OpenTelemetry's default
	// handler wrote it through the standard logger, where it passed for information (QA operations round).
	otel.SetErrorHandler(otel.ErrorHandlerFunc(func(err error) { logger.Warn("tracing", zap.Error(err)) }))
	logger.Info("sending traces", zap.String("otlp_endpoint", cfg.Tracing.OTLPEndpoint))
	return func() {
		flush, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := provider.Shutdown(flush); err != nil {
			logger.Warn("flushing traces", zap.Error(err))
		}
	}, nil
}
