-- Stories pinned to a publication's homepage (docs/product/2-sign-in-notices-cache-routing.md §4.4
-- POST_PINNED_TO_COLLECTION_HOMEPAGE, §8 MaxPinnedStoriesReached; worker/publications/pins.ts):
-- an editor pins one of the publication's stories; the home shows pinned stories first, the most
-- recently pinned first. At most MAX_PINNED_STORIES per publication (checked by the capability).
CREATE TABLE publication_pins (
  collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  post_id TEXT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  pinned_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  pinned_at INTEGER NOT NULL,
  PRIMARY KEY (collection_id, post_id)
);
