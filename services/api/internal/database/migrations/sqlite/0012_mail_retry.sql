-- A mail whose delivery failed waits before its next attempt (mail.RetryDelay doubles up to an hour), so a relay
-- that is down for a while delays mail instead of using up its attempts within seconds.
ALTER TABLE mail_outbox ADD COLUMN next_attempt_at TEXT;
