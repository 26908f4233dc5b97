package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"strconv"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/httpapi"
	"github.com/grocer-portal/portal/services/api/internal/logging"
)

// runServe starts the service and blocks until ctx ends (SIGINT/SIGTERM),
// then drains in-flight requests and closes the database.
func runServe(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("serve", env)
	flags := config.RegisterFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, logger, err := setup(flags)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }()

	db, err := openAndMigrate(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer func() {
		if err := db.Close(); err != nil {
			logger.Warn("closing database", zap.Error(err))
		}
	}()

	ln, err := net.Listen("tcp", cfg.HTTP.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.HTTP.Addr, err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	if cfg.HTTP.PublicURL == "" {
		cfg.HTTP.PublicURL = localURL(cfg.HTTP.Addr, port)
	}
	service, err := app.New(ctx, cfg, logger, db, app.Options{})
	if err != nil {
		_ = ln.Close()
		return err
	}
	go service.Run(ctx)
	logger.Info("listening", zap.String("addr", ln.Addr().String()), zap.String("public_url", cfg.HTTP.PublicURL))
	fmt.Fprintf(env.stdout, "Portal is running at http://localhost:%d/ (account portal) and http://localhost:%d/preferences/ (preference centre)\n", port, port)

	err = httpapi.Serve(ctx, service.Echo, ln, httpapi.ShutdownTimeout)
	logger.Info("stopped")
	return err
}

// localURL is the address mails link to when http.publicUrl is not set: the listener's own, with the port it
// really got (the address may ask for port 0), on localhost unless it listens on one specific address.
func localURL(addr string, port int) string {
	host, _, _ := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(port))
}

// runMigrate applies pending migrations and reports them on stdout.
func runMigrate(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("migrate", env)
	flags := config.RegisterFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, logger, err := setup(flags)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }()

	db, err := database.Open(ctx, cfg.Database.URL)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	applied, err := db.Migrate(ctx)
	for _, v := range applied {
		fmt.Fprintf(env.stdout, "applied %s\n", v)
	}
	if err != nil {
		return err
	}
	if len(applied) == 0 {
		fmt.Fprintf(env.stdout, "database is up to date (%s)\n", db.Dialect)
	} else {
		fmt.Fprintf(env.stdout, "applied %d migration(s) (%s)\n", len(applied), db.Dialect)
	}
	return nil
}

// setup loads the configuration and the logger every subcommand needs.
func setup(flags *config.Flags) (config.Config, *zap.Logger, error) {
	cfg, err := config.Load(flags.Sources())
	if err != nil {
		return config.Config{}, nil, err
	}
	logger, err := logging.New(cfg.Log.Level, cfg.Env)
	if err != nil {
		return config.Config{}, nil, err
	}
	logger.Info("configuration", zap.Any("config", cfg.Masked()))
	// Libraries that log through log/slog (zitadel/oidc) write the service's JSON lines too.
	slog.SetDefault(slog.New(logging.Slog(logger)))
	return cfg, logger, nil
}

// withDatabase is the frame of every subcommand that works on the data: it loads the configuration, opens
// and migrates the database, runs fn, and closes both again.
func withDatabase(ctx context.Context, flags *config.Flags, fn func(cfg config.Config, logger *zap.Logger, db *database.DB) error) error {
	cfg, logger, err := setup(flags)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }()
	db, err := openAndMigrate(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	return fn(cfg, logger, db)
}

func openAndMigrate(ctx context.Context, cfg config.Config, logger *zap.Logger) (*database.DB, error) {
	db, err := database.Open(ctx, cfg.Database.URL)
	if err != nil {
		return nil, err
	}
	applied, err := db.Migrate(ctx)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	logger.Info("database ready", zap.String("dialect", string(db.Dialect)), zap.Strings("migrations_applied", applied))
	return db, nil
}
