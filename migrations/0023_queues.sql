-- Fan-out on queues (issue 17, docs/adr/0090-one-fan-out-queue.md and docs/adr/0091-idempotency-keys.md).
--
-- Idempotency keys of queue work that must happen at most once (an email to one subscriber
-- for one story, a renewal charge): a message claims its key before acting, a failure gives the
-- key back, so a retried or redelivered message never sends an email or charges twice.
CREATE TABLE queue_idempotency_keys (
  key TEXT PRIMARY KEY,
  claimed_at INTEGER NOT NULL
);

-- Messages that failed every attempt and reached the dead-letter queue: logged and kept here
-- for an operator (the body, the kind, how many attempts it had).
CREATE TABLE queue_dead_letters (
  id INTEGER PRIMARY KEY,
  message_id TEXT NOT NULL,
  kind TEXT,
  body_json TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  received_at INTEGER NOT NULL
);

-- The fan-out queue's backlog gauge: messages counted as sent (before they are sent) and as
-- settled (done, or dead-lettered). sent = settled means nothing is waiting; the benchmarks
-- and the tests' drain helper read it. One row.
CREATE TABLE queue_backlog (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  sent INTEGER NOT NULL,
  settled INTEGER NOT NULL
);
INSERT INTO queue_backlog (id, sent, settled) VALUES (1, 0, 0);

-- The new-story fan-out pages through a writer's (and a publication's) followers in
-- follower order; this index lets each page read only its own rows.
CREATE INDEX follows_by_target_follower ON follows (target_type, target_id, follower_id);
