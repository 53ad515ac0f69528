-- Importing a newsletter's subscribers from a CSV file, with their consent (issue 12 item 8;
-- docs/newsletters.md "Importing subscribers"). An import invites: each address gets one email
-- with a link, and only a confirmed invitation subscribes anyone. newsletter_id names a writer's
-- newsletter by the writer's user id, or a publication newsletter by its id (ids never collide),
-- as the export and the unsubscribe links do.
CREATE TABLE newsletter_imports (
  id TEXT PRIMARY KEY,
  newsletter_id TEXT NOT NULL,
  importer_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  file_name TEXT NOT NULL DEFAULT '',
  invited_count INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX newsletter_imports_by_newsletter ON newsletter_imports (newsletter_id, created_at);

-- One invitation per address and newsletter, ever: an address that ignored or declined an
-- invitation is never invited to that newsletter again by another import.
CREATE TABLE newsletter_invitations (
  id TEXT PRIMARY KEY,
  import_id TEXT NOT NULL REFERENCES newsletter_imports(id) ON DELETE CASCADE,
  newsletter_id TEXT NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE,
  name TEXT NOT NULL DEFAULT '',
  -- SHA-256 of the link's key, set when the email goes out (the key itself is never stored).
  key_hash TEXT UNIQUE,
  sent_at INTEGER,
  confirmed_at INTEGER,
  created_at INTEGER NOT NULL,
  UNIQUE (newsletter_id, email)
);
CREATE INDEX newsletter_invitations_by_import ON newsletter_invitations (import_id, id);

-- Who left a newsletter ('*': every newsletter): an import never invites them back.
CREATE TABLE newsletter_unsubscribes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  newsletter_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, newsletter_id)
);
