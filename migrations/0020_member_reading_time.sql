-- Members' reading time per story and UTC day (issue 13). The event intake adds to it as members
-- read (worker/events/); the Partner Program's monthly earnings job shares each member's fee among
-- the stories they read by these seconds (worker/partner/). Created on its own, before either
-- side, so both are written against one table.
CREATE TABLE member_reading_time_daily (
  day TEXT NOT NULL,
  member_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  seconds INTEGER NOT NULL CHECK (seconds >= 0),
  PRIMARY KEY (day, member_id, post_id)
);
CREATE INDEX member_reading_time_daily_by_post ON member_reading_time_daily (post_id, day);
