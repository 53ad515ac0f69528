-- Instances staff blocked for the whole site (issue 30 point 5;
-- docs/adr/0206-refusing-remote-instances.md): nothing from the host reaches any inbox, and
-- every follower from it is removed. Kept by /_/admin/fediverse (worker/endpoints/staff-fediverse.ts).
CREATE TABLE federation_site_blocks (
  host TEXT PRIMARY KEY,
  blocked_by TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
