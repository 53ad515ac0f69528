-- Sign-in and sign-up (docs/product/2-sign-in-notices-cache-routing.md §2.1, §4.1, §4.3, §5, §8):
-- email codes and links, sign-up tickets, social identities, rate-limit counters, network lockouts,
-- email verification and the development mailbox. Times are milliseconds since the epoch; emails
-- are stored trimmed and lowercased. No secret is stored in a usable form: tokens are SHA-256
-- hashes, six-digit codes HMAC-SHA-256 under the worker secret AUTH_SECRET (see worker/auth/).

-- One row per "send me a sign-in email" request. The six-digit code and the link token
-- are two faces of it: using either sets used_at, which kills both. A row lives 15 minutes
-- (expires_at) and dies after 5 wrong codes (failed_attempts). A newer request for the
-- same email kills the older ones (used_at set on them).
CREATE TABLE login_tokens (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  operation TEXT NOT NULL CHECK (operation IN ('login', 'register')),
  -- Where the visitor goes once signed in (a path on the main host).
  redirect TEXT NOT NULL,
  -- The name typed in the dialog, prefilled into the registration form.
  full_name TEXT NOT NULL DEFAULT '',
  -- HMAC-SHA-256(AUTH_SECRET, 'login-code:' || id || ':' || code), hex.
  code_hash TEXT NOT NULL,
  -- SHA-256 of the link's 256-bit token, hex.
  link_hash TEXT NOT NULL UNIQUE,
  -- SHA-256 of the HttpOnly cookie given to the browser that asked: a code is only
  -- accepted from that browser (the link works anywhere).
  browser_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  failed_attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX login_tokens_by_browser ON login_tokens (browser_hash);
CREATE INDEX login_tokens_by_email ON login_tokens (email, created_at);

-- A proven email (or provider identity) waiting for its name and username: created when a
-- register link or code is used, or a social sign-up returns. 30 minutes, single use; the
-- browser holds the token in an HttpOnly cookie.
CREATE TABLE registration_tickets (
  id_hash TEXT PRIMARY KEY,
  -- Null when a provider gave no email.
  email TEXT,
  -- 0 when a provider returned an email it has not verified: it becomes the account's
  -- unverified email (email_verifications) instead of its email.
  email_verified INTEGER NOT NULL DEFAULT 1,
  redirect TEXT NOT NULL,
  full_name TEXT NOT NULL DEFAULT '',
  provider TEXT CHECK (provider IN ('google', 'facebook', 'apple', 'twitter')),
  provider_subject TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- Accounts at a social provider linked to a user (sign-in with Google, Facebook, Apple, Twitter).
CREATE TABLE social_identities (
  provider TEXT NOT NULL CHECK (provider IN ('google', 'facebook', 'apple', 'twitter')),
  -- The provider's stable id of the account (OpenID "sub", Facebook or Twitter user id).
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX social_identities_by_user ON social_identities (user_id);

-- One row per OAuth redirect to a provider: its state (hashed), the PKCE verifier, and the
-- browser that started it. 10 minutes, single use.
CREATE TABLE oauth_states (
  state_hash TEXT PRIMARY KEY,
  provider TEXT NOT NULL CHECK (provider IN ('google', 'facebook', 'apple', 'twitter')),
  operation TEXT NOT NULL CHECK (operation IN ('login', 'register')),
  redirect TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  browser_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- Fixed-window counters: bucket names the limit and its subject (hashed email or client
-- address), window_start the start of the window (ms). Every GraphQL operation and alias
-- that asks counts, because resolvers increment them.
CREATE TABLE rate_limits (
  bucket TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, window_start)
);

-- Network lockouts (docs/product/2-sign-in-notices-cache-routing.md §8 (IpAuthLockout)): a client
-- address that failed too many codes.
CREATE TABLE auth_lockouts (
  subject TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('NETWORK')),
  locked_until INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);

-- A user's email waiting to be verified (docs/product/2-sign-in-notices-cache-routing.md §3
-- (Viewer.unverifiedEmail)): one per user. SendVerificationEmail sets a fresh link key (hashed)
-- each time it sends.
CREATE TABLE email_verifications (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  key_hash TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  expires_at INTEGER
);

-- Development mailbox (ENVIRONMENT=development only): every mail the worker "sends",
-- listed at GET /_/dev/mailbox.
CREATE TABLE dev_mailbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX dev_mailbox_by_recipient ON dev_mailbox (to_address, created_at);
