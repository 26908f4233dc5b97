package database

import "context"

// CachedStatements is how many prepared statements db keeps, and -1 for a pool without a cache.
func CachedStatements(db *DB) int {
	if db.stmts == nil {
		return -1
	}
	return int(db.stmts.count.Load())
}

// MigrateUpTo applies the migrations up to and including version: a database as a release that knew no later one
// left it, for the tests of data migrations.
func (db *DB) MigrateUpTo(ctx context.Context, version string) ([]string, error) {
	return db.migrate(ctx, MigrateOptions{}, version)
}
