-- Passkeys (WebAuthn) of the embedded identity provider. Times are milliseconds since the Unix epoch (UTC), as in
-- 0005. A credential's record is go-webauthn's Credential as JSON; its counter and backup flags are also columns,
-- so a counter that goes backwards and a changed backup state are visible without decoding it.
CREATE TABLE identity_passkeys (
    id               TEXT PRIMARY KEY,          -- the credential id, base64url
    uid              TEXT NOT NULL REFERENCES identity_accounts (uid) ON DELETE CASCADE,
    name             TEXT NOT NULL DEFAULT '',
    credential       TEXT NOT NULL,
    sign_count       INTEGER NOT NULL DEFAULT 0,
    backup_eligible  INTEGER NOT NULL DEFAULT 0,
    backup_state     INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    last_used_at     INTEGER
);
CREATE INDEX identity_passkeys_uid ON identity_passkeys (uid);

-- Ceremony challenges: single use (used_at), short lived (expires_at), stored as the SHA-256 of the challenge so
-- the database never holds one that could still be answered. session is go-webauthn's SessionData as JSON.
CREATE TABLE identity_passkey_challenges (
    challenge_hash  TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,              -- registration (new account), add (signed-in account), login
    uid             TEXT NOT NULL DEFAULT '',
    email           TEXT NOT NULL DEFAULT '',
    reg_token_hash  TEXT NOT NULL DEFAULT '',
    session         TEXT NOT NULL,
    created_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    used_at         INTEGER
);
CREATE INDEX identity_passkey_challenges_expiry ON identity_passkey_challenges (expires_at);
