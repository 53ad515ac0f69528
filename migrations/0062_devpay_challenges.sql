-- The local provider's 3-D Secure challenges (docs/adr/0141-local-3d-secure-challenge.md): a test
-- card that requires authentication leaves its checkout session open and a challenge here; only the
-- challenge page's Complete, for this session, before it expires and once, completes the payment.
-- The card is kept as the processor keeps it (brand, last four, expiry), never its number. The same
-- one-time confirmation stands in for a wallet sheet and a PayPal approval (kind; docs/adr/0142-wallets-and-paypal.md).
CREATE TABLE devpay_challenges (
  id TEXT PRIMARY KEY,
  session_ref TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  behaviour TEXT NOT NULL CHECK (behaviour IN ('succeeds', 'fails_on_renewal')),
  kind TEXT NOT NULL DEFAULT 'three_d_secure' CHECK (kind IN ('three_d_secure', 'apple_pay', 'google_pay', 'paypal')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX devpay_challenges_by_session ON devpay_challenges (session_ref);
