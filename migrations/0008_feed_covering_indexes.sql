-- The signed-in home feeds (worker/graphql/resolvers/followed-feeds.ts) read up to one page
-- of stories per followed writer, publication and topic, and one page of the newest
-- stories. A story row holds its content (several KB, spilling onto overflow pages), so
-- checking "is this story listed" on the row reads pages scattered over the whole
-- database: at 50,000 stories that was most of the feed's cost. These indexes carry every
-- column the feeds filter and rank on, so the feeds are answered from the indexes alone
-- and touch story rows only for the page they return (docs/reader.md, "Home, topics and
-- feeds"; bench/scale.bench.mjs).
--
-- The three list indexes keep their names and leading columns (other lists and the
-- writer suggestions name posts_by_creator); id DESC after the time orders ties the way
-- every list's cursor does, so no page needs a sort.
DROP INDEX posts_by_creator;
CREATE INDEX posts_by_creator ON posts (creator_id, latest_published_at DESC, id DESC, collection_id, status, visibility, is_suspended, deleted_at, in_response_to_post_id, in_response_to_catalog_id);
DROP INDEX posts_by_collection;
CREATE INDEX posts_by_collection ON posts (collection_id, latest_published_at DESC, id DESC, creator_id, status, visibility, is_suspended, deleted_at, in_response_to_post_id, in_response_to_catalog_id);
DROP INDEX posts_latest;
CREATE INDEX posts_latest ON posts (status, latest_published_at DESC, id DESC, creator_id, collection_id, visibility, is_suspended, deleted_at, in_response_to_post_id, in_response_to_catalog_id) WHERE in_response_to_post_id IS NULL AND deleted_at IS NULL;
-- A story's listing fields by id, without its content: the topic branch of the feeds
-- looks stories up by id from their tag links.
CREATE INDEX posts_listing ON posts (id, latest_published_at, creator_id, collection_id, status, visibility, is_suspended, deleted_at, in_response_to_post_id, in_response_to_catalog_id);
-- A topic's stories newest first, with the story id in the index entry.
DROP INDEX post_tags_by_tag;
CREATE INDEX post_tags_by_tag ON post_tags (tag_slug, published_at DESC, post_id DESC);
