-- The banned-link list (docs/adr/0201-banned-link-list.md; docs/outcomes.md
-- PublishingRestrictedBannedLinks): sites staff do not allow stories to link to. Publishing a
-- story whose text links to one of these domains, or to a subdomain of one, is refused
-- (worker/stories/banned-links.ts). Staff keep the list; the domain is stored lower-case.
CREATE TABLE banned_link_domains (
  domain TEXT PRIMARY KEY NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  added_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL
);
