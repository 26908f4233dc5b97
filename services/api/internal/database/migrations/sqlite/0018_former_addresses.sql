-- What an account left at the addresses it had before an e-mail change confirmed under a release before 0015 (QA
-- upgrade round of 2026-11-29): such a change neither gave the former address's mails the account's uid nor moved
-- its product reminders, so the account's deletion after the upgrade left them (a password reset with its link,
-- waiting in the outbox, was delivered after the deletion), and so did a deletion under the old release. This does
-- for each such change what a confirmed change does since 0015 (mail.ClaimForAccount, reminders.MoveAll).
--
-- The audit log (0008) is where the service learns of those changes: 'email.changed' names the account and its new
-- address, and every event of an account before it names the address the account had then, so the address it left
-- is that of its last event with another address. Changes older than audit.retention, or made before 0008, left no
-- trace and stay as they are. A mail or reminder of a former address belongs to the account that left the address
-- first after it was written (one that took the address later, or had it before, is not its owner). Only changes
-- made before 0015 was applied are read, through the audit log's index on time: later ones were handled as they
-- were confirmed.
CREATE TEMP TABLE former_addresses (uid TEXT NOT NULL, email TEXT NOT NULL, left_at INTEGER NOT NULL);
INSERT INTO former_addresses (uid, email, left_at)
SELECT uid, email, left_at FROM (
    SELECT c.uid AS uid, c.at AS left_at,
           (SELECT p.email FROM audit_events p
            WHERE p.uid = c.uid AND p.email <> '' AND p.email <> c.email
              AND (p.at < c.at OR (p.at = c.at AND p.id < c.id))
            ORDER BY p.at DESC, p.id DESC LIMIT 1) AS email
    FROM audit_events c
    WHERE c.at <= (SELECT CAST((julianday(applied_at) - 2440587.5) * 86400000 AS INTEGER)
                   FROM schema_migrations WHERE version = '0015_mail_outbox_account')
      AND c.event = 'email.changed' AND c.uid <> ''
) WHERE email IS NOT NULL;
CREATE INDEX temp.former_addresses_email ON former_addresses (email, left_at);

-- The mails of a former address written before the account left it are the account's: its deletion erases them.
UPDATE mail_outbox SET account_uid = COALESCE((
    SELECT f.uid FROM former_addresses f
    WHERE f.email = mail_outbox.recipient
      AND f.left_at >= CAST((julianday(mail_outbox.created_at) - 2440587.5) * 86400000 AS INTEGER)
    ORDER BY f.left_at LIMIT 1), '')
WHERE account_uid = '' AND recipient IN (SELECT email FROM former_addresses);

-- The reminders of a former address made before the account left it, with the account's address now ('' when the
-- account is gone: deleted under the old release, which left them).
CREATE TEMP TABLE former_reminders (id TEXT PRIMARY KEY, variant_id TEXT NOT NULL, status TEXT NOT NULL,
    confirmed_at TEXT, target TEXT NOT NULL);
INSERT INTO former_reminders (id, variant_id, status, confirmed_at, target)
SELECT id, variant_id, status, confirmed_at, COALESCE((SELECT a.email FROM identity_accounts a WHERE a.uid = owner), '') FROM (
    SELECT r.id, r.variant_id, r.status, r.confirmed_at, r.email,
           (SELECT f.uid FROM former_addresses f
            WHERE f.email = r.email
              AND f.left_at >= CAST((julianday(r.created_at) - 2440587.5) * 86400000 AS INTEGER)
            ORDER BY f.left_at LIMIT 1) AS owner
    FROM product_reminders r WHERE r.email IN (SELECT email FROM former_addresses)
) WHERE owner IS NOT NULL AND email <> COALESCE((SELECT a.email FROM identity_accounts a WHERE a.uid = owner), '');

-- A gone account's reminders and mails go, as its deletion erases them today.
DELETE FROM mail_outbox WHERE account_uid IN (SELECT uid FROM former_addresses)
    AND account_uid NOT IN (SELECT uid FROM identity_accounts);
DELETE FROM product_reminders WHERE id IN (SELECT id FROM former_reminders WHERE target = '');
-- A live account's are moved to its address, as reminders.MoveAll moves them: a pending one is deleted (its link
-- went to the former address); an active one replaces a pending one of the variant at the address, and gives way
-- to one that is there already or, of two moved, to the one confirmed later.
DELETE FROM product_reminders WHERE id IN (SELECT id FROM former_reminders WHERE status = 'pending');
DELETE FROM former_reminders WHERE target = '' OR status = 'pending';
DELETE FROM product_reminders WHERE status = 'pending' AND EXISTS (
    SELECT 1 FROM former_reminders m WHERE m.target = product_reminders.email AND m.variant_id = product_reminders.variant_id);
DELETE FROM product_reminders WHERE id IN (
    SELECT m.id FROM former_reminders m
    WHERE EXISTS (SELECT 1 FROM product_reminders r WHERE r.email = m.target AND r.variant_id = m.variant_id)
       OR EXISTS (SELECT 1 FROM former_reminders later
                  WHERE later.target = m.target AND later.variant_id = m.variant_id
                    AND (COALESCE(later.confirmed_at, '') > COALESCE(m.confirmed_at, '')
                         OR (COALESCE(later.confirmed_at, '') = COALESCE(m.confirmed_at, '') AND later.id > m.id))));
UPDATE product_reminders SET email = (SELECT m.target FROM former_reminders m WHERE m.id = product_reminders.id)
WHERE id IN (SELECT id FROM former_reminders);

DROP TABLE former_reminders;
DROP TABLE former_addresses;
