-- Fediverse followers held for the writer's approval (issue 30 point 2;
-- docs/adr/0212-approving-fediverse-followers.md).

-- Whether an actor (a user id or a collection id) approves its fediverse followers one by one:
-- its actor document says manuallyApprovesFollowers, and a Follow waits in
-- federation_follow_requests until the writer approves (Accept) or declines (Reject) it.
CREATE TABLE federation_actor_settings (
  actor_id TEXT PRIMARY KEY,
  approves_followers INTEGER NOT NULL DEFAULT 0 CHECK (approves_followers IN (0, 1)),
  updated_at INTEGER NOT NULL
);

-- Follows waiting for approval: not followers (nothing is delivered to them). The same columns as
-- federation_followers, so an approved request moves there as it is.
CREATE TABLE federation_follow_requests (
  actor_id TEXT NOT NULL,
  follower_uri TEXT NOT NULL,
  inbox TEXT NOT NULL,
  shared_inbox TEXT,
  follow_uri TEXT,
  handle TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (actor_id, follower_uri)
);
