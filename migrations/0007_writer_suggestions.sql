-- Who to follow (followSuggestions) walks writers from the most followed down and stops
-- once it has enough who have published; without this index it sorts every user first.
CREATE INDEX users_by_follower_count ON users (follower_count DESC, id);
