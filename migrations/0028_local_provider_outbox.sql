-- The local test provider's undelivered events (development only, worker/payments/local-provider.ts):
-- an event our webhook handler did not take (it failed or refused) is kept here and sent again,
-- with the same event id, by the provider's next billing run, as Stripe retries an
-- unacknowledged delivery. Renewals need no row: their subscription is put back as it was.
CREATE TABLE devpay_undelivered_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  last_attempt_at INTEGER NOT NULL
);
