-- The sweep's deletes find the rows they remove through these indexes instead of reading each table whole every
-- few minutes: sessions, tokens and the outbox grow with every login, link and mail (docs/scaling.md), and a
-- full scan of them would cost more with every row kept. A test holds every statement of the sweep to an index
-- (internal/app/sweep_test.go).
CREATE INDEX identity_sessions_expiry ON identity_sessions (expires_at);
CREATE INDEX identity_tokens_expiry ON identity_tokens (expires_at);
CREATE INDEX identity_login_failures_at ON identity_login_failures (at);
CREATE INDEX identity_login_locks_until ON identity_login_locks (until);
CREATE INDEX mail_outbox_created ON mail_outbox (created_at);
CREATE INDEX sso_auth_requests_expiry ON sso_auth_requests (expires_at);
CREATE INDEX sso_tokens_expiry ON sso_tokens (expires_at);
