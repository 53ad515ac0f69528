-- Linked accounts on the federated instance
-- (docs/product/1-product-screens-membership-header-search.md §2.6,
-- docs/product/2-sign-in-notices-cache-routing.md §3 (MastodonAccount)): a member who connected an
-- account sees "Go to …" in the avatar menu, others "Create an account". One linked account per
-- user.
CREATE TABLE mastodon_accounts (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- The account name without the instance, e.g. 'ada' for @ada@me.vellum.social.
  username TEXT NOT NULL,
  -- Host of the instance the account lives on.
  domain TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
