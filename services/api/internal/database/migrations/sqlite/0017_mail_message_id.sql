-- Each mail's Message-ID, given at its first delivery attempt and kept for every later one (QA operator round: each
-- attempt had a new one, so the Message-ID logged with a relay's 451 was not that of the mail it delivered later).
-- '' until the first attempt.
ALTER TABLE mail_outbox ADD COLUMN message_id TEXT NOT NULL DEFAULT '';
