// The demo world generator: a pure function of (stories, seed, now). No clock, no
// Math.random, no I/O — it runs in Node (scripts/seed.ts) and inside workerd (integration
// tests seed their D1 with a small world).
//
// The world is always drawn at one fixed instant (CONTENT_ANCHOR) and then moved in time
// to `now`: every time column shifts by the same amount. So the same seed gives the same
// content whatever the day (only times differ), and a world seeded today has its demo
// accounts in their stated states today (an active member mid-period, a failed payment
// inside its grace period) instead of three weeks stale (docs/membership.md).

import type { Faker } from '@faker-js/faker';
import { faker as sharedEnglishFaker } from '@faker-js/faker/locale/en';
import { createCatalogs, createClaps, createFollows, createMutes, createReadingHistory } from './activity.ts';
import type { Context } from './context.ts';
import { recomputeCounters } from './counters.ts';
import { createMemberships } from './memberships.ts';
import { createPartnerProgram } from './partner-program.ts';
import { createNotifications } from './notifications.ts';
import { createPublicationDesigns, createWriterStyleSheet } from './publication-design.ts';
import { createPublications, createTags, createUsers, userCountFor } from './people.ts';
import { IdFactory, Random } from './random.ts';
import { TABLE_COLUMNS, TABLES_IN_FK_ORDER, type World } from './rows.ts';
import { createContentWriter, createResponses, createStories } from './stories.ts';
import { TOPICS } from './vocabulary.ts';
import { createStoryStats } from './story-stats.ts';
import { createNewsletters } from './newsletters.ts';
import { createProductBlog } from './product-blog.ts';
import { createSeries } from './series.ts';

export interface GenerateOptions {
  /** Top-level stories (responses come on top, about one per two stories). Default 1,000. */
  stories?: number;
  seed?: number;
  /**
   * The world's present, epoch ms: every past time in the world is at or before it (a
   * membership's current period ends after it). `npm run seed` passes the day it runs.
   */
  now?: number;
}

export const DEFAULT_SEED = 20261122;
/** The instant every world is drawn at before it is moved to its `now`. */
export const CONTENT_ANCHOR = Date.UTC(2026, 10, 1);
/** `now` when none is given: the anchor itself (tests that want a fixed world). */
export const DEFAULT_NOW = CONTENT_ANCHOR;

// `@faker-js/faker/locale/en` exports only a shared instance; building a private one from
// its class keeps our seeding from disturbing anyone else who uses the shared instance
// (and avoids importing the package root, which loads every locale).
const FakerClass = sharedEnglishFaker.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;
let privateFaker: Faker | null = null;

export function generateWorld(options: GenerateOptions = {}): World {
  const stories = Math.max(1, Math.floor(options.stories ?? 1000));
  const seed = options.seed ?? DEFAULT_SEED;
  const now = CONTENT_ANCHOR;
  const shift = Math.round(options.now ?? DEFAULT_NOW) - CONTENT_ANCHOR;

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
      catalogs: [], catalog_items: [], claps: [], reading_history: [], post_stats_daily: [], memberships: [], notifications: [],
      payment_methods: [], subscriptions: [], devpay_cards: [], devpay_subscriptions: [],
      collection_designs: [], custom_style_sheets: [], collection_nav_items: [], collection_feature_pages: [],
      partner_enrollments: [], tax_documents: [], devpay_connected_accounts: [], payout_accounts: [], partner_earnings: [],
      partner_payouts: [], partner_earnings_months: [], member_reading_time_daily: [],
      newsletter_subscriptions: [], publication_newsletters: [], publication_newsletter_subscriptions: [], newsletter_sends: [], newsletter_unsubscribes: [],
      social_identities: [], mastodon_accounts: [],
      series: [], series_parts: [], series_follows: [],
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
  createPublicationDesigns(ctx);
  createWriterStyleSheet(ctx);
  recomputeCounters(ctx.world);
  if (shift !== 0) shiftTimes(ctx.world, shift);
  // After the shift: its days and months are text the shift cannot move (it draws at `now`).
  createPartnerProgram(ctx, seed, now + shift);
  // After the shift: whole days back from the world's present (story-stats.ts).
  createStoryStats(ctx.world, Object.values(ctx.demo).map((person) => person!.row.id), seed, Math.round(options.now ?? DEFAULT_NOW));
  // After the shift too: dated back from the world's present (newsletters.ts).
  const demoIds = new Set(Object.values(ctx.demo).map((person) => person!.row.id));
  createNewsletters(ctx.world, ctx.demo.writer!.row.id, demoIds, seed, Math.round(options.now ?? DEFAULT_NOW));
  // After the shift: its instants are its stories' (series.ts).
  createSeries(ctx.world, ctx.demo.writer!.row.id, ctx.demo.reader?.row.id ?? null);
  // Last, from fixed values: it draws nothing from the random stream (product-blog.ts).
  createProductBlog(ctx.world, ctx.demo.staff!.row.id, Math.round(options.now ?? DEFAULT_NOW));
  return ctx.world;
}

/** Columns holding an instant (epoch ms): `*_at`, `friend_since` and the local provider's `current_period_end`. */
function isTimeColumn(column: string): boolean {
  return column.endsWith('_at') || column === 'friend_since' || column === 'current_period_end';
}

/** Moves every instant of the world by `delta` ms (nulls stay null). */
function shiftTimes(world: World, delta: number): void {
  for (const table of TABLES_IN_FK_ORDER) {
    const columns = TABLE_COLUMNS[table].filter(isTimeColumn);
    for (const row of world[table] as unknown as Record<string, unknown>[]) {
      for (const column of columns) {
        const value = row[column];
        if (typeof value === 'number') row[column] = value + delta;
      }
    }
  }
}
