-- Event reporting and story stats (issue 13; docs/stats.md). The browser's event queue posts
-- batches to /_/batch (worker/events/); each accepted event is one raw row, and the story
-- events also bump the story's daily rollup, which is what the stats pages read (a writer's
-- stats page never scans raw events).
CREATE TABLE client_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  -- The signed-in sender; NULL when logged out.
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  post_id TEXT REFERENCES posts(id) ON DELETE CASCADE,
  -- The event's own fields, as validated JSON (at most 1 KiB).
  data TEXT NOT NULL DEFAULT '{}',
  -- When the browser queued it (ms), and when it arrived (ms).
  occurred_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX client_events_by_received ON client_events (received_at);

-- Views, reads and reading seconds per story and UTC day.
CREATE TABLE post_stats_daily (
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  reads INTEGER NOT NULL DEFAULT 0 CHECK (reads >= 0),
  reading_seconds INTEGER NOT NULL DEFAULT 0 CHECK (reading_seconds >= 0),
  PRIMARY KEY (post_id, day)
);
CREATE INDEX post_stats_daily_by_day ON post_stats_daily (day);
