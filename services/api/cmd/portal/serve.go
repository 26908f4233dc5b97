package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/httpapi"
	"github.com/grocer-portal/portal/services/api/internal/logging"
	"github.com/grocer-portal/portal/services/api/internal/release"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// runServe starts the service and blocks until ctx ends (SIGINT/SIGTERM), then, after http.shutdownDrain with
// /readyz at 503, drains in-flight requests and closes the database.
func runServe(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("serve", env)
	flags := config.RegisterFlags(fs)
	describe(fs, "serve [flags]", "Runs the service (the default command): both apps, the REST API, the embedded identity provider, mail\n"+
		"delivery and the periodic sweeps, after applying the database's migrations. A stop (SIGTERM, Ctrl-C) answers\n"+
		"/readyz with 503 for http.shutdownDrain, then closes the listeners.")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg, logger, err := setupService(flags)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }()

	if cfg.Env == config.EnvProduction {
		// Production runs on the database `portal migrate` made: a mistyped path got a new, empty one, and the
		// service ran on it (operator round). Outside production serve still makes it, as `make run` needs.
		if err := requireSQLiteFile(cfg.Database.URL, "in production serve opens only a database portal migrate made: run it first"); err != nil {
			return err
		}
	}
	// The ports first: one another process holds stops serve before a database is made or migrated (QA operator
	// round). Serve closes them; a start that fails before closes them here.
	ln, adminLn, err := listen(cfg)
	if err != nil {
		return err
	}
	defer func() { _ = ln.Close() }()
	if adminLn != nil {
		defer func() { _ = adminLn.Close() }()
	}
	db, err := openAndMigrate(ctx, cfg, logger, false)
	if err != nil {
		return err
	}
	defer func() {
		if err := db.Close(); err != nil {
			logger.Warn("closing database", zap.Error(err))
		}
	}()

	port := ln.Addr().(*net.TCPAddr).Port
	if cfg.HTTP.PublicURL == "" {
		cfg.HTTP.PublicURL = localURL(cfg.HTTP.Addr, port)
	}
	service, err := app.New(ctx, cfg, logger, db, app.Options{})
	if err != nil {
		return err
	}
	shutdownTracing, err := app.StartTracing(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer shutdownTracing()
	// A stop drains first (http.shutdownDrain): everything below runs on until stop ends.
	stop, cancelStop := service.DrainOnStop(ctx)
	defer cancelStop()
	go endDrainOnSignal(ctx, stop, cancelStop, env.releaseSignals, logger)
	adminAddr := ""
	if adminLn != nil {
		adminAddr = adminLn.Addr().String()
		go func() {
			if err := service.ServeAdmin(stop, adminLn); err != nil {
				logger.Error("admin listener", zap.Error(err))
			}
		}()
	}
	// The background work (mail delivery, sweeps) finishes what it has begun before the database closes.
	background := make(chan struct{})
	go func() { defer close(background); service.Run(stop) }()
	defer func() {
		select {
		case <-background:
		case <-time.After(httpapi.ShutdownTimeout):
			logger.Warn("background work still running at shutdown")
		}
	}()
	build := release.Read()
	logger.Info("listening", zap.String("addr", ln.Addr().String()), zap.String("public_url", cfg.HTTP.PublicURL), zap.String("admin_addr", adminAddr),
		zap.String("version", build.Version), zap.String("revision", build.Revision), zap.Bool("modified", build.Modified))
	// Where a person opens it: the public URL (a proxy's address in production, which named localhost before),
	// else this machine's listener. Production's standard output lands among its JSON log lines (a container's
	// log): there the listening line says it (QA operator round).
	if cfg.Env != config.EnvProduction {
		base := strings.TrimRight(cfg.HTTP.PublicURL, "/")
		fmt.Fprintf(env.stdout, "Portal is running at %s/ (account portal) and %s/preferences/ (preference centre)\n", base, base)
	}
	printStartup(ctx, env, cfg, db, adminAddr)

	err = httpapi.Serve(stop, service.Echo, ln, httpapi.ShutdownTimeout)
	if errors.Is(err, httpapi.ErrShutdownCut) {
		logger.Warn("stopped; requests still open after the shutdown's time were cut off", zap.Duration("shutdownTimeout", httpapi.ShutdownTimeout))
		return nil
	}
	logger.Info("stopped")
	return err
}

