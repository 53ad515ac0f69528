-- "Show less like this" (docs/product/2-sign-in-notices-cache-routing.md §4.4 USER_NEGATIVE_SIGNAL;
-- worker/stories/negative-signals.ts): a reader tells the product they want fewer stories like
-- one on their home feed. The story leaves that reader's home feeds; Undo deletes the row.
CREATE TABLE negative_signals (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, post_id)
);
