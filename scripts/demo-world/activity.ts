// What readers do: lists (catalogs), follows, mutes, claps and reading history.

import { DAY, isLive, timeBetween, type Context, type Person, type Story } from './context.ts';
import { WeightedPicker } from './random.ts';
import type { CatalogRow, FollowRow } from './rows.ts';
import { sentence } from './text.ts';
import { LIST_DESCRIPTIONS, LIST_NAMES, TOPICS, type Topic } from './vocabulary.ts';

/** Stories a reader can find and keep: live, not responses, listed. */
function listableStories(ctx: Context): Story[] {
  return ctx.stories.filter((s) => isLive(s.row) && s.row.visibility !== 'UNLISTED');
}

function popularityPicker(stories: Story[]): WeightedPicker<Story> | null {
  return stories.length === 0 ? null : new WeightedPicker(stories, stories.map((s) => 0.05 + s.popularity));
}

/** Every user has a private Reading list; some keep extra lists, public or private. */
export function createCatalogs(ctx: Context): void {
  const { random, now, world } = ctx;
  const listable = listableStories(ctx);
  const picker = popularityPicker(listable);
  const byTopic = new Map<string, Story[]>();
  for (const story of listable) {
    const list = byTopic.get(story.topic.slug) ?? [];
    list.push(story);
    byTopic.set(story.topic.slug, list);
  }

  const addItems = (catalog: CatalogRow, owner: Person, stories: Story[]): void => {
    let latest = catalog.created_at;
    for (const story of stories) {
      const from = Math.max(catalog.created_at, owner.row.created_at, story.row.first_published_at as number);
      const createdAt = timeBetween(random, from, now);
      latest = Math.max(latest, createdAt);
      world.catalog_items.push({
        id: ctx.ids.next(),
        catalog_id: catalog.id,
        post_id: story.row.id,
        note: random.chance(0.12) ? sentence(random, story.topic) : '',
        created_at: createdAt,
      });
    }
    catalog.updated_at = latest;
  };

  for (const person of ctx.people) {
    const isReader = person === ctx.demo.reader;
    const readingList = catalogRow(ctx, person, 'Reading list', '', 'PREDEFINED_LIST', 'PRIVATE', person.row.created_at);
    readingList.predefined = 'READING_LIST';
    world.catalogs.push(readingList);
    if (picker) addItems(readingList, person, picker.pickDistinct(random, isReader ? 10 : random.skewed(0, 15, 1.8)));

    const extra = isReader ? 2 : person === ctx.demo.writer ? 1 : random.chance(0.18) ? random.int(1, 3) : 0;
    for (let i = 0; i < extra && picker; i++) {
      const topic = random.chance(0.7) ? random.pick(person.topics) : random.pick(TOPICS);
      const name = isReader ? (i === 0 ? 'Best of Writing' : 'Saved for the weekend') : random.pick(LIST_NAMES).replace('{T}', topic.title);
      const visibility = isReader ? (i === 0 ? 'PUBLIC' : 'PRIVATE') : random.chance(0.75) ? 'PUBLIC' : 'PRIVATE';
      const createdAt = timeBetween(random, person.row.created_at, now - DAY);
      const list = catalogRow(ctx, person, name, random.pick(LIST_DESCRIPTIONS), 'LISTS', visibility, createdAt);
      world.catalogs.push(list);
      addItems(list, person, pickForTopic(ctx, byTopic.get(topic.slug) ?? [], picker, random.int(2, 20)));
    }
  }
}

/** Mostly stories on the list's topic, topped up with popular ones. */
function pickForTopic(ctx: Context, onTopic: Story[], picker: WeightedPicker<Story>, count: number): Story[] {
  const chosen = new Set(ctx.random.sample(onTopic, Math.round(count * 0.7)));
  for (const story of picker.pickDistinct(ctx.random, count)) {
    if (chosen.size >= count) break;
    chosen.add(story);
  }
  return [...chosen];
}

