-- The WebAuthn user handle each passkey was made with, which its authenticator hands back at every login. A passkey
-- registered over a newsletter subscriber's account gets a new, random one per ceremony (2026-11-29: the subscriber
-- account's UID in the options told a subscriber's address from an unknown one and gave the UID away), so the handle
-- is no longer always the account's UID. '' is the account's UID: every passkey made before.
ALTER TABLE identity_passkeys ADD COLUMN user_handle TEXT NOT NULL DEFAULT '';
