-- A partner's sign-in request is carried on only in the browser that started it (browser_hash, the SHA-256 of the
-- browser's binding cookie), answered only for the shopper its id_token_hint names (hint_subject, '' without a
-- hint), and ended once the partner was answered with an error (ended_at) (QA round of 2026-11-29: a request's id,
-- copied from the login page's address, collected the code of the shopper who went on with it in another browser;
-- a declined request could be allowed after; a hint of another shopper was answered for the logged-in one).
-- Requests started before these columns have no browser and can no longer be carried on (they live 15 minutes).
ALTER TABLE sso_auth_requests ADD COLUMN browser_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE sso_auth_requests ADD COLUMN hint_subject TEXT NOT NULL DEFAULT '';
ALTER TABLE sso_auth_requests ADD COLUMN ended_at INTEGER;
