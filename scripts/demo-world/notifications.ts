// Notifications derived from what happened in the world (follows, claps, responses,
// mentions). Each user keeps the most recent few; the newest ones are unread.

import { DAY, MINUTE, isLive, timeBetween, type Context } from './context.ts';
import type { NotificationRow } from './rows.ts';

const KEEP_PER_USER = 30;

type Event = Omit<NotificationRow, 'id' | 'read_at'>;

export function createNotifications(ctx: Context): void {
  const { random, now, world } = ctx;
  const byRecipient = new Map<string, Event[]>();
  const add = (event: Event): void => {
    if (event.actor_id === event.user_id) return;
    let events = byRecipient.get(event.user_id);
    if (!events) byRecipient.set(event.user_id, (events = []));
    events.push(event);
    // Trim as we go so a 50,000-story world does not hold every clap as a notification.
    if (events.length >= KEEP_PER_USER * 4) {
      events.sort(newestFirst);
      events.length = KEEP_PER_USER;
    }
  };

  for (const f of world.follows) {
    if (f.target_type === 'USER') add({ user_id: f.target_id, actor_id: f.follower_id, type: 'FOLLOW', post_id: null, created_at: f.created_at });
  }
  const postById = new Map(world.posts.map((p) => [p.id, p]));
  for (const c of world.claps) {
    const post = postById.get(c.post_id);
    if (post) add({ user_id: post.creator_id, actor_id: c.user_id, type: 'CLAP', post_id: post.id, created_at: c.updated_at });
  }
  for (const response of ctx.responses) {
    const parent = postById.get(response.row.in_response_to_post_id as string);
    if (parent) {
      add({ user_id: parent.creator_id, actor_id: response.row.creator_id, type: 'RESPONSE', post_id: response.row.id, created_at: response.row.first_published_at as number });
    }
  }
  for (const story of ctx.stories) {
    if (!isLive(story.row)) continue;
    for (const mentioned of story.mentions) {
      add({ user_id: mentioned, actor_id: story.row.creator_id, type: 'MENTION', post_id: story.row.id, created_at: story.row.first_published_at as number });
    }
  }

  const demoIds = new Set(Object.values(ctx.demo).map((p) => p.row.id));
  for (const person of ctx.people) {
    const events = byRecipient.get(person.row.id);
    if (!events) continue;
    events.sort(newestFirst);
    const kept = events.slice(0, KEEP_PER_USER);
    const unread = demoIds.has(person.row.id) ? 3 : random.skewed(0, 8, 2);
    kept.forEach((event, index) => {
      const readAt = index < unread ? null : timeBetween(random, Math.min(now, event.created_at + MINUTE), Math.min(now, event.created_at + 3 * DAY));
      world.notifications.push({ id: ctx.ids.next(), ...event, read_at: readAt });
    });
  }
}

/** Newest first; ties broken by plain string order so the result never depends on the sort's input order. */
function newestFirst(a: Event, b: Event): number {
  if (a.created_at !== b.created_at) return b.created_at - a.created_at;
  const left = `${a.type}${a.actor_id ?? ''}${a.post_id ?? ''}`;
  const right = `${b.type}${b.actor_id ?? ''}${b.post_id ?? ''}`;
  return left < right ? -1 : left > right ? 1 : 0;
}
