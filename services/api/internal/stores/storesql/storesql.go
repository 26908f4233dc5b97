// Package storesql keeps the store directory in the service's database
// (SQLite or PostgreSQL); it implements stores.Repository.
package storesql

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/stores"
)

// Repository is the SQL implementation of stores.Repository.
type Repository struct {
	db *database.DB
}

var _ stores.Repository = (*Repository)(nil)

// New returns a Repository on db, which must be migrated.
func New(db *database.DB) *Repository {
	return &Repository{db: db}
}

// insertBatch rows go into one INSERT; 7 parameters each stays far below
// both dialects' parameter limits.
const insertBatch = 250

// Generation implements stores.Repository.
func (r *Repository) Generation(ctx context.Context) (int64, error) {
	var g int64
	if err := r.db.QueryRowContext(ctx, `SELECT generation FROM retail_store_generation WHERE id = 1`).Scan(&g); err != nil {
		return 0, fmt.Errorf("storesql: generation: %w", err)
	}
	return g, nil
}

// All implements stores.Repository.
func (r *Repository) All(ctx context.Context) ([]stores.Store, error) {
	return r.query(ctx, r.db, `SELECT id, name, street, postcode, city, country, is_open FROM retail_stores ORDER BY id`)
}

type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (r *Repository) query(ctx context.Context, q queryer, query string, args ...any) ([]stores.Store, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("storesql: read stores: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []stores.Store
	for rows.Next() {
		var s stores.Store
		if err := rows.Scan(&s.ID, &s.Name, &s.Street, &s.Postcode, &s.City, &s.Country, &s.Open); err != nil {
			return nil, fmt.Errorf("storesql: read stores: %w", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("storesql: read stores: %w", err)
	}
	return out, nil
}

// Upsert implements stores.Repository: new stores are inserted, changed ones
// updated, identical ones left alone, all in one transaction; the generation
// rises only when something changed, so re-running an import is a no-op.
func (r *Repository) Upsert(ctx context.Context, list []stores.Store) (stores.UpsertResult, error) {
	var res stores.UpsertResult
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return res, fmt.Errorf("storesql: begin: %w", err)
	}
	defer func() { _ = tx.Rollback() }()

	// Locking the generation row serialises concurrent imports on
	// PostgreSQL; SQLite transactions begin IMMEDIATE and are serial anyway.
	lock := `SELECT generation FROM retail_store_generation WHERE id = 1`
	if r.db.Dialect == database.Postgres {
		lock += ` FOR UPDATE`
	}
	var gen int64
	if err := tx.QueryRowContext(ctx, lock).Scan(&gen); err != nil {
		return res, fmt.Errorf("storesql: lock generation: %w", err)
	}

	existing, err := r.query(ctx, tx, `SELECT id, name, street, postcode, city, country, is_open FROM retail_stores`)
	if err != nil {
		return res, err
	}
	byID := make(map[string]stores.Store, len(existing))
	for _, s := range existing {
		byID[s.ID] = s
	}
	var fresh, changed []stores.Store
	for _, s := range list {
		old, ok := byID[s.ID]
		switch {
		case !ok:
			fresh = append(fresh, s)
		case old != s:
			changed = append(changed, s)
		default:
			res.Unchanged++
		}
	}

	now := r.timestamp()
	for start := 0; start < len(fresh); start += insertBatch {
		batch := fresh[start:min(start+insertBatch, len(fresh))]
		var q strings.Builder
		q.WriteString(`INSERT INTO retail_stores (id, name, street, postcode, city, country, is_open, updated_at) VALUES `)
		args := make([]any, 0, len(batch)*8)
		for i, s := range batch {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, s.ID, s.Name, s.Street, s.Postcode, s.City, s.Country, s.Open, now)
		}
		if _, err := tx.ExecContext(ctx, r.db.Rebind(q.String()), args...); err != nil {
			return res, fmt.Errorf("storesql: insert stores: %w", err)
		}
	}
	if len(changed) > 0 {
		stmt, err := tx.PrepareContext(ctx, r.db.Rebind(`UPDATE retail_stores SET name = ?, street = ?, postcode = ?, city = ?, country = ?, is_open = ?, updated_at = ? WHERE id = ?`))
		if err != nil {
			return res, fmt.Errorf("storesql: update stores: %w", err)
		}
		defer func() { _ = stmt.Close() }()
		for _, s := range changed {
			if _, err := stmt.ExecContext(ctx, s.Name, s.Street, s.Postcode, s.City, s.Country, s.Open, now, s.ID); err != nil {
				return res, fmt.Errorf("storesql: update store %s: %w", s.ID, err)
			}
		}
	}
	if len(fresh)+len(changed) > 0 {
		if _, err := tx.ExecContext(ctx, `UPDATE retail_store_generation SET generation = generation + 1 WHERE id = 1`); err != nil {
			return res, fmt.Errorf("storesql: raise generation: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return res, fmt.Errorf("storesql: commit: %w", err)
	}
	res.New, res.Updated = len(fresh), len(changed)
	return res, nil
}

// timestamp is "now" in the form each dialect's updated_at column holds.
func (r *Repository) timestamp() any {
	now := time.Now().UTC()
	if r.db.Dialect == database.Postgres {
		return now
	}
	return now.Format("2006-01-02T15:04:05.000Z")
}
