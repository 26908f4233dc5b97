-- One pending product reminder per address and variant (QA round of 2026-11-29: 20 identical creates of the shop,
-- at once or one after another, made 20 pending reminders and sent 20 verification mails). A create for a pair
-- that has one answers it; this index keeps that true for creates that run at once, on both databases. Its third
-- part is the same for every pending reminder and unique (the id) for an active one, so only pending ones meet;
-- a partial index (WHERE status = 'pending') would do the same, but the planners then took it, read whole, for
-- the sweep and the centre's listing. Of the duplicates made before it, the newest is kept: its mail is the
-- latest the subscriber got.
DELETE FROM product_reminders WHERE status = 'pending' AND EXISTS (
    SELECT 1 FROM product_reminders newer
    WHERE newer.email = product_reminders.email AND newer.variant_id = product_reminders.variant_id
      AND newer.status = 'pending'
      AND (newer.created_at > product_reminders.created_at
           OR (newer.created_at = product_reminders.created_at AND newer.id > product_reminders.id)));
CREATE UNIQUE INDEX product_reminders_one_pending
    ON product_reminders (email, variant_id, (CASE WHEN status = 'pending' THEN '' ELSE id END));
