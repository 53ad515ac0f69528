// Denormalized counters, recomputed from the rows they summarize so they always agree:
//   posts.clap_count          = sum of claps.count for the post
//   posts.response_count      = number of posts whose in_response_to_post_id is the post (direct responses)
//   users.follower_count      = follows with target_type USER and target_id = the user
//   users.following_count     = follows by the user with target_type USER
//   collections.follower_count= follows with target_type COLLECTION
//   tags.follower_count       = follows with target_type TAG (target_id = tags.id)
//   tags.post_count           = post_tags rows of the tag with published_at set (drafts' tags don't count)
//   catalogs.item_count       = catalog_items of the catalog

import type { World } from './rows.ts';

function tally<T>(rows: readonly T[], key: (row: T) => string | null, amount: (row: T) => number = () => 1): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) totals.set(k, (totals.get(k) ?? 0) + amount(row));
  }
  return totals;
}

export function recomputeCounters(world: World): void {
  const claps = tally(world.claps, (c) => c.post_id, (c) => c.count);
  const responses = tally(world.posts, (p) => p.in_response_to_post_id);
  for (const post of world.posts) {
    post.clap_count = claps.get(post.id) ?? 0;
    post.response_count = responses.get(post.id) ?? 0;
  }

  const followers = tally(world.follows, (f) => `${f.target_type}:${f.target_id}`);
  const following = tally(world.follows, (f) => (f.target_type === 'USER' ? f.follower_id : null));
  for (const user of world.users) {
    user.follower_count = followers.get(`USER:${user.id}`) ?? 0;
    user.following_count = following.get(user.id) ?? 0;
  }
  for (const collection of world.collections) collection.follower_count = followers.get(`COLLECTION:${collection.id}`) ?? 0;

  const topicStories = tally(world.post_tags, (t) => (t.published_at === null ? null : t.tag_slug));
  for (const tag of world.tags) {
    tag.follower_count = followers.get(`TAG:${tag.id}`) ?? 0;
    tag.post_count = topicStories.get(tag.slug) ?? 0;
  }

  const items = tally(world.catalog_items, (i) => i.catalog_id);
  for (const catalog of world.catalogs) catalog.item_count = items.get(catalog.id) ?? 0;
}
