package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/config"
)

// runHealthcheck asks the local service's /healthz, for container health checks in images without a shell or
// curl. It exits non-zero unless the service answers 200 within three seconds.
func runHealthcheck(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("healthcheck", env)
	flags := config.RegisterFlags(fs)
	describe(fs, "healthcheck [flags]", "Exits 0 when the local service on http.addr answers /healthz within three seconds, for container\n"+
		"health checks. It reads the settings as serve does and needs none of them but http.addr.")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg, err := config.LoadUnchecked(flags.Sources())
	if err != nil {
		return err
	}
	host, port, err := net.SplitHostPort(cfg.HTTP.Addr)
	if err != nil {
		return fmt.Errorf("http.addr: %w", err)
	}
	// A listener on every address answers on the loopback one; a listener on one address only there.
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/healthz", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: /healthz answered %d", resp.StatusCode)
	}
	fmt.Fprintln(env.stdout, "ok")
	return nil
}
