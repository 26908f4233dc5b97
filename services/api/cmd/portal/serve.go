package main

import (
	"context"
	"fmt"
	"net"

	"go.uber.org/zap"

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

	e, err := httpapi.New(httpapi.Deps{Config: cfg, Logger: logger, DB: db})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.HTTP.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.HTTP.Addr, err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	logger.Info("listening", zap.String("addr", ln.Addr().String()), zap.String("public_url", cfg.HTTP.PublicURL))
	fmt.Fprintf(env.stdout, "Portal is running at http://localhost:%d/ (account portal) and http://localhost:%d/preferences/ (preference centre)\n", port, port)

	err = httpapi.Serve(ctx, e, ln, httpapi.ShutdownTimeout)
	logger.Info("stopped")
	return err
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
	return cfg, logger, nil
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
