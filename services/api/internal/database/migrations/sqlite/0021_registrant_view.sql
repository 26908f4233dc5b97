-- What an unconfirmed registration of a newsletter subscriber's address gave (its request and its regToken's saves),
-- as JSON; NULL for every other account. Until the address is confirmed, that registration's answers and its regToken
-- read this, not what the subscriber stored (security finding of 2026-11-30: a registration without names answered
-- 206002 for a subscriber who had given names and 206001 for an unknown address, telling a subscriber from nobody).
ALTER TABLE identity_accounts ADD COLUMN registrant TEXT;
