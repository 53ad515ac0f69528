-- Stories sent to the fediverse (issue 30 point 3; worker/federation/story-state.ts): what its
-- followers were last told of each story, so a change sends Create the first time, Update after
-- it and Delete once when the story leaves (unpublished, deleted, made unlisted).
CREATE TABLE federated_stories (
  post_id TEXT PRIMARY KEY,
  -- The actor that sent it (the writer's user id): a Delete goes from the same actor.
  actor_id TEXT NOT NULL,
  -- CREATED: followers have it (Create, then Updates); DELETED: they were sent its Delete.
  state TEXT NOT NULL CHECK (state IN ('CREATED', 'DELETED')),
  -- How many activities were sent for it: each activity's id carries it, so a redelivered
  -- queue message can never send a second, different activity under the same id.
  sequence INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
