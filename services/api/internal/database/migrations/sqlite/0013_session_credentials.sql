-- A session remembers the credentials it was opened with (a digest of the account's password hash and e-mail
-- address): once they change, it is over, also when it was opened while the change was being made. Sessions from
-- before this column have none and end as they did, by revocation and expiry.
ALTER TABLE identity_sessions ADD COLUMN credentials TEXT NOT NULL DEFAULT '';
