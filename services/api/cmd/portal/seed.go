package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/stores/demo"
	"github.com/grocer-portal/portal/services/api/internal/stores/storesql"
)

// seedDeps is what a seeder gets: the migrated database and where to report.
type seedDeps struct {
	cfg    config.Config
	db     *database.DB
	logger *zap.Logger
	out    io.Writer
}

// seeder loads one kind of demo data. Each must be idempotent: running it
// again changes nothing. To add one (e.g. "a subscriber with product
// reminders"), append it to seeders; they run in this order.
type seeder struct {
	name    string
	summary string
	run     func(ctx context.Context, d seedDeps) error
}

var seeders = []seeder{
	{name: "stores", summary: "the demo store directory (about 4,400 stores; GeoNames (geonames.org), CC BY 4.0)", run: seedStores},
	{name: "demo-subscriber", summary: "the demo subscriber demo@example.com: general newsletter and product reminders confirmed, 3 active product reminders", run: seedDemoSubscriber},
}

// runSeed implements `portal seed [flags] [NAME...]`: all seeders, or the named ones.
func runSeed(ctx context.Context, env cmdEnv, args []string) error {
	fs := newFlagSet("seed", env)
	flags := config.RegisterFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: portal seed [flags] [NAME...]\n\nLoads demo data; running it again changes nothing. Seeders (all by default):")
		for _, s := range seeders {
			fmt.Fprintf(fs.Output(), "  %-12s %s\n", s.name, s.summary)
		}
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	names, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	chosen, err := chooseSeeders(names)
	if err != nil {
		return err
	}
	// Demo stores would show in shoppers' store searches, and the demo subscriber has a printed link.
	if err := refuseInProduction(flags, "seed: refused in production: demo data is for trying the product (import-stores loads a retailer's stores)"); err != nil {
		return err
	}

	return withDatabase(ctx, flags, func(cfg config.Config, logger *zap.Logger, db *database.DB) error {
		d := seedDeps{cfg: cfg, db: db, logger: logger, out: env.stdout}
		for _, s := range chosen {
			if err := s.run(ctx, d); err != nil {
				return fmt.Errorf("seed %s: %w", s.name, err)
			}
		}
		return nil
	})
}

func chooseSeeders(names []string) ([]seeder, error) {
	if len(names) == 0 {
		return seeders, nil
	}
	var out []seeder
	for _, name := range names {
		found := false
		for _, s := range seeders {
			if s.name == name {
				out = append(out, s)
				found = true
			}
		}
		if !found {
			known := make([]string, len(seeders))
			for i, s := range seeders {
				known[i] = s.name
			}
			return nil, fmt.Errorf("seed: unknown seeder %q (known: %s)", name, strings.Join(known, ", "))
		}
	}
	return out, nil
}

// seedStores upserts the embedded demo stores.
func seedStores(ctx context.Context, d seedDeps) error {
	list, err := demo.Stores()
	if err != nil {
		return err
	}
	res, err := stores.NewService(storesql.New(d.db)).Import(ctx, list)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.out, "stores: %d demo stores (%d new, %d updated, %d unchanged)\n", len(list), res.New, res.Updated, res.Unchanged)
	return nil
}
