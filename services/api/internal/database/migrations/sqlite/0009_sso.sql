-- Single sign-on: the service as OpenID Connect provider of the retailer's partner services. Times are
-- milliseconds since the Unix epoch (UTC), lists are JSON arrays in TEXT, as in 0005. Secrets, codes and
-- refresh tokens are stored as SHA-256 hashes only.
CREATE TABLE sso_clients (
    id                         TEXT PRIMARY KEY,
    name                       TEXT NOT NULL,
    secret_hash                TEXT NOT NULL DEFAULT '',
    redirect_uris              TEXT NOT NULL DEFAULT '[]',
    post_logout_redirect_uris  TEXT NOT NULL DEFAULT '[]',
    first_party                INTEGER NOT NULL DEFAULT 0,
    refresh_tokens             INTEGER NOT NULL DEFAULT 0,
    home_url                   TEXT NOT NULL DEFAULT '',
    created_at                 INTEGER NOT NULL
);

-- An authorisation request from its start until its code is exchanged; kept after the exchange (until it
-- expires) so that a second use of the code can revoke what the first one issued.
CREATE TABLE sso_auth_requests (
    id               TEXT PRIMARY KEY,
    client_id        TEXT NOT NULL,
    request          TEXT NOT NULL,
    subject          TEXT NOT NULL DEFAULT '',
    auth_time        INTEGER,
    amr              TEXT NOT NULL DEFAULT '[]',
    code_hash        TEXT UNIQUE,
    code_expires_at  INTEGER,
    code_used_at     INTEGER,
    created_at       INTEGER NOT NULL,
    expires_at       INTEGER NOT NULL
);

-- Access tokens (by id) and, where the client may have them, the refresh token issued beside each.
CREATE TABLE sso_tokens (
    id                  TEXT PRIMARY KEY,
    refresh_hash        TEXT UNIQUE,
    client_id           TEXT NOT NULL,
    subject             TEXT NOT NULL,
    scopes              TEXT NOT NULL DEFAULT '[]',
    audience            TEXT NOT NULL DEFAULT '[]',
    auth_time           INTEGER,
    amr                 TEXT NOT NULL DEFAULT '[]',
    auth_request_id     TEXT NOT NULL DEFAULT '',
    created_at          INTEGER NOT NULL,
    expires_at          INTEGER NOT NULL,
    refresh_expires_at  INTEGER,
    revoked_at          INTEGER
);
CREATE INDEX sso_tokens_subject ON sso_tokens (subject, client_id);
CREATE INDEX sso_tokens_auth_request ON sso_tokens (auth_request_id);

-- What a shopper allowed a partner that is not first-party to read.
CREATE TABLE sso_consents (
    uid         TEXT NOT NULL,
    client_id   TEXT NOT NULL,
    scopes      TEXT NOT NULL DEFAULT '[]',
    granted_at  INTEGER NOT NULL,
    PRIMARY KEY (uid, client_id)
);

-- Signing keys: each signs until sign_until and verifies (is published) until verify_until.
CREATE TABLE sso_signing_keys (
    id            TEXT PRIMARY KEY,
    algorithm     TEXT NOT NULL,
    private_key   TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    sign_until    INTEGER NOT NULL,
    verify_until  INTEGER NOT NULL
);

-- Secrets every replica must share, created by the first one that needs them.
CREATE TABLE sso_secrets (
    name   TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
