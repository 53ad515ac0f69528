-- Membership, payments and gifts (docs/membership.md). Card numbers never reach these
-- tables: a card is its brand, last four digits and expiry, and the provider's reference.

-- The card on file per user (one: updating it replaces it).
CREATE TABLE payment_methods (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  customer_ref TEXT NOT NULL,
  payment_method_ref TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL CHECK (length(last4) = 4),
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- The provider's subscription behind a membership paid by card, and a scheduled plan switch.
CREATE TABLE subscriptions (
  membership_id TEXT PRIMARY KEY REFERENCES memberships(id) ON DELETE CASCADE,
  subscription_ref TEXT NOT NULL UNIQUE,
  switch_plan TEXT CHECK (switch_plan IN ('MONTHLY', 'YEARLY', 'PREMIUM_MONTHLY', 'PREMIUM_YEARLY')),
  switch_plan_at INTEGER
);

-- A checkout we started: what was asked for, priced from configuration, never from the client.
CREATE TABLE checkouts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('MEMBERSHIP', 'GIFT', 'PAYMENT_METHOD')),
  plan TEXT NOT NULL CHECK (plan IN ('MONTHLY', 'YEARLY', 'PREMIUM_MONTHLY', 'PREMIUM_YEARLY')),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL,
  gift_recipient_email TEXT,
  status TEXT NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'COMPLETE')),
  provider_ref TEXT UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX checkouts_by_user ON checkouts (user_id, created_at DESC);

-- Every charge, successful or failed: the billing history and its receipts.
CREATE TABLE charges (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  membership_id TEXT REFERENCES memberships(id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('MEMBERSHIP', 'GIFT')),
  plan TEXT NOT NULL,
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('SUCCEEDED', 'FAILED')),
  provider_ref TEXT NOT NULL UNIQUE,
  card_brand TEXT,
  card_last4 TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX charges_by_user ON charges (user_id, created_at DESC);

-- Webhook events already applied (idempotency: a redelivery is acknowledged, not applied).
CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at INTEGER NOT NULL
);

-- Gift codes: stored as SHA-256 of the code (the code itself is only in the recipient's mail).
CREATE TABLE gift_codes (
  code_hash TEXT PRIMARY KEY,
  purchaser_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan TEXT NOT NULL CHECK (plan IN ('MONTHLY', 'YEARLY', 'PREMIUM_MONTHLY', 'PREMIUM_YEARLY')),
  recipient_email TEXT NOT NULL,
  charge_id TEXT REFERENCES charges(id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  redeemed_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  redeemed_at INTEGER
);

-- The local test provider's own books (development only: it plays the card processor inside
-- the worker). A card is kept as brand, last four, expiry and how the test card behaves.
CREATE TABLE devpay_sessions (
  id TEXT PRIMARY KEY,
  mode TEXT NOT NULL CHECK (mode IN ('subscription', 'payment', 'setup')),
  customer_ref TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  interval TEXT,
  description TEXT NOT NULL,
  metadata TEXT NOT NULL,
  success_url TEXT NOT NULL,
  cancel_url TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete')),
  subscription_ref TEXT,
  payment_method_ref TEXT,
  created_at INTEGER NOT NULL
);
CREATE TABLE devpay_cards (
  payment_method_ref TEXT PRIMARY KEY,
  customer_ref TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  behaviour TEXT NOT NULL CHECK (behaviour IN ('succeeds', 'fails_on_renewal'))
);
CREATE TABLE devpay_subscriptions (
  id TEXT PRIMARY KEY,
  customer_ref TEXT NOT NULL,
  payment_method_ref TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  interval TEXT NOT NULL CHECK (interval IN ('month', 'year')),
  metadata TEXT NOT NULL,
  current_period_end INTEGER NOT NULL,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('active', 'past_due', 'canceled'))
);
CREATE INDEX devpay_subscriptions_due ON devpay_subscriptions (status, current_period_end);
