package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
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
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), seedScaleUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *nStores < 0 || *nAccounts < 0 || *nStores > 10_000_000 || *nAccounts > 100_000_000 {
		return errors.New("seed-scale: --stores and --accounts must be between 0 and 10 million / 100 million")
	}
	return withDatabase(ctx, flags, func(cfg config.Config, logger *zap.Logger, db *database.DB) error {
		if cfg.Env == config.EnvProduction {
			return errors.New("seed-scale: refused in production: synthetic accounts share a known password")
		}
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
			start := time.Now()
			added, err := seedScaleAccounts(ctx, cfg, db, logger, *nAccounts, *password)
			if err != nil {
				return err
			}
			fmt.Fprintf(env.stdout, "accounts: %d (%d new) in %s, password %q\n", *nAccounts, added, time.Since(start).Round(time.Millisecond), *password)
		}
		return nil
	})
}

// scaleStores is the demo directory repeated until there are n stores: copy k of a store is a numbered branch
// in the same town ("…, Filiale 2"), so searches find proportionally more stores, as in a bigger directory.
func scaleStores(n int) ([]stores.Store, error) {
	base, err := demo.Stores()
	if err != nil {
		return nil, err
	}
	out := make([]stores.Store, n)
	for i := range out {
		s := base[i%len(base)]
		if k := i / len(base); k > 0 {
			s.ID += "-F" + strconv.Itoa(k+1)
			s.Street += ", Filiale " + strconv.Itoa(k+1)
		}
		out[i] = s
	}
	return out, nil
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