function catalogRow(
  ctx: Context, owner: Person, name: string, description: string, type: CatalogRow['type'],
  visibility: CatalogRow['visibility'], createdAt: number,
): CatalogRow {
  return {
    id: ctx.ids.next(),
    creator_id: owner.row.id,
    name,
    description,
    type,
    predefined: null,
    visibility,
    responses_locked: 0,
    item_count: 0,
    response_count: 0,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

/** Follows of writers (popular ones more), publications, tags and a few public lists. */
export function createFollows(ctx: Context): void {
  const { random, now, world } = ctx;
  const seen = new Set<string>();
  const follow = (follower: Person, type: FollowRow['target_type'], targetId: string, targetCreatedAt: number): void => {
    const key = `${follower.row.id}|${type}|${targetId}`;
    if (seen.has(key) || targetId === follower.row.id) return;
    seen.add(key);
    world.follows.push({
      follower_id: follower.row.id,
      target_type: type,
      target_id: targetId,
      created_at: timeBetween(random, Math.max(follower.row.created_at, targetCreatedAt), now),
    });
  };

  const writers = ctx.people.filter((p) => p.writer && p.row.is_suspended === 0);
  const writerPicker = new WeightedPicker(writers, writers.map((p) => p.weight));
  const publicationPicker = new WeightedPicker(ctx.publications, ctx.publications.map((_, i) => (i === 0 ? 3 : 1 + (i % 3) * 0.5)));
  const tagBySlug = new Map(world.tags.map((t) => [t.slug, t]));
  const publicLists = world.catalogs.filter((c) => c.type === 'LISTS' && c.visibility === 'PUBLIC');
  const { demo } = ctx;

  const reader = demo.reader;
  if (reader) {
    for (const key of ['writer', 'partner', 'sub', 'author'] as const) {
      const target = demo[key];
      if (target) follow(reader, 'USER', target.row.id, target.row.created_at);
    }
    for (const slug of ['the-long-read', 'plain-data', 'quiet-ambition']) {
      const publication = ctx.publications.find((p) => p.row.slug === slug);
      if (publication) follow(reader, 'COLLECTION', publication.row.id, publication.row.created_at);
    }
    for (const slug of reader.topics.map((t) => t.slug)) {
      const tag = tagBySlug.get(slug);
      if (tag) follow(reader, 'TAG', tag.id, 0);
    }
    const list = publicLists.find((c) => c.creator_id !== reader.row.id);
    if (list) follow(reader, 'CATALOG', list.id, list.created_at);
    // A few people follow the reader back, so their notifications include follows.
    for (const fan of random.sample(ctx.people.filter((p) => p !== reader), 4)) follow(fan, 'USER', reader.row.id, reader.row.created_at);
  }

  for (const person of ctx.people) {
    const userCount = person === reader ? 3 : random.skewed(0, Math.min(40, writers.length - 1), 2.2);
    for (const target of writerPicker.pickDistinct(random, userCount, (w) => w === person)) {
      follow(person, 'USER', target.row.id, target.row.created_at);
    }
    if (ctx.publications.length > 0 && random.chance(0.65)) {
      for (const publication of publicationPicker.pickDistinct(random, random.int(1, 4))) {
        follow(person, 'COLLECTION', publication.row.id, publication.row.created_at);
      }
    }
    if (person !== reader && random.chance(0.7)) {
      const topics = new Set<Topic>(person.topics.filter(() => random.chance(0.7)));
      for (let i = random.int(0, 3); i > 0; i--) topics.add(random.pick(TOPICS));
      for (const topic of topics) follow(person, 'TAG', (tagBySlug.get(topic.slug) as { id: string }).id, 0);
    }
    if (publicLists.length > 0 && random.chance(0.06)) {
      for (const list of random.sample(publicLists, random.int(1, 2))) {
        if (list.creator_id !== person.row.id) follow(person, 'CATALOG', list.id, list.created_at);
      }
    }
  }
}

/** A few people mute a writer or a publication they do not follow; the demo reader mutes one of each. */
export function createMutes(ctx: Context): void {
  const { random, now, world } = ctx;
  const followed = new Set(world.follows.map((f) => `${f.follower_id}|${f.target_id}`));
  const writers = ctx.people.filter((p) => p.writer);
  for (const person of ctx.people) {
    const isReader = person === ctx.demo.reader;
    if (!isReader && !random.chance(0.04)) continue;
    const wantUser = isReader || random.chance(0.6);
    const wantCollection = isReader || !wantUser;
    if (wantUser) {
      const target = random.pick(writers);
      if (target !== person && !followed.has(`${person.row.id}|${target.row.id}`) && !Object.values(ctx.demo).includes(target)) {
        world.mutes.push({ muter_id: person.row.id, target_type: 'USER', target_id: target.row.id, created_at: timeBetween(random, Math.max(person.row.created_at, target.row.created_at), now) });
      }
    }
    if (wantCollection && ctx.publications.length > 0) {
      const target = random.pick(ctx.publications);
      if (!followed.has(`${person.row.id}|${target.row.id}`)) {
        world.mutes.push({ muter_id: person.row.id, target_type: 'COLLECTION', target_id: target.row.id, created_at: timeBetween(random, Math.max(person.row.created_at, target.row.created_at), now) });
      }
    }
  }
}

/** Claps: popular stories get many clappers; each clapper gives 1–50, small counts most often. */
export function createClaps(ctx: Context): void {
  const { random, now, world } = ctx;
  const clappers = ctx.people.filter((p) => p.row.is_suspended === 0);
  const maxClappers = Math.min(80, clappers.length - 1);
  const clap = (person: Person, post: Story, count: number): void => {
    const from = Math.max(person.row.created_at, post.row.first_published_at as number);
    world.claps.push({ user_id: person.row.id, post_id: post.row.id, count, updated_at: timeBetween(random, from, now) });
  };

  for (const post of [...ctx.stories, ...ctx.responses]) {
    if (!isLive(post.row)) continue;
    const isResponse = post.root !== post;
    const wanted = isResponse ? random.skewed(0, 4, 3) : Math.round(post.popularity * maxClappers);
    if (wanted === 0) continue;
    for (const person of random.sample(clappers, wanted + 1)) {
      if (person.row.id === post.row.creator_id) continue;
      clap(person, post, clapCount(ctx));
    }
  }
  // The demo reader has clapped for the showcase story (viewer clap counts in the UI).
  const reader = ctx.demo.reader;
  const showcase = ctx.stories[0];
  if (reader && showcase && isLive(showcase.row) && !world.claps.some((c) => c.user_id === reader.row.id && c.post_id === showcase.row.id)) {
    clap(reader, showcase, 12);
  }
}

function clapCount(ctx: Context): number {
  const roll = ctx.random.float();
  if (roll < 0.35) return 1;
  if (roll < 0.7) return ctx.random.int(2, 10);
  if (roll < 0.9) return ctx.random.int(11, 49);
  return 50;
}

export function createReadingHistory(ctx: Context): void {
  const { random, now, world } = ctx;
  const picker = popularityPicker(listableStories(ctx));
  if (!picker) return;
  for (const person of ctx.people) {
    const count = person === ctx.demo.reader ? 20 : random.skewed(0, 40, 2);
    for (const story of picker.pickDistinct(random, count)) {
      const from = Math.max(person.row.created_at, story.row.first_published_at as number);
      world.reading_history.push({ user_id: person.row.id, post_id: story.row.id, read_at: timeBetween(random, from, now) });
    }
  }
}
