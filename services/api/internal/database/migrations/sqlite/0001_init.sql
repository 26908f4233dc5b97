-- Proves the migration mechanism; later migrations add the product's tables.
-- app_info holds facts about the installation itself (e.g. when it was created).
CREATE TABLE app_info (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO app_info (key, value) VALUES ('schema', 'portal');
