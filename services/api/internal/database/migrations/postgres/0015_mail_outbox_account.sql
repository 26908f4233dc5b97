-- The account a mail was sent for, when it was one's (QA round of 2026-11-29): an account's deletion erases the
-- mails of every address it had, not only of the last one (a confirmed e-mail change left the verification, the
-- reset with its link and the notices of the former address in the outbox). '' for a mail of no account (a
-- product reminder's to an address) and for the mails written before this column; a confirmed e-mail change gives
-- the former address's mails the account's uid.
ALTER TABLE mail_outbox ADD COLUMN account_uid TEXT NOT NULL DEFAULT '';
CREATE INDEX mail_outbox_account ON mail_outbox (account_uid) WHERE account_uid <> '';
