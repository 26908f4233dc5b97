package database

// CachedStatements is how many prepared statements db keeps, and -1 for a pool without a cache.
func CachedStatements(db *DB) int {
	if db.stmts == nil {
		return -1
	}
	return int(db.stmts.count.Load())
}
