-- The writer is told of replies from the fediverse (issue 30 point 4;
-- docs/adr/0215-notifications-from-fediverse-people.md): a RESPONSE notification whose actor is a
-- remote person, not an account. actor_id stays null for it; remote_actor_uri names the person
-- (remote_authors) and fediverse_response_id the reply it opens. Every existing notification
-- keeps both null. ALTER TABLE ADD COLUMN keeps the table (no rebuild: nothing else changes).
ALTER TABLE notifications ADD COLUMN remote_actor_uri TEXT REFERENCES remote_authors(actor_uri) ON DELETE CASCADE;
ALTER TABLE notifications ADD COLUMN fediverse_response_id TEXT REFERENCES fediverse_responses(id) ON DELETE CASCADE;
-- One notification per reply: a replayed or edited Note never tells the writer twice.
CREATE UNIQUE INDEX notifications_by_fediverse_response ON notifications (fediverse_response_id) WHERE fediverse_response_id IS NOT NULL;
