-- Proves the migration mechanism; later migrations add the product's tables.
-- app_info holds facts about the installation itself (e.g. when it was created).
CREATE TABLE app_info (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

INSERT INTO app_info (key, value) VALUES ('schema', 'portal');
