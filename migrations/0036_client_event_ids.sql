-- The ids of events the intake has recorded (docs/stats.md "Sent once"): a batch whose ok answer
-- was lost is sent again by the browser, and its events must count once. Kept 7 days (the daily
-- job prunes older ones): a browser retries for minutes, not weeks.
CREATE TABLE client_event_ids (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
);
CREATE INDEX client_event_ids_by_received ON client_event_ids (received_at);