// listen binds http.addr and, when it is set, admin.addr; an address that cannot be had is named by its setting.
func listen(cfg config.Config) (public, admin net.Listener, err error) {
	if public, err = net.Listen("tcp", cfg.HTTP.Addr); err != nil {
		return nil, nil, fmt.Errorf("listen on http.addr %s: %w", cfg.HTTP.Addr, err)
	}
	if cfg.Admin.Addr != "" {
		if admin, err = net.Listen("tcp", cfg.Admin.Addr); err != nil {
			_ = public.Close()
			return nil, nil, fmt.Errorf("listen on admin.addr %s: %w", cfg.Admin.Addr, err)
		}
	}
	return public, admin, nil
}

// endDrainOnSignal lets an operator cut the drain short: a second SIGINT or SIGTERM (the first one ended
// signalled) ends it at once, and the graceful stop of the requests still open follows, as after a drain that ran
// out (operator round: a second Ctrl-C did nothing, and the whole http.shutdownDrain had to be waited out). Once
// the drain is over, by its time or cut short, the signals get their default behaviour back (release): a further
// Ctrl-C ends the process at once, the usual way out of a stop that takes too long, since the open requests may
// still hold it for httpapi.ShutdownTimeout. Kubernetes, systemd and Docker send one SIGTERM and, after their
// grace period, SIGKILL, so only a person at a terminal ever sends more.
func endDrainOnSignal(signalled, drain context.Context, endDrain, release func(), logger *zap.Logger) {
	select {
	case <-signalled.Done():
	case <-drain.Done():
		// Serve ended without a stop being asked for (a failing listener); run gives the signals back.
		return
	}
	// Registered once the first signal has been delivered, so that this channel only ever sees the next one.
	again := make(chan os.Signal, 1)
	signal.Notify(again, os.Interrupt, syscall.SIGTERM)
	defer release()
	defer signal.Stop(again)
	began := time.Now()
	select {
	case sig := <-again:
		logger.Warn("stopping: the drain was cut short by a second signal; open requests get the shutdown's time to finish",
			zap.String("signal", sig.String()), zap.Duration("drained", time.Since(began)), zap.Duration("shutdownTimeout", httpapi.ShutdownTimeout))
		endDrain()
	case <-drain.Done():
	}
}

// printStartup tells a person at a terminal where to go next: the apps, the demo subscriber's link, the outbox
// and the metrics, and what is only for development. Scripts and containers get the one line above.
func printStartup(ctx context.Context, env cmdEnv, cfg config.Config, db *database.DB, adminAddr string) {
	f, ok := env.stdout.(*os.File)
	if !ok || !logging.IsTerminal(f) {
		return
	}
	base := strings.TrimRight(cfg.HTTP.PublicURL, "/")
	w := env.stdout
	fmt.Fprintf(w, "\n  Account portal     %s/\n  Preference centre  %s/preferences/\n", base, base)
	if tokens, err := app.SubscriberTokens(ctx, cfg, db, nil); err == nil {
		if token, _, err := accountLink(ctx, cfg, db, tokens, demoSubscriber, cfg.Subscribers.Link.Lifetime); err == nil {
			fmt.Fprintf(w, "  Demo subscriber    %s (%s)\n", subscribers.LinkURL(base, token), demoSubscriber)
		}
	}
	if cfg.Env != config.EnvProduction {
		fmt.Fprintf(w, "  Mails (outbox)     %s/dev/outbox?to=ADDRESS\n", base)
	}
	if adminAddr != "" {
		fmt.Fprintf(w, "  Metrics            http://%s/metrics\n", adminAddr)
	}
	fmt.Fprintf(w, "  Database           %s (%s)\n\n", cfg.Masked()["database"].(map[string]any)["url"], cfg.Env)
	fmt.Fprintln(w, "  Ctrl-C stops the service. Log lines follow.")
	fmt.Fprintln(w)
}

// localURL is the address mails link to when http.publicUrl is not set: the listener's own, with the port it
// really got (the address may ask for port 0), on localhost unless it listens on one specific address other than
// this machine's. A loopback address is localhost too, the address the start-up line names: `make run` listens on
// 127.0.0.1, and a public URL on 127.0.0.1 refused the social logins started from localhost, and its mail links
// opened another origin than the shopper's (no session, no stored reset login ID, no passkeys).
func localURL(addr string, port int) string {
	host, _, _ := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); host == "" || (ip != nil && (ip.IsUnspecified() || ip.IsLoopback())) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(port))
}

