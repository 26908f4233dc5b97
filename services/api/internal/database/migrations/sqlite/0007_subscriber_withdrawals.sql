-- The record a full unsubscribe leaves behind (spec 001 §4): which subscriptions were withdrawn, how many product
-- reminders were deleted, and when. Everything else about the subscriber is erased; the address is kept only as
-- its SHA-256, enough to show the withdrawal for an address the retailer is asked about and to refuse the
-- subscriber's older e-mail links. Times are fixed-width UTC text so that they compare as strings.
CREATE TABLE subscriber_withdrawals (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email_hash    TEXT NOT NULL,
    subscriptions TEXT NOT NULL,
    reminders     INTEGER NOT NULL,
    withdrawn_at  TEXT NOT NULL
);
CREATE INDEX subscriber_withdrawals_email ON subscriber_withdrawals (email_hash, withdrawn_at);
