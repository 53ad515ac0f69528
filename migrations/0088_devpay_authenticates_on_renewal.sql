-- The local provider's test card 4000 0027 6000 3184 asks for 3-D Secure at every renewal too, as
-- Stripe's does (docs/adr/0188-renewal-needing-authentication.md): a third card behaviour,
-- 'authenticates_on_renewal'. SQLite cannot change a CHECK, so both local-provider tables that
-- hold a behaviour are rebuilt with their rows (development-only tables, nothing refers to them).
CREATE TABLE devpay_cards_new (
  payment_method_ref TEXT PRIMARY KEY,
  customer_ref TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  behaviour TEXT NOT NULL CHECK (behaviour IN ('succeeds', 'fails_on_renewal', 'authenticates_on_renewal')),
  wallet TEXT CHECK (wallet IN ('apple_pay', 'google_pay', 'paypal'))
);
INSERT INTO devpay_cards_new (payment_method_ref, customer_ref, brand, last4, exp_month, exp_year, behaviour, wallet)
  SELECT payment_method_ref, customer_ref, brand, last4, exp_month, exp_year, behaviour, wallet FROM devpay_cards;
DROP TABLE devpay_cards;
ALTER TABLE devpay_cards_new RENAME TO devpay_cards;

CREATE TABLE devpay_challenges_new (
  id TEXT PRIMARY KEY,
  session_ref TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  behaviour TEXT NOT NULL CHECK (behaviour IN ('succeeds', 'fails_on_renewal', 'authenticates_on_renewal')),
  kind TEXT NOT NULL DEFAULT 'three_d_secure' CHECK (kind IN ('three_d_secure', 'apple_pay', 'google_pay', 'paypal')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
INSERT INTO devpay_challenges_new (id, session_ref, brand, last4, exp_month, exp_year, behaviour, kind, status, created_at, expires_at)
  SELECT id, session_ref, brand, last4, exp_month, exp_year, behaviour, kind, status, created_at, expires_at FROM devpay_challenges;
DROP TABLE devpay_challenges;
ALTER TABLE devpay_challenges_new RENAME TO devpay_challenges;
CREATE INDEX devpay_challenges_by_session ON devpay_challenges (session_ref);
