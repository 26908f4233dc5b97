-- Every e-mail the service sends is kept here first; the SMTP relay delivers from this table when configured.
CREATE TABLE mail_outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient    TEXT NOT NULL,
    kind         TEXT NOT NULL,
    language     TEXT NOT NULL,
    subject      TEXT NOT NULL,
    body_text    TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'stored',
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    sent_at      TEXT
);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, id);
CREATE INDEX mail_outbox_pending ON mail_outbox (status, id);
