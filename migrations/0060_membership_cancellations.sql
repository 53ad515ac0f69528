-- Why members cancel, and what they were offered to stay (docs/adr/0120-cancellation-reasons-and-retention-offer.md).
-- One row per answer: a cancellation (offer declined or none made) or an accepted retention offer.
-- The reasons and offers are docs/product/3-routes-data-calls-constants.md §4's lists
-- (shared/membership/cancellation.ts); the CHECKs refuse anything else even from a stray write.
CREATE TABLE membership_cancellations (
  id TEXT PRIMARY KEY,
  membership_id TEXT NOT NULL REFERENCES memberships (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('CONTENT', 'COSTS', 'DUPLICATE_ACCOUNTS', 'FEATURE_USAGE', 'PREMIUM_TIER', 'SWITCHING_PRODUCT', 'TIME', 'OTHER')),
  retention_offer TEXT NOT NULL CHECK (retention_offer IN ('FIFTY_PERCENT_OFF_ONE_YEAR', 'NO_DISCOUNT')),
  offer_accepted INTEGER NOT NULL DEFAULT 0 CHECK (offer_accepted IN (0, 1)),
  created_at INTEGER NOT NULL
);
CREATE INDEX membership_cancellations_reason ON membership_cancellations (reason, offer_accepted);
CREATE INDEX membership_cancellations_user ON membership_cancellations (user_id, created_at);
