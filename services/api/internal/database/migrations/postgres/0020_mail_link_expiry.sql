-- When a mail's link ends (a reset link's hour, a verification or double opt-in link's days); NULL for a mail
-- without one that does, and for the mails written before this column. The outbox sends no mail past it, and
-- `portal mail requeue-failed` leaves such a mail (QA operator round of 2026-11-30: a reset mail given up after a
-- day of retries was sent again by a requeue, and its link answered 403025).
ALTER TABLE mail_outbox ADD COLUMN link_expires_at TIMESTAMPTZ;
-- A mail the relay refused for good (5xx) is 'refused', no longer 'failed': `portal mail requeue-failed` sends it
-- again only with --refused, once the operator fixed the cause. The refusals recorded before are told by the
-- relay's answer, which mail.ErrRefused starts.
UPDATE mail_outbox SET status = 'refused' WHERE status = 'failed' AND last_error LIKE 'smtp: refused by the relay:%';
