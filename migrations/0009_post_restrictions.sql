-- Post-retrieval restrictions (docs/product/2-sign-in-notices-cache-routing.md §3 states
-- UnavailableForLegalReasons, WithheldInCountry and Unauthorized; docs/reader.md "Outcomes"
-- says where each comes from). Staff set them; a story without a row has none. One row per
-- story, apart from posts so that the story table and its covering indexes stay as they are.
--   legal_blocked_at    a staff action on a valid legal order: nobody but staff reads it (451)
--   withheld_countries  comma-separated ISO 3166-1 alpha-2 codes where a legal demand withholds
--                       it: readers from those countries get WithheldInCountry (451)
--   sign_in_required    only signed-in readers may read it: a visitor gets Unauthorized (401)
CREATE TABLE post_restrictions (
  post_id TEXT PRIMARY KEY NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  legal_blocked_at INTEGER,
  withheld_countries TEXT NOT NULL DEFAULT '',
  sign_in_required INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);
