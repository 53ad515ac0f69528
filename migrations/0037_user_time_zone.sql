-- A writer's time zone (docs/stats.md "Days in the writer's time zone"): an IANA name, checked by
-- the worker; NULL is UTC. Their stories' daily rollups are cut at their midnight.
ALTER TABLE users ADD COLUMN time_zone TEXT;
