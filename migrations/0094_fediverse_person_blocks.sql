-- A writer (or a publication) blocks one fediverse person (issue 30 point 4, "blocks and mutes
-- apply"; docs/adr/0214-blocking-a-fediverse-person.md). Beside federation_instance_blocks
-- (migrations/0099_fediverse_audience.sql), which blocks a whole server: the person's Follows are
-- refused, an existing follow ends, their replies, likes and boosts are not stored, and the
-- replies of theirs already stored are not shown to readers (worker/federation/refusals.ts).
-- actor_id: a user id or a collection id; remote_actor_uri: the person's ActivityPub actor id;
-- handle: @{name}@{instance} as the writer saw it when blocking (the audience page lists it).
CREATE TABLE federation_person_blocks (
  actor_id TEXT NOT NULL,
  remote_actor_uri TEXT NOT NULL,
  handle TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (actor_id, remote_actor_uri)
);
