-- The Partner Program (issue 13 points 4-7; docs/partner-program.md): enrolment deadlines, tax
-- documents and their review, earnings per story and month, payouts.

-- An enrolled writer's tax deadlines (docs/product/2-sign-in-notices-cache-routing.md §4.5): tax
-- documents must be approved by earnings_limited_at or earnings stop; earnings withheld since are
-- forfeited at earnings_forfeited_at. Both are set at enrolment (docs/partner-program.md).
CREATE TABLE partner_enrollments (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  enrolled_at INTEGER NOT NULL,
  earnings_limited_at INTEGER NOT NULL,
  earnings_forfeited_at INTEGER NOT NULL
);

-- Every tax form a writer submitted; the newest is their status (none: not submitted).
-- status 1 pending, 2 on hold, 3 invalid, 4 approved (§3 TaxDocuments). Only the last four
-- digits of the tax number are kept: nothing here needs the whole number.
CREATE TABLE tax_documents (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  form_type TEXT NOT NULL CHECK (form_type IN ('W-9', 'W-8BEN')),
  legal_name TEXT NOT NULL,
  country TEXT NOT NULL CHECK (length(country) = 2),
  address TEXT NOT NULL,
  tax_id_last4 TEXT NOT NULL CHECK (length(tax_id_last4) = 4),
  signature TEXT NOT NULL,
  status INTEGER NOT NULL CHECK (status IN (1, 2, 3, 4)),
  invalid_reason TEXT,
  submitted_at INTEGER NOT NULL,
  reviewed_at INTEGER,
  reviewed_by TEXT REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX tax_documents_by_user ON tax_documents (user_id, submitted_at DESC);

-- A writer's earnings for one story in one month (month 'YYYY-MM', UTC), in cents of the
-- membership currency. WITHHELD: earned while tax documents were missing (paid once approved);
-- FORFEITED: withheld past the forfeit date; STOPPED: after the limit date, nothing is earned.
CREATE TABLE partner_earnings (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  seconds INTEGER NOT NULL,
  amount INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('EARNED', 'WITHHELD', 'STOPPED', 'FORFEITED')),
  PRIMARY KEY (user_id, month, post_id)
);

-- One payout per writer and month; the idempotency key makes a retried job pay once.
CREATE TABLE partner_payouts (
  idempotency_key TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('PENDING', 'PAID', 'FAILED')),
  transfer_ref TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  paid_at INTEGER
);
CREATE INDEX partner_payouts_by_user ON partner_payouts (user_id, month DESC);

-- A writer's payout account at the payment provider (Stripe Connect's connected account; the
-- local provider's stand-in in development). VERIFIED: the provider pays out to it.
CREATE TABLE payout_accounts (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'local')),
  account_ref TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL CHECK (state IN ('CREATED', 'VERIFIED', 'FAILED', 'DELETED')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- The local test provider's connected accounts and transfers (development only, like devpay_*).
-- A transfer's idempotency key is unique: a retried transfer answers the first one, as Stripe does.
CREATE TABLE devpay_connected_accounts (
  id TEXT PRIMARY KEY,
  email TEXT,
  country TEXT NOT NULL,
  payouts_enabled INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE devpay_transfers (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  destination TEXT NOT NULL REFERENCES devpay_connected_accounts(id),
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- The months the earnings job has computed: the hourly billing clock computes a finished month once.
CREATE TABLE partner_earnings_months (
  month TEXT PRIMARY KEY,
  computed_at INTEGER NOT NULL
);

-- Author verification (docs/partner-program.md "Author verification"): a writer asks, naming
-- their books (title and a link to each); staff approve (users.is_book_author, the existing
-- admin action verify_book_author) or decline. A verified author's books are listed on
-- /@{username}/books.
CREATE TABLE author_verification_requests (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('PENDING', 'APPROVED', 'DECLINED')),
  created_at INTEGER NOT NULL,
  reviewed_at INTEGER
);
CREATE INDEX author_verification_requests_by_user ON author_verification_requests (user_id, created_at DESC);

CREATE TABLE author_books (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  request_id TEXT REFERENCES author_verification_requests(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  url TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX author_books_by_user ON author_books (user_id, position);
