-- Fediverse followers in the writer's audience (issue 30 point 2;
-- docs/adr/0207-fediverse-followers-in-the-audience.md).

-- The follower's preferredUsername, so the audience page shows @{handle}@{instance}
-- (null for a follower stored before it was kept, or an actor that names none).
ALTER TABLE federation_followers ADD COLUMN handle TEXT;

-- Instances a writer (or a publication) blocked (worker/federation/refusals.ts): every follower
-- from the host is removed and its Follows and activities to that actor are refused.
-- actor_id: a user id or a collection id; host: lower-case, without port.
CREATE TABLE federation_instance_blocks (
  actor_id TEXT NOT NULL,
  host TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (actor_id, host)
);
