// The demo world generator: a pure function of (stories, seed, now). No clock, no
// Math.random, no I/O — it runs in Node (scripts/seed.ts) and inside workerd (integration
// tests seed their D1 with a small world).

import type { Faker } from '@faker-js/faker';
import { faker as sharedEnglishFaker } from '@faker-js/faker/locale/en';
import { createCatalogs, createClaps, createFollows, createMutes, createReadingHistory } from './activity.ts';
import type { Context } from './context.ts';
import { recomputeCounters } from './counters.ts';
import { createMemberships } from './memberships.ts';
import { createNotifications } from './notifications.ts';
import { createPublications, createTags, createUsers, userCountFor } from './people.ts';
import { IdFactory, Random } from './random.ts';
import type { World } from './rows.ts';
import { createContentWriter, createResponses, createStories } from './stories.ts';
import { TOPICS } from './vocabulary.ts';

export interface GenerateOptions {
  /** Top-level stories (responses come on top, about one per two stories). Default 1,000. */
  stories?: number;
  seed?: number;
  /** The world's present, epoch ms: every time in the world is at or before it. */
  now?: number;
}

export const DEFAULT_SEED = 20261122;
export const DEFAULT_NOW = Date.UTC(2026, 10, 1);

// `@faker-js/faker/locale/en` exports only a shared instance; building a private one from
// its class keeps our seeding from disturbing anyone else who uses the shared instance
// (and avoids importing the package root, which loads every locale).
const FakerClass = sharedEnglishFaker.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;
let privateFaker: Faker | null = null;

export function generateWorld(options: GenerateOptions = {}): World {
  const stories = Math.max(1, Math.floor(options.stories ?? 1000));
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? DEFAULT_NOW;

  privateFaker ??= new FakerClass({ locale: sharedEnglishFaker.rawDefinitions });
  privateFaker.seed(seed);
  const random = new Random(seed);
  const ctx: Context = {
    random,
    faker: privateFaker,
    ids: new IdFactory(random),
    now,
    world: {
      users: [], collections: [], collection_members: [], posts: [], tags: [], post_tags: [], follows: [], mutes: [],
      catalogs: [], catalog_items: [], claps: [], reading_history: [], memberships: [], notifications: [],
    },
    people: [],
    personById: new Map(),
    demo: {},
    publications: [],
    stories: [],
    responses: [],
    topicBySlug: new Map(TOPICS.map((t) => [t.slug, t])),
  };

  createTags(ctx);
  createUsers(ctx, userCountFor(stories));
  createPublications(ctx);
  const content = createContentWriter(ctx);
  createStories(ctx, stories, content);
  createResponses(ctx, Math.round(stories * 0.5), content);
  createCatalogs(ctx);
  createFollows(ctx);
  createMutes(ctx);
  createClaps(ctx);
  createReadingHistory(ctx);
  createMemberships(ctx);
  createNotifications(ctx);
  recomputeCounters(ctx.world);
  return ctx.world;
}
