-- Keys the service created for itself (development only, when none is configured): e.g. the HMAC key of the
-- preference centre's e-mail links, kept so links survive restarts. Configured keys never land here.
CREATE TABLE signing_keys (
    purpose    TEXT NOT NULL,
    kid        TEXT NOT NULL,
    secret     TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (purpose, kid)
);

-- Product reminders: created pending by the shop, active once the subscriber follows the verification link
-- (within 7 days). Times are fixed-width UTC text so that they compare as strings.
CREATE TABLE product_reminders (
    id                 TEXT PRIMARY KEY,
    email              TEXT NOT NULL,
    variant_id         TEXT NOT NULL,
    variant_name       TEXT NOT NULL,
    language           TEXT NOT NULL,
    status             TEXT NOT NULL CHECK (status IN ('pending', 'active')),
    confirm_token_hash TEXT UNIQUE,
    confirm_expires_at TEXT,
    created_at         TEXT NOT NULL,
    confirmed_at       TEXT
);
CREATE INDEX product_reminders_email ON product_reminders (email, status, created_at);
CREATE INDEX product_reminders_pending ON product_reminders (status, confirm_expires_at);
