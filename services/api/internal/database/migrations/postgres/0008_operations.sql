-- Production readiness (issue 15). Times are milliseconds since the Unix epoch, as in 0005.

-- Events counted by the throttles (failed logins per client address, mails per account and per address): one row
-- per event, so every replica sees the same counts; the sweep drops rows older than the longest window.
CREATE TABLE throttle_events (
    scope  TEXT NOT NULL,
    key    TEXT NOT NULL,
    at     BIGINT NOT NULL
);
CREATE INDEX throttle_events_key ON throttle_events (scope, key, at);
CREATE INDEX throttle_events_at ON throttle_events (at);

-- The audit log of security events (logins, failures, lockouts, password and e-mail changes, resets, links,
-- passkeys, deletions). Never a password or a token; kept for audit.retention.
CREATE TABLE audit_events (
    id              BIGSERIAL PRIMARY KEY,
    at              BIGINT NOT NULL,
    event           TEXT NOT NULL,
    uid             TEXT NOT NULL DEFAULT '',
    email           TEXT NOT NULL DEFAULT '',
    client_address  TEXT NOT NULL DEFAULT '',
    detail          TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_events_email ON audit_events (email, at);
CREATE INDEX audit_events_uid ON audit_events (uid, at);
CREATE INDEX audit_events_at ON audit_events (at);

-- Leases of periodic jobs (the sweep): the replica holding a job's lease runs it, the others skip that round.
CREATE TABLE job_leases (
    name    TEXT PRIMARY KEY,
    holder  TEXT NOT NULL,
    until   BIGINT NOT NULL,
    runs    BIGINT NOT NULL DEFAULT 0
);

-- When a delivery attempt claimed a mail: a mail left in 'sending' by a crash is handed back after a while.
ALTER TABLE mail_outbox ADD COLUMN claimed_at TIMESTAMPTZ;
