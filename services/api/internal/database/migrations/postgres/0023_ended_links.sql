-- Why a link ended, beside its use and a newer link's taking its place (0022), so that an e-mail change's link tells
-- the shopper what happened to the change (later QA round of 2026-12-01: a password change or reset ended the open
-- change's link with the account's other links, which then said "ungültig … bereits verwendet", and the older link
-- it had replaced said that only the newest link could change the address, which no longer could either).
--
-- replaced_by: the hash of the newer link that replaced this one, so an older link can tell what became of the
-- change that replaced it (still waiting, confirmed, lapsed, or ended by a new password). The links replaced before
-- this column are matched as 0022 matched them: the account's next change's link, made as they were ended.
ALTER TABLE identity_tokens ADD COLUMN replaced_by TEXT NOT NULL DEFAULT '';
UPDATE identity_tokens SET replaced_by = COALESCE((
    SELECT newer.token_hash FROM identity_tokens newer
    WHERE newer.uid = identity_tokens.uid AND newer.kind = 'verification'
      AND newer.token_hash <> identity_tokens.token_hash AND newer.payload LIKE '%"email":%'
      AND newer.created_at >= identity_tokens.used_at AND newer.created_at < identity_tokens.used_at + 1000
    ORDER BY newer.created_at, newer.token_hash LIMIT 1), '')
WHERE replaced = TRUE AND kind = 'verification' AND used_at IS NOT NULL;

-- ended_by: the event that ended the link unused ('password': a password change or reset, endCredentials); empty
-- for a used or replaced link and one ended otherwise. The e-mail change links a new password ended before this
-- column are found in the audit log (0008): 'password.changed' or 'password.reset.completed' of the account recorded
-- after the link was ended, within a minute (the new password's hash lies between the two), with no confirmed change
-- of address in between (the link that made it, and the links that change ended, are not the password's).
ALTER TABLE identity_tokens ADD COLUMN ended_by TEXT NOT NULL DEFAULT '';
UPDATE identity_tokens SET ended_by = 'password'
WHERE kind = 'verification' AND used_at IS NOT NULL AND used_at < expires_at AND replaced = FALSE
  AND payload LIKE '%"email":%'
  AND EXISTS (SELECT 1 FROM audit_events p
      WHERE p.uid = identity_tokens.uid AND p.event IN ('password.changed', 'password.reset.completed')
        AND p.at >= identity_tokens.used_at AND p.at < identity_tokens.used_at + 60000
        AND NOT EXISTS (SELECT 1 FROM audit_events c
            WHERE c.uid = p.uid AND c.event = 'email.changed' AND c.at >= identity_tokens.used_at AND c.at <= p.at));
