-- The rest of the reader's site (issue 15).

-- Profile tabs (worker/graphql/modules/profile-tabs.ts): Has recommended walks a user's claps,
-- most recent first; Responses walks a user's responses, newest first. Each page is one range
-- of one of these indexes.
CREATE INDEX claps_by_user ON claps (user_id, updated_at DESC, post_id DESC);
CREATE INDEX posts_responses_by_creator ON posts (creator_id, first_published_at DESC, id DESC) WHERE in_response_to_post_id IS NOT NULL;