// runMigrate applies pending migrations and reports them on stdout.
func runMigrate(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("migrate", env)
	flags := config.RegisterFlags(fs)
	describe(fs, "migrate [flags]", "Applies the embedded migrations to the database of --database-url (SQLite or PostgreSQL) and exits.\n"+
		"A database a newer version migrated is refused unless --allow-newer-database is given.")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cfg, logger, err := setup(flags)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }()

	if err := prepareSQLiteFolder(cfg.Database.URL); err != nil {
		return err
	}
	db, err := database.Open(ctx, cfg.Database.URL)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	// A database a newer version migrated is not "up to date" for this one: it is refused unless the operator
	// allowed it (QA operations and upgrade rounds: a rollback's migrate said it was, and its serve ran on it).
	applied, err := db.MigrateWith(ctx, database.MigrateOptions{AllowNewer: cfg.Database.AllowNewer})
	for _, v := range applied {
		fmt.Fprintf(env.stdout, "applied %s\n", v)
	}
	if err != nil {
		return err
	}
	if newer, err := db.NewerMigrations(ctx); err != nil {
		return err
	} else if len(newer) > 0 {
		fmt.Fprintf(env.stderr, "warning: the database has migrations this version does not know (%s): a newer version of the service migrated it; this one may not read or write its data right (database.allowNewer)\n", strings.Join(newer, ", "))
	}
	if len(applied) == 0 {
		fmt.Fprintf(env.stdout, "database is up to date (%s)\n", db.Dialect)
	} else {
		fmt.Fprintf(env.stdout, "applied %s (%s)\n", countOf(len(applied), "migration", "migrations"), db.Dialect)
	}
	return nil
}

// setup loads the configuration and the logger of a command besides serve. Such a command logs at warn unless a
// level is configured: its answer is what it prints, and every one wrote a JSON "database ready" line beside it
// (operator round).
func setup(flags *config.Flags) (config.Config, *zap.Logger, error) {
	src := flags.Sources()
	src.Defaults = map[string]any{"log.level": "warn"}
	cfg, _, logger, err := loadWithLogger(src)
	return cfg, logger, err
}

// setupService is setup for serve: info by default, and the settings production takes but ignores or that are
// weaker than the spec's rules named at start-up (config.LoadWithWarnings).
func setupService(flags *config.Flags) (config.Config, *zap.Logger, error) {
	cfg, warnings, logger, err := loadWithLogger(flags.Sources())
	if err != nil {
		return config.Config{}, nil, err
	}
	for _, w := range warnings {
		logger.Warn("configuration: " + w)
	}
	return cfg, logger, nil
}

// loadWithLogger loads the configuration from src and makes the logger it asks for.
func loadWithLogger(src config.Sources) (config.Config, []string, *zap.Logger, error) {
	cfg, warnings, err := config.LoadWithWarnings(src)
	if err != nil {
		return config.Config{}, nil, nil, err
	}
	logger, err := logging.New(cfg.Log.Level, cfg.Env, cfg.Log.Format)
	if err != nil {
		return config.Config{}, nil, nil, err
	}
	if unknown := config.UnknownEnvironment(os.Environ()); len(unknown) > 0 {
		logger.Warn("environment variables that name no setting are ignored (a typo?)", zap.Strings("variables", unknown))
	}
	// The whole configuration (secrets masked) is for debugging; people read the start-up summary instead.
	logger.Debug("configuration", zap.Any("config", cfg.Masked()))
	// Libraries that log through log/slog (zitadel/oidc) write the service's log lines too.
	slog.SetDefault(slog.New(logging.Slog(logger)))
	return cfg, warnings, logger, nil
}

// refuseInProduction stops a command that writes demo or synthetic data (seed, seed-scale) when env is production,
// before it makes, opens or migrates any database: a refused command leaves nothing behind (QA operator round:
// `seed --database-url sqlite:prod/typo.db` in production was refused after it had made the file and applied every
// migration to it).
func refuseInProduction(flags *config.Flags, refusal string) error {
	cfg, err := config.Load(flags.Sources())
	if err != nil {
		return err
	}
	if cfg.Env == config.EnvProduction {
		return errors.New(refusal)
	}
	return nil
}

