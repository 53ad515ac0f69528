-- Issue 25 point 5: reader pages flat as the site grows (docs/scale.md, "Flat as the site grows";
-- bench/scale.bench.mjs). EXPLAIN QUERY PLAN at 1,000 and 50,000 stories showed statements that
-- walked every published story:
--
-- The story page's "more from the publication" and "more from the writer" lists
-- (worker/stories/story-lists.ts through the post's GraphQL fields): collection_id = ? or
-- creator_id = ? with the listing filters, newest first. Without statistics SQLite preferred
-- posts_recent_claps (status = ?, a range on latest_published_at) over posts_by_collection /
-- posts_by_creator (one equality each), i.e. it walked all published stories newest first until
-- it found five of the publication's. These two have both equalities before the order, so the
-- planner takes them and reads only the publication's (the writer's) newest entries.
CREATE INDEX IF NOT EXISTS posts_collection_published ON posts (collection_id, status, latest_published_at DESC, id DESC, creator_id, visibility, is_suspended, in_response_to_catalog_id)
  WHERE in_response_to_post_id IS NULL AND deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS posts_creator_published ON posts (creator_id, status, latest_published_at DESC, id DESC, collection_id, visibility, is_suspended, in_response_to_catalog_id)
  WHERE in_response_to_post_id IS NULL AND deleted_at IS NULL;

-- The home pages' topics (worker/discovery/home-discovery.ts homeTopics): tags with the most
-- stories, read in order from the top instead of a scan and a sort of every tag.
CREATE INDEX IF NOT EXISTS tags_by_post_count ON tags (post_count DESC, slug);
