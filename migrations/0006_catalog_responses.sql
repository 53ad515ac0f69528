-- Responses on lists (docs/product/2-sign-in-notices-cache-routing.md §3 Catalog.responsesCount,
-- threadedCatalogResponses; §7 RefetchThreadedCatalogResponsesQuery, ShowCatalogResponseOnParent).
--
-- A response to a list is a post like a story's response, naming the list it answers
-- instead of a post. Everything else is already there:
-- - catalogs.responses_locked: the list's creator closed discussion
--   (docs/product/2-sign-in-notices-cache-routing.md §8 message);
-- - catalogs.response_count: the stored count of every response to the list;
-- - posts.hidden_by_parent_author: the list's creator hid the response (HIDE_CATALOG_RESPONSE),
--   the same flag a story's author uses on a story's responses.
-- A deleted list takes its responses with it (they mean nothing without it); list
-- responses take no replies, so nothing else points at them but claps, notifications and
-- the like, which cascade from posts already.
ALTER TABLE posts ADD COLUMN in_response_to_catalog_id TEXT REFERENCES catalogs(id) ON DELETE CASCADE;

CREATE INDEX posts_catalog_responses ON posts (in_response_to_catalog_id, first_published_at DESC)
  WHERE in_response_to_catalog_id IS NOT NULL;