// withDatabase is the frame of every subcommand that works on the data: it loads the configuration, opens
// and migrates the database, runs fn, and closes both again.
func withDatabase(ctx context.Context, flags *config.Flags, fn func(cfg config.Config, logger *zap.Logger, db *database.DB) error) error {
	return openDatabase(ctx, flags, false, fn)
}

// withExistingDatabase is withDatabase for subcommands about data that must be there already (audit, accounts,
// mail) or that write into the running service's database (import-stores, sso-clients): a mistyped SQLite path
// is an error, not a new empty database that answers "no events" or takes an import nobody sees.
func withExistingDatabase(ctx context.Context, flags *config.Flags, fn func(cfg config.Config, logger *zap.Logger, db *database.DB) error) error {
	return openDatabase(ctx, flags, true, fn)
}

func openDatabase(ctx context.Context, flags *config.Flags, existing bool, fn func(cfg config.Config, logger *zap.Logger, db *database.DB) error) error {
	cfg, logger, err := setup(flags)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }()
	db, err := openAndMigrate(ctx, cfg, logger, existing)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	return fn(cfg, logger, db)
}

// requireSQLiteFile refuses a SQLite URL whose file is not there (a PostgreSQL URL names a server, which says so
// itself); hint says what to do about it.
func requireSQLiteFile(databaseURL, hint string) error {
	if path, isFile := strings.CutPrefix(databaseURL, "sqlite:"); isFile {
		// An empty file is what a touch or a failed copy leaves; SQLite would take it as a new database and the
		// command would migrate it, writing into a database no service reads.
		if info, err := os.Stat(path); err != nil || info.Size() == 0 {
			return fmt.Errorf("database.url: there is no database at %s (check --database-url; %s)", path, hint)
		}
	}
	return nil
}

// prepareSQLiteFolder makes the folder of the default database, var/, the one folder a command makes (`make run`,
// a first try), and refuses a SQLite URL in any other folder that is not there: that is a mistyped path, and
// making it gave the service a new, empty database (operator round: `serve --database-url
// sqlite:/nonexistent/dir/p.db` made /nonexistent/dir as root). Volumes and the folders of deployments exist.
func prepareSQLiteFolder(databaseURL string) error {
	path, isFile := strings.CutPrefix(databaseURL, "sqlite:")
	if !isFile {
		return nil
	}
	dir := filepath.Dir(path)
	if databaseURL == config.Default().Database.URL {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return fmt.Errorf("database.url: make the folder %s: %w", dir, err)
		}
		return nil
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return fmt.Errorf("database.url: there is no folder %s for the SQLite file (check --database-url; only the default var/ is made)", dir)
	}
	return nil
}

// openAndMigrate opens the database and applies the migrations it lacks. existing: the database must be one the
// service uses already (subcommands about its data): a SQLite path with no file, or a database no `portal migrate`
// ever prepared, is refused. On PostgreSQL a URL names any database of the server (a typo, the postgres maintenance
// database), and such a command wrote the whole schema into it and answered "no events" (QA operations round).
func openAndMigrate(ctx context.Context, cfg config.Config, logger *zap.Logger, existing bool) (*database.DB, error) {
	if existing {
		if err := requireSQLiteFile(cfg.Database.URL, "portal migrate makes one"); err != nil {
			return nil, err
		}
	}
	if err := prepareSQLiteFolder(cfg.Database.URL); err != nil {
		return nil, err
	}
	db, err := database.Open(ctx, cfg.Database.URL)
	if err != nil {
		return nil, err
	}
	if existing {
		if applied, err := db.AppliedMigrations(ctx); err != nil || len(applied) == 0 {
			_ = db.Close()
			return nil, errors.New("database.url: the database it names holds no portal data (check --database-url; portal migrate prepares one)")
		}
	}
	applied, err := db.MigrateWith(ctx, database.MigrateOptions{AllowNewer: cfg.Database.AllowNewer})
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	logger.Info("database ready", zap.String("dialect", string(db.Dialect)), zap.Strings("migrations_applied", applied))
	if newer, err := db.NewerMigrations(ctx); err == nil && len(newer) > 0 {
		logger.Warn("the database has migrations this version does not know: a newer version of the service migrated it, and "+
			"database.allowNewer lets this one use it; it may not read or write its data right", zap.Strings("migrations", newer))
	}
	return db, nil
}
