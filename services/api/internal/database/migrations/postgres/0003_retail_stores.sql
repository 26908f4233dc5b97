-- The retailer's store directory: the stores a shopper can pick as favourite.
-- Closed stores stay (is_open = false) so a favourite that closed can be reported as such.
CREATE TABLE retail_stores (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    street     TEXT NOT NULL,
    postcode   TEXT NOT NULL,
    city       TEXT NOT NULL,
    country    TEXT NOT NULL,
    is_open    BOOLEAN NOT NULL DEFAULT TRUE,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One row: raised by every import that changes a store, so each replica can
-- tell with one cheap read whether its in-memory search index is stale.
CREATE TABLE retail_store_generation (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    generation BIGINT NOT NULL
);
INSERT INTO retail_store_generation (id, generation) VALUES (1, 0);
