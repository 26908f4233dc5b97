-- The embedded identity provider. Times are milliseconds since the Unix epoch (UTC) in both dialects, so one
-- set of queries compares them; JSON documents are TEXT. Tokens and session ids are stored as SHA-256 hashes.
CREATE TABLE identity_accounts (
    uid            TEXT PRIMARY KEY,
    email          TEXT NOT NULL UNIQUE,
    password_hash  TEXT NOT NULL DEFAULT '',
    profile        TEXT NOT NULL DEFAULT '{}',
    data           TEXT NOT NULL DEFAULT '{}',
    preferences    TEXT NOT NULL DEFAULT '{}',
    subscriptions  TEXT NOT NULL DEFAULT '{}',
    is_registered  INTEGER NOT NULL DEFAULT 0,
    is_verified    INTEGER NOT NULL DEFAULT 0,
    disabled       INTEGER NOT NULL DEFAULT 0,
    origin         TEXT NOT NULL DEFAULT 'site',
    reg_source     TEXT NOT NULL DEFAULT '',
    lang           TEXT NOT NULL DEFAULT '',
    created_at     INTEGER NOT NULL,
    registered_at  INTEGER,
    verified_at    INTEGER,
    last_login_at  INTEGER,
    updated_at     INTEGER NOT NULL,
    version        INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX identity_accounts_unverified ON identity_accounts (is_verified, registered_at);

CREATE TABLE identity_sessions (
    token_hash    TEXT PRIMARY KEY,
    uid           TEXT NOT NULL REFERENCES identity_accounts (uid) ON DELETE CASCADE,
    created_at    INTEGER NOT NULL,
    last_seen_at  INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    revoked_at    INTEGER
);
CREATE INDEX identity_sessions_uid ON identity_sessions (uid);

-- Single-use and expiring tokens of every kind: regTokens (registration, subscriber, social-link),
-- verification, password-reset and subscription-confirmation links.
CREATE TABLE identity_tokens (
    token_hash  TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    uid         TEXT NOT NULL DEFAULT '',
    payload     TEXT NOT NULL DEFAULT '{}',
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER
);
CREATE INDEX identity_tokens_uid ON identity_tokens (uid, kind, created_at);

-- Failed logins per key (a hashed login id or a hashed client address) and the locks they caused.
CREATE TABLE identity_login_failures (
    key  TEXT NOT NULL,
    at   INTEGER NOT NULL
);
CREATE INDEX identity_login_failures_key ON identity_login_failures (key, at);

CREATE TABLE identity_login_locks (
    key    TEXT PRIMARY KEY,
    until  INTEGER NOT NULL
);

-- Social identities linked to accounts; filled by the social-login flow.
CREATE TABLE social_identities (
    provider    TEXT NOT NULL,
    subject     TEXT NOT NULL,
    uid         TEXT NOT NULL REFERENCES identity_accounts (uid) ON DELETE CASCADE,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (provider, subject)
);
CREATE INDEX social_identities_uid ON social_identities (uid);
