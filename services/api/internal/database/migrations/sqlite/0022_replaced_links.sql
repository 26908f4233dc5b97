-- A link that a newer one of the same kind ended (an e-mail change's, by a newer change of address), told apart
-- from one that was used or that a reset or the account's change of address ended: it says a newer link was sent
-- for as long as its row is kept, also after the newer link was followed (QA round of 2026-12-01: once the newer
-- change was confirmed, the older link said "ungültig … bereits verwendet"). The links ended before this column
-- are the e-mail changes' links after which the account's next change's link was made at once (within a second).
ALTER TABLE identity_tokens ADD COLUMN replaced INTEGER NOT NULL DEFAULT 0;
UPDATE identity_tokens SET replaced = 1
WHERE kind = 'verification' AND used_at IS NOT NULL AND payload LIKE '%"email":%'
  AND EXISTS (SELECT 1 FROM identity_tokens newer WHERE newer.uid = identity_tokens.uid AND newer.kind = 'verification'
    AND newer.token_hash <> identity_tokens.token_hash AND newer.payload LIKE '%"email":%'
    AND newer.created_at >= identity_tokens.used_at AND newer.created_at < identity_tokens.used_at + 1000);
