package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/stores/demo"
	"github.com/grocer-portal/portal/services/api/internal/stores/storesql"
)

// ScalePassword is the password of every synthetic account unless --password says otherwise.
const ScalePassword = "Scale-Passw0rd!"

// ScaleEmail is the address of synthetic account i (1-based): scale-0000001@example.com, ...
func ScaleEmail(i int) string { return fmt.Sprintf("scale-%07d@example.com", i) }

// scaleAccountChunk accounts are built and written per transaction, so memory stays flat for millions.
const scaleAccountChunk = 50_000

const seedScaleUsage = `Usage: portal seed-scale [flags]

Fills the database with synthetic data for measuring the service at scale (make bench): --stores N stores
(the demo directory, repeated with numbered branches until there are N) and --accounts N registered, verified
accounts scale-0000001@example.com ... that all share one password. The password is hashed once and every
account gets that hash, so a million accounts take about a minute, not the eight hours a hash each would.
Running it again adds only what is missing. Never run it against a production database.

Flags:
`

// runSeedScale implements `portal seed-scale`.
func runSeedScale(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("seed-scale", env)
	flags := config.RegisterFlags(fs)
	nStores := fs.Int("stores", 0, "stores to have in the directory (at least the demo directory's first N)")
	nAccounts := fs.Int("accounts", 0, "synthetic accounts to have")
	password := fs.String("password", ScalePassword, "password of every synthetic account")
	fresh := fs.Bool("fresh", false, "PostgreSQL: create the database of --database-url first (dropped if it exists); its name must start with "+benchDatabasePrefix)
	drop := fs.Bool("drop", false, "PostgreSQL: drop the database of --database-url and do nothing else (same name rule)")
	sizes := fs.Bool("sizes", false, "afterwards print each table's rows and bytes, with indexes, per row")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), seedScaleUsage)
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *nStores == 0 && *nAccounts == 0 && !*fresh && !*drop && !*sizes {
		fs.Usage()
		return errors.New("seed-scale: say what to make: --stores N, --accounts N (or --fresh, --drop, --sizes)")
	}
	if *nStores < 0 || *nAccounts < 0 || *nStores > 10_000_000 || *nAccounts > 100_000_000 {
		return errors.New("seed-scale: --stores and --accounts must be between 0 and 10 million / 100 million")
	}
	if err := refuseInProduction(flags, "seed-scale: refused in production: synthetic accounts share a known password"); err != nil {
		return err
	}
	if *fresh || *drop {
		cfg, _, err := setup(flags)
		if err != nil {
			return err
		}
		if err := benchDatabase(ctx, cfg.Database.URL, *drop); err != nil || *drop {
			return err
		}
	}
	return withDatabase(ctx, flags, func(cfg config.Config, logger *zap.Logger, db *database.DB) error {
		if *nStores > 0 {
			start := time.Now()
			list, err := scaleStores(*nStores)
			if err != nil {
				return err
			}
			res, err := stores.NewService(storesql.New(db)).Import(ctx, list)
			if err != nil {
				return err
			}
			fmt.Fprintf(env.stdout, "stores: %d (%d new) in %s\n", len(list), res.New, time.Since(start).Round(time.Millisecond))
		}
		if *nAccounts > 0 {
			if cfg.Metadata.Identity.Provider == "cdc" {
				return errors.New("seed-scale: accounts need the embedded identity provider")
			}
			// The env setting is the shell's, not the database's: a database that holds any account outside
			// example.com (reserved for examples, RFC 2606) holds shoppers, and accounts with a known password
			// have no place beside them (QA operations round).
			var real int
			if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM identity_accounts WHERE email NOT LIKE '%@example.com'`).Scan(&real); err != nil {
				return err
			}
			if real > 0 {
				return fmt.Errorf("seed-scale: refused: the database holds %s outside example.com, so it is no database for measuring", countOf(real, "account", "accounts"))
			}
			start := time.Now()
			added, err := seedScaleAccounts(ctx, cfg, db, logger, *nAccounts, *password)
			if err != nil {
				return err
			}
			fmt.Fprintf(env.stdout, "accounts: %d (%d new) in %s, password %q\n", *nAccounts, added, time.Since(start).Round(time.Millisecond), *password)
		}
		if *sizes {
			return printTableSizes(ctx, db, env)
		}
		return nil
	})
}

// benchDatabasePrefix guards --fresh and --drop: only databases made for measuring are created and dropped.
const benchDatabasePrefix = "portal_bench_"

// benchDatabase creates (dropping it first if it exists) or drops the PostgreSQL database named in url, through
// the server's maintenance database "postgres".
func benchDatabase(ctx context.Context, raw string, drop bool) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return errors.New("seed-scale: --fresh and --drop are for PostgreSQL URLs")
	}
	name := strings.TrimPrefix(u.Path, "/")
	if !strings.HasPrefix(name, benchDatabasePrefix) || strings.ContainsAny(name, `"/ `) {
		return fmt.Errorf("seed-scale: will only create or drop databases named %s…, not %q", benchDatabasePrefix, name)
	}
	u.Path = "/postgres"
	admin, err := database.Open(ctx, u.String())
	if err != nil {
		return err
	}
	defer func() { _ = admin.Close() }()
	if _, err := admin.ExecContext(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %q WITH (FORCE)`, name)); err != nil {
		return fmt.Errorf("seed-scale: drop %s: %w", name, err)
	}
	if drop {
		return nil
	}
	if _, err := admin.ExecContext(ctx, fmt.Sprintf(`CREATE DATABASE %q`, name)); err != nil {
		return fmt.Errorf("seed-scale: create %s: %w", name, err)
	}
	return nil
}

// grownTables are the tables whose size an operator plans for (docs/scaling.md).
var grownTables = []string{"identity_accounts", "identity_sessions", "identity_tokens", "mail_outbox", "audit_events",
	"subscriber_withdrawals", "product_reminders", "retail_stores", "throttle_events", "identity_login_failures"}

// printTableSizes prints rows, bytes (table, indexes and, on PostgreSQL, TOAST) and bytes per row of each table.
func printTableSizes(ctx context.Context, db *database.DB, env cmdEnv) error {
	fmt.Fprintf(env.stdout, "%-26s %12s %14s %12s\n", "table ("+string(db.Dialect)+")", "rows", "bytes", "bytes/row")
	for _, table := range grownTables {
		var rows, size int64
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&rows); err != nil {
			return err
		}
		q := `SELECT pg_total_relation_size('` + table + `')`
		if db.Dialect == database.SQLite {
			// dbstat counts the pages of the table and of every index on it.
			q = `SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name = '` + table + `' OR name IN
				(SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = '` + table + `')`
		}
		if err := db.QueryRowContext(ctx, q).Scan(&size); err != nil {
			return err
		}
		perRow := "-"
		if rows > 0 {
			perRow = strconv.FormatInt(size/rows, 10)
		}
		fmt.Fprintf(env.stdout, "%-26s %12d %14d %12s\n", table, rows, size, perRow)
	}
	return nil
}

// scaleStores is the demo directory repeated until there are n stores (stores.Repeat).
func scaleStores(n int) ([]stores.Store, error) {
	base, err := demo.Stores()
	if err != nil {
		return nil, err
	}
	return stores.Repeat(base, n), nil
}

func seedScaleAccounts(ctx context.Context, cfg config.Config, db *database.DB, logger *zap.Logger, n int, password string) (int64, error) {
	provider, err := embedded.New(app.EmbeddedSettings(cfg), embedded.Deps{Store: embedded.NewSQLStore(db), Logger: logger})
	if err != nil {
		return 0, err
	}
	hash, err := provider.HashPassword(ctx, password)
	if err != nil {
		return 0, err
	}
	store := embedded.NewSQLStore(db)
	now := time.Now()
	var added int64
	chunk := make([]embedded.Account, 0, scaleAccountChunk)
	for first := 1; first <= n; first += scaleAccountChunk {
		chunk = chunk[:0]
		for i := first; i < first+scaleAccountChunk && i <= n; i++ {
			chunk = append(chunk, provider.SyntheticAccount(ScaleEmail(i), hash, now))
		}
		k, err := store.InsertAccounts(ctx, chunk)
		if err != nil {
			return added, err
		}
		added += k
		if err := ctx.Err(); err != nil {
			return added, err
		}
	}
	return added, nil
}
