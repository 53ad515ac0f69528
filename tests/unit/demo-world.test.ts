import { readdirSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MARKUP_TYPES, PARAGRAPH_TYPES, countWords, readingTimeMinutes, type StoryContent } from '../../shared/content.ts';
import { normalizeStoryContent } from '../../shared/editor/story-content-rules.ts';
import { slugify } from '../../shared/format.ts';
import {
  DEFAULT_NOW, DEMO_ACCOUNTS, TABLES_IN_FK_ORDER, TABLE_COLUMNS, generateWorld, insertStatements, sqlLiteral, worldToSql,
  worldToStatements, type World,
} from '../../scripts/demo-world/index.ts';
import { MAX_STATEMENT_BYTES, utf8Length } from '../../scripts/demo-world/sql.ts';
import { unusedTitle } from '../../scripts/demo-world/stories.ts';
import {
  DEMO_NEWSLETTER_PUBLICATION, DEMO_PUBLICATION_LEAVERS, DEMO_PUBLICATION_SUBSCRIBERS, DEMO_WRITER_SUBSCRIBERS,
} from '../../scripts/demo-world/newsletters.ts';

// Every migration in order: the demo world fills tables of several (memberships' billing rows are in 0011).
const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);
const MIGRATION = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8'))
  .join('\n');
const HEX = /^[0-9a-f]+$/;
// Each test walks a 1,000-story world (the slowest take 2–3 s on an idle two-core machine):
// a budget a busy machine meets, instead of vitest's 5 s.
vi.setConfig({ testTimeout: 30_000 });
const NOW = DEFAULT_NOW;

let world: World;
const content = new Map<string, StoryContent>();

beforeAll(() => {
  world = generateWorld({ stories: 1000 });
  for (const post of world.posts) content.set(post.id, JSON.parse(post.content) as StoryContent);
  // 3.6 s on an idle two-core machine; a budget a busy one meets.
}, 60_000);

function count<T>(rows: readonly T[], key: (row: T) => string, amount: (row: T) => number = () => 1): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(key(row), (totals.get(key(row)) ?? 0) + amount(row));
  return totals;
}

function userByEmail(email: string) {
  const user = world.users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

const CORE_MIGRATION = readFileSync(new URL('0001_core.sql', MIGRATIONS_DIR), 'utf8');

/** Only the core schema: the demo world lists exactly its columns. */
function coreDatabase(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec(CORE_MIGRATION);
  return db;
}

function freshDatabase(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec('PRAGMA foreign_keys = ON;');
  db.exec(MIGRATION);
  return db;
}

describe('determinism', () => {
  it('gives byte-identical worlds for the same inputs and different ones for another seed', () => {
    const a = JSON.stringify(generateWorld({ stories: 80 }));
    const b = JSON.stringify(generateWorld({ stories: 80 }));
    const c = JSON.stringify(generateWorld({ stories: 80, seed: 7 }));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('does not depend on the clock: `now` is an input', () => {
    const later = generateWorld({ stories: 20, now: NOW + 86_400_000 });
    const times = later.posts.flatMap((p) => [p.created_at, p.updated_at]);
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW + 86_400_000);
    expect(JSON.stringify(later)).not.toBe(JSON.stringify(generateWorld({ stories: 20 })));
  });
});

describe('scale', () => {
  it('has at least 100 users, 10 publications and the product blog, and 30 tags at 1,000 stories', () => {
    expect(world.users.length).toBeGreaterThanOrEqual(100);
    expect(world.collections).toHaveLength(11);
    expect(world.collections.find((c) => c.slug === 'blog')?.name).toBe('Vellum Blog');
    expect(world.tags).toHaveLength(30);
    expect(world.posts.filter((p) => p.in_response_to_post_id === null)).toHaveLength(1000);
  });

  it('still has every demo account and enough others in a tiny world', () => {
    const tiny = generateWorld({ stories: 10 });
    for (const account of DEMO_ACCOUNTS) expect(tiny.users.some((u) => u.email === account.email)).toBe(true);
    expect(tiny.users.length).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length + 40);
    expect(tiny.posts.filter((p) => p.in_response_to_post_id === null)).toHaveLength(10);
  });
});

describe('ids', () => {
  it('are unique lowercase hex; users, publications and posts are 12 digits', () => {
    const seen = new Set<string>();
    for (const table of ['users', 'collections', 'posts', 'tags', 'catalogs', 'catalog_items', 'memberships', 'notifications'] as const) {
      for (const row of world[table]) {
        expect(row.id).toMatch(HEX);
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
      }
    }
    for (const row of [...world.users, ...world.collections, ...world.posts]) expect(row.id).toMatch(/^[0-9a-f]{12}$/);
  });

  it('has unique usernames, emails and slugs', () => {
    const lower = (values: (string | null)[]) => new Set(values.map((v) => v?.toLowerCase()));
    expect(lower(world.users.map((u) => u.username)).size).toBe(world.users.length);
    expect(lower(world.users.map((u) => u.email)).size).toBe(world.users.length);
    expect(lower(world.collections.map((c) => c.slug)).size).toBe(world.collections.length);
  });
});

describe('story content', () => {
  it('uses every paragraph type and every markup type', () => {
    const paragraphTypes = new Set<string>();
    const markupTypes = new Set<string>();
    for (const c of content.values()) {
      for (const p of c.paragraphs) {
        paragraphTypes.add(p.type);
        for (const m of p.markups) markupTypes.add(m.type);
      }
    }
    expect([...paragraphTypes].sort()).toEqual([...PARAGRAPH_TYPES].sort());
    expect([...markupTypes].sort()).toEqual([...MARKUP_TYPES].sort());
  });

  it('keeps markups inside the text, without crossing each other', () => {
    for (const c of content.values()) {
      for (const p of c.paragraphs) {
        let previousEnd = 0;
        for (const m of p.markups) {
          expect(m.start).toBeGreaterThanOrEqual(0);
          expect(m.end).toBeGreaterThan(m.start);
          expect(m.end).toBeLessThanOrEqual(p.text.length);
          expect(m.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = m.end;
        }
      }
    }
  });

  it('gives links https targets and mentions a real user', () => {
    const userIds = new Set(world.users.map((u) => u.id));
    let mentions = 0;
    for (const c of content.values()) {
      for (const p of c.paragraphs) {
        for (const m of p.markups.filter((x) => x.type === 'A')) {
          expect(m.href).toMatch(/^https:\/\//);
          if (m.anchorType === 'USER') {
            mentions++;
            expect(userIds.has(m.userId as string)).toBe(true);
          }
        }
      }
    }
    expect(mentions).toBeGreaterThan(0);
  });

  it('fills each paragraph type with what it needs', () => {
    for (const c of content.values()) {
      const names = new Set<string>();
      for (const p of c.paragraphs) {
        expect(p.name).toMatch(/^[0-9a-f]{4}$/);
        expect(names.has(p.name)).toBe(false);
        names.add(p.name);
        if (p.type === 'IMG') {
          expect(p.metadata?.id).toBeTruthy();
          expect(p.metadata?.originalWidth).toBeGreaterThan(0);
          expect(p.metadata?.originalHeight).toBeGreaterThan(0);
          expect(p.metadata?.alt).toBeTruthy();
        }
        if (p.type === 'PRE') expect(p.codeLanguage).toBeTruthy();
        if (p.type === 'MIXTAPE_EMBED' || p.type === 'IFRAME') expect(p.href).toMatch(/^https:\/\//);
        if (p.type === 'HR') expect(p.text).toBe('');
      }
    }
  });

  it('stores word count, image count, reading time and slug computed from the content', () => {
    for (const post of world.posts) {
      const paragraphs = (content.get(post.id) as StoryContent).paragraphs;
      expect(post.word_count).toBe(countWords(paragraphs));
      expect(post.image_count).toBe(paragraphs.filter((p) => p.type === 'IMG').length);
      expect(post.reading_time).toBe(readingTimeMinutes(paragraphs));
      if (post.in_response_to_post_id === null) {
        expect(post.title).not.toBe('');
        expect(post.slug).toBe(slugify(post.title));
      }
    }
  });
});

describe('stories', () => {
  const stories = () => world.posts.filter((p) => p.in_response_to_post_id === null);

  it('has the intended mix of member-only, unlisted, draft, suspended, trashed and responses-locked stories', () => {
    const all = stories();
    const share = (test: (p: (typeof all)[number]) => boolean) => all.filter(test).length / all.length;
    expect(share((p) => p.visibility === 'LOCKED')).toBeGreaterThan(0.15);
    expect(share((p) => p.visibility === 'LOCKED')).toBeLessThan(0.25);
    expect(share((p) => p.visibility === 'UNLISTED')).toBeGreaterThan(0.01);
    expect(share((p) => p.visibility === 'UNLISTED')).toBeLessThan(0.06);
    expect(share((p) => p.status === 'DRAFT')).toBeGreaterThan(0.03);
    expect(share((p) => p.status === 'DRAFT')).toBeLessThan(0.08);
    expect(all.some((p) => p.is_suspended === 1)).toBe(true);
    expect(all.some((p) => p.deleted_at !== null)).toBe(true);
    expect(all.some((p) => p.responses_locked === 1)).toBe(true);
  });

  it('keeps times consistent: drafts unpublished, updates after creation, nothing after now, two years of stories', () => {
    for (const post of world.posts) {
      expect(post.updated_at).toBeGreaterThanOrEqual(post.created_at);
      expect(post.updated_at).toBeLessThanOrEqual(NOW);
      if (post.status === 'DRAFT') {
        expect(post.first_published_at).toBeNull();
        expect(post.latest_published_at).toBeNull();
      } else {
        expect(post.first_published_at).toBeGreaterThanOrEqual(post.created_at);
        expect(post.latest_published_at as number).toBeGreaterThanOrEqual(post.first_published_at as number);
        expect(post.first_published_at as number).toBeGreaterThan(NOW - 731 * 86_400_000);
      }
      if (post.deleted_at !== null) expect(post.deleted_at).toBeGreaterThan(NOW - 14 * 86_400_000);
    }
  });

  it('tags every story 1–4 times with the post\'s publication time', () => {
    const postById = new Map(world.posts.map((p) => [p.id, p]));
    const perPost = count(world.post_tags, (t) => t.post_id);
    for (const story of stories()) expect(perPost.get(story.id)).toBeGreaterThanOrEqual(1);
    for (const n of perPost.values()) expect(n).toBeLessThanOrEqual(4);
    for (const link of world.post_tags) {
      const post = postById.get(link.post_id);
      expect(post?.in_response_to_post_id).toBeNull();
      expect(link.published_at).toBe(post?.latest_published_at);
    }
  });

  // Issue 18 point 8: a writer's profile never lists two stories of the same title.
  it('never gives a writer two stories with the same title (responses have none)', () => {
    const titled = world.posts.filter((p) => p.title !== '');
    const seen = new Set<string>();
    const repeats = titled.filter((p) => {
      const key = `${p.creator_id}\u0000${p.title}`;
      const repeat = seen.has(key);
      seen.add(key);
      return repeat;
    });
    expect(repeats.map((p) => p.title)).toEqual([]);
    expect(titled.length).toBeGreaterThan(0);
  });

  // The property at any world size without generating a large world (a 5,000-story world takes
  // 13 s on an idle two-core machine): every title passes through unusedTitle, which parts a
  // repeat however often the random stream draws it.
  it('parts a writer\'s repeated title however often it is drawn, so no world size repeats one', () => {
    const used = new Set<string>();
    const drawn = Array.from({ length: 600 }, (_, i) => unusedTitle(['On Rivers', 'Notes', `Essay ${i % 7}`][i % 3]!, used));
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(drawn.slice(0, 6)).toEqual(['On Rivers', 'Notes', 'Essay 2', 'On Rivers (Part 2)', 'Notes (Part 2)', 'Essay 5']);
  });

  it('gives every draft content the publish step accepts (no reader markups)', () => {
    const drafts = world.posts.filter((p) => p.status === 'DRAFT');
    expect(drafts.length).toBeGreaterThan(20);
    const refused = drafts.flatMap((p) => {
      try {
        normalizeStoryContent(JSON.parse(p.content));
        return [];
      } catch (error) {
        return [`${p.id}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  });

  it('has responses: published, untitled, short, some nested, about one per two stories', () => {
    const responses = world.posts.filter((p) => p.in_response_to_post_id !== null);
    expect(responses.length).toBeGreaterThan(400);
    expect(responses.length).toBeLessThanOrEqual(500);
    const ids = new Set(responses.map((r) => r.id));
    expect(responses.some((r) => ids.has(r.in_response_to_post_id as string))).toBe(true);
    for (const r of responses) {
      expect(r.status).toBe('PUBLISHED');
      expect(r.title).toBe('');
      const paragraphs = (content.get(r.id) as StoryContent).paragraphs;
      expect(paragraphs.length).toBeGreaterThanOrEqual(1);
      expect(paragraphs.length).toBeLessThanOrEqual(3);
      for (const p of paragraphs) expect(p.type).toBe('P');
    }
  });
});

describe('counters agree with the rows they count', () => {
  it('posts: clap_count and response_count', () => {
    const claps = count(world.claps, (c) => c.post_id, (c) => c.count);
    const responses = count(world.posts.filter((p) => p.in_response_to_post_id !== null), (p) => p.in_response_to_post_id as string);
    for (const post of world.posts) {
      expect(post.clap_count).toBe(claps.get(post.id) ?? 0);
      expect(post.response_count).toBe(responses.get(post.id) ?? 0);
    }
    expect(world.posts.some((p) => p.response_count > 0)).toBe(true);
  });

  it('claps are 1 to 50 per reader per post', () => {
    const keys = new Set<string>();
    for (const clap of world.claps) {
      expect(clap.count).toBeGreaterThanOrEqual(1);
      expect(clap.count).toBeLessThanOrEqual(50);
      const key = `${clap.user_id}|${clap.post_id}`;
      expect(keys.has(key)).toBe(false);
      keys.add(key);
    }
  });

  it('follower and following counts of users, publications and tags', () => {
    const followers = count(world.follows, (f) => `${f.target_type}:${f.target_id}`);
    const following = count(world.follows.filter((f) => f.target_type === 'USER'), (f) => f.follower_id);
    for (const u of world.users) {
      expect(u.follower_count).toBe(followers.get(`USER:${u.id}`) ?? 0);
      expect(u.following_count).toBe(following.get(u.id) ?? 0);
    }
    for (const c of world.collections) expect(c.follower_count).toBe(followers.get(`COLLECTION:${c.id}`) ?? 0);
    for (const t of world.tags) expect(t.follower_count).toBe(followers.get(`TAG:${t.id}`) ?? 0);
    for (const type of ['USER', 'COLLECTION', 'TAG', 'CATALOG']) expect(world.follows.some((f) => f.target_type === type)).toBe(true);
  });

  it('tag post_count counts published tag links; catalog item_count counts items', () => {
    const tagged = count(world.post_tags.filter((t) => t.published_at !== null), (t) => t.tag_slug);
    for (const t of world.tags) expect(t.post_count).toBe(tagged.get(t.slug) ?? 0);
    const items = count(world.catalog_items, (i) => i.catalog_id);
    for (const c of world.catalogs) expect(c.item_count).toBe(items.get(c.id) ?? 0);
  });
});

describe('lists', () => {
  it('gives every user exactly one private Reading list', () => {
    const readingLists = world.catalogs.filter((c) => c.predefined === 'READING_LIST');
    expect(readingLists).toHaveLength(world.users.length);
    expect(new Set(readingLists.map((c) => c.creator_id)).size).toBe(world.users.length);
    for (const list of readingLists) {
      expect(list).toMatchObject({ type: 'PREDEFINED_LIST', name: 'Reading list', visibility: 'PRIVATE' });
    }
  });

  it('has extra public and private lists with items', () => {
    const lists = world.catalogs.filter((c) => c.type === 'LISTS');
    expect(lists.some((c) => c.visibility === 'PUBLIC' && c.item_count > 0)).toBe(true);
    expect(lists.some((c) => c.visibility === 'PRIVATE' && c.item_count > 0)).toBe(true);
    for (const c of lists) expect(c.predefined).toBeNull();
  });
});

describe('memberships', () => {
  const active = () => world.memberships.filter((m) => m.is_cancelled === 0 && m.payment_failed_at === null && m.current_period_ends_at > NOW);

  it('covers every state', () => {
    const members = active().filter((m) => m.tier === 'MEMBER');
    const friends = active().filter((m) => m.tier === 'FRIEND');
    expect(new Set(members.map((m) => m.plan))).toEqual(new Set(['MONTHLY', 'YEARLY']));
    expect(members.some((m) => m.payment_provider === 'STRIPE')).toBe(true);
    expect(members.some((m) => m.payment_provider === 'BRAINTREE')).toBe(true);
    expect(new Set(friends.map((m) => m.plan))).toEqual(new Set(['PREMIUM_MONTHLY', 'PREMIUM_YEARLY']));
    for (const f of friends) expect(f.friend_since).not.toBeNull();
    expect(world.memberships.some((m) => m.is_cancelled === 1 && m.current_period_ends_at > NOW)).toBe(true);
    expect(world.memberships.some((m) => m.is_cancelled === 1 && m.current_period_ends_at < NOW)).toBe(true);
    expect(world.memberships.some((m) => m.payment_failed_at !== null)).toBe(true);
    expect(world.memberships.some((m) => m.payment_provider === 'MEDIUM_GIFT')).toBe(true);
    expect(world.memberships.length).toBeLessThan(world.users.length / 2);
  });

  it('matches tier to plan and charges whole cents', () => {
    const prices: Record<string, number[]> = { MONTHLY: [500, 700], YEARLY: [5000, 7000], PREMIUM_MONTHLY: [1500, 2100], PREMIUM_YEARLY: [15000, 21000] };
    for (const m of world.memberships) {
      expect(m.tier).toBe(m.plan.startsWith('PREMIUM') ? 'FRIEND' : 'MEMBER');
      expect(Number.isInteger(m.amount)).toBe(true);
      if (m.payment_provider === 'MEDIUM_GIFT') expect(m.amount).toBe(0);
      else expect(prices[m.plan]).toContain(m.amount);
      expect(m.current_period_ends_at).toBeGreaterThan(m.started_at);
    }
  });
});

describe('demo accounts', () => {
  const membershipOf = (email: string) => world.memberships.find((m) => m.user_id === userByEmail(email).id);
  const storiesOf = (email: string) => world.posts.filter((p) => p.creator_id === userByEmail(email).id && p.in_response_to_post_id === null);

  it('exist with their fixed usernames and emails', () => {
    for (const account of DEMO_ACCOUNTS) expect(userByEmail(account.email).username).toBe(account.username);
    expect(userByEmail('writer@vellum.test').username).toBe('ada');
  });

  it('have their memberships', () => {
    expect(membershipOf('reader@vellum.test')).toBeUndefined();
    expect(membershipOf('staff@vellum.test')).toBeUndefined();
    expect(membershipOf('member@vellum.test')).toMatchObject({ tier: 'MEMBER', is_cancelled: 0, payment_failed_at: null });
    expect(membershipOf('friend@vellum.test')).toMatchObject({ tier: 'FRIEND', is_cancelled: 0 });
    expect(membershipOf('friend@vellum.test')?.friend_since).not.toBeNull();
    expect(membershipOf('cancelled@vellum.test')).toMatchObject({ is_cancelled: 1 });
    expect(membershipOf('cancelled@vellum.test')?.current_period_ends_at).toBeGreaterThan(NOW);
    expect(membershipOf('failed@vellum.test')?.payment_failed_at).not.toBeNull();
    expect(membershipOf('lapsed@vellum.test')?.current_period_ends_at).toBeLessThan(NOW);
    expect(membershipOf('gift@vellum.test')?.payment_provider).toBe('MEDIUM_GIFT');
  });

  it('have their roles and flags', () => {
    expect(userByEmail('writer@vellum.test')).toMatchObject({ custom_domain: 'ada.test', custom_domain_state: 'LIVE' });
    expect(userByEmail('sub@vellum.test').has_subdomain).toBe(1);
    expect(userByEmail('author@vellum.test').is_book_author).toBe(1);
    expect(userByEmail('staff@vellum.test')).toMatchObject({ is_staff: 1, flags: 'can_view_suspended_content' });
    expect(userByEmail('partner@vellum.test').partner_program_status).toBe('ACTIVE');
    const editor = userByEmail('editor@vellum.test');
    const administered = world.collection_members.filter((m) => m.user_id === editor.id && (m.role === 'OWNER' || m.role === 'EDITOR'));
    expect(administered).toHaveLength(4);
    for (const m of world.collection_members.filter((x) => x.role === 'OWNER')) {
      expect(world.collections.find((c) => c.id === m.collection_id)?.creator_id).toBe(m.user_id);
    }
  });

  it('writers have published stories, the main writer a member-only one and one of each kind', () => {
    for (const email of ['writer@vellum.test', 'editor@vellum.test', 'author@vellum.test', 'partner@vellum.test', 'sub@vellum.test']) {
      expect(storiesOf(email).some((p) => p.status === 'PUBLISHED' && p.deleted_at === null)).toBe(true);
    }
    const ada = storiesOf('writer@vellum.test');
    expect(ada.some((p) => p.visibility === 'LOCKED' && p.status === 'PUBLISHED' && p.deleted_at === null)).toBe(true);
    expect(ada.some((p) => p.status === 'DRAFT')).toBe(true);
    expect(ada.some((p) => p.visibility === 'UNLISTED')).toBe(true);
    expect(ada.some((p) => p.deleted_at !== null)).toBe(true);
    expect(storiesOf('partner@vellum.test').some((p) => p.visibility === 'LOCKED')).toBe(true);
  });

  it('the reader follows writers, publications and tags and has unread notifications', () => {
    const reader = userByEmail('reader@vellum.test');
    const follows = world.follows.filter((f) => f.follower_id === reader.id);
    expect(follows.filter((f) => f.target_type === 'USER').length).toBeGreaterThanOrEqual(3);
    expect(follows.some((f) => f.target_type === 'COLLECTION')).toBe(true);
    expect(follows.some((f) => f.target_type === 'TAG')).toBe(true);
    const notifications = world.notifications.filter((n) => n.user_id === reader.id);
    expect(notifications.some((n) => n.read_at === null)).toBe(true);
    expect(notifications.some((n) => n.read_at !== null)).toBe(true);
  });
});

describe('domains', () => {
  it('has one live publication domain, one subdomain writer and one live user domain', () => {
    expect(world.collections.filter((c) => c.custom_domain_state === 'LIVE').map((c) => c.domain)).toEqual(['the-long-read.test']);
    expect(world.users.filter((u) => u.has_subdomain === 1).map((u) => u.username)).toEqual(['grace']);
    expect(world.users.filter((u) => u.custom_domain_state === 'LIVE').map((u) => u.custom_domain)).toEqual(['ada.test']);
  });
});

describe('notifications', () => {
  it('has every type, read and unread, never from oneself', () => {
    expect(new Set(world.notifications.map((n) => n.type))).toEqual(new Set(['FOLLOW', 'CLAP', 'RESPONSE', 'MENTION']));
    expect(world.notifications.some((n) => n.read_at === null)).toBe(true);
    expect(world.notifications.some((n) => n.read_at !== null)).toBe(true);
    for (const n of world.notifications) {
      expect(n.actor_id).not.toBe(n.user_id);
      if (n.read_at !== null) expect(n.read_at).toBeGreaterThanOrEqual(n.created_at);
    }
  });
});

describe('partner earnings on any day (scripts/demo-world/partner-program.ts)', () => {
  // A world seeded on any day keeps its earnings states: a month paid (EARNED) and a month held
  // back for tax forms under review (WITHHELD) — the README's demo table promises both.
  it.each(['2026-12-01', '2026-12-15', '2026-12-28', '2027-01-31'])('seeded on %s, there are earned and withheld months', (day) => {
    const seeded = generateWorld({ stories: 120, now: Date.parse(`${day}T12:00:00Z`) });
    const states = new Set(seeded.partner_earnings.map((e) => e.state));
    expect(states.has('EARNED')).toBe(true);
    expect(states.has('WITHHELD')).toBe(true);
  });
});

describe('newsletters (scripts/demo-world/newsletters.ts)', () => {
  it("gives the demo writer's newsletter generated readers, never a named demo account", () => {
    const ada = userByEmail('writer@vellum.test');
    const named = new Set(DEMO_ACCOUNTS.map((a) => userByEmail(a.email).id));
    const subscribers = world.newsletter_subscriptions.filter((s) => s.writer_id === ada.id);
    expect(subscribers).toHaveLength(DEMO_WRITER_SUBSCRIBERS);
    expect(subscribers.some((s) => named.has(s.subscriber_id))).toBe(false);
    expect(subscribers.every((s) => s.created_at <= NOW)).toBe(true);
    // Some joined within the audience page's 30 days, some long before.
    expect(subscribers.some((s) => s.created_at > NOW - 30 * 86_400_000)).toBe(true);
    expect(subscribers.some((s) => s.created_at < NOW - 90 * 86_400_000)).toBe(true);
  });

  it("gives Signal & Noise a newsletter with subscribers, readers who left, and the stories it sent", () => {
    const publication = world.collections.find((c) => c.slug === DEMO_NEWSLETTER_PUBLICATION)!;
    const [newsletter, ...others] = world.publication_newsletters;
    expect(others).toEqual([]);
    expect(newsletter).toMatchObject({ collection_id: publication.id, slug: 'signal-and-noise-weekly' });
    const subscribers = new Set(world.publication_newsletter_subscriptions.map((s) => s.subscriber_id));
    expect(subscribers.size).toBe(DEMO_PUBLICATION_SUBSCRIBERS);
    expect(world.publication_newsletter_subscriptions.every((s) => s.created_at > newsletter!.created_at)).toBe(true);
    expect(world.newsletter_unsubscribes).toHaveLength(DEMO_PUBLICATION_LEAVERS);
    expect(world.newsletter_unsubscribes.some((u) => subscribers.has(u.user_id))).toBe(false);
    expect(world.newsletter_sends.length).toBeGreaterThan(0);
    for (const send of world.newsletter_sends) {
      const story = world.posts.find((p) => p.id === send.post_id)!;
      expect(story.collection_id).toBe(publication.id);
      expect(send.sent_at).toBe(story.first_published_at);
      expect(send.sent_at).toBeGreaterThan(newsletter!.created_at);
      expect(send.recipient_count).toBeLessThanOrEqual(DEMO_PUBLICATION_SUBSCRIBERS + DEMO_WRITER_SUBSCRIBERS);
    }
  });

  it('newsletter ids never collide with user ids (an unsubscribe names either)', () => {
    const users = new Set(world.users.map((u) => u.id));
    expect(world.publication_newsletters.some((n) => users.has(n.id))).toBe(false);
  });
});

describe('SQL', () => {
  it('escapes strings, NULL and numbers', () => {
    expect(sqlLiteral("Don't Panic")).toBe("'Don''t Panic'");
    expect(sqlLiteral("''")).toBe("''''''");
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(1.5)).toBe('1.5');
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });

  it('lists exactly the columns of the migration, for every table', () => {
    // Tables of 0001 against 0001 itself (later migrations add columns the world leaves to
    // their defaults); the others against the migration that made them.
    const core = new DatabaseSync(':memory:');
    core.exec(readFileSync(new URL('0001_core.sql', MIGRATIONS_DIR), 'utf8'));
    const coreTables = new Set((core.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
    const full = freshDatabase();
    for (const table of TABLES_IN_FK_ORDER) {
      const db = coreTables.has(table) ? core : full;
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
      expect([...TABLE_COLUMNS[table]]).toEqual(columns);
    }
  });

  it('keeps INSERTs within D1 limits', () => {
    for (const statement of insertStatements(world)) {
      expect(utf8Length(statement)).toBeLessThanOrEqual(MAX_STATEMENT_BYTES);
    }
    for (const statement of worldToStatements(world)) expect(statement.params.length).toBeLessThanOrEqual(100);
  });

  it('loads into SQLite with the migration, foreign keys on, and round-trips quotes', () => {
    const small = generateWorld({ stories: 60 });
    const tricky = "It's a \"test\" -- of 'quotes'; /* and */ semicolons";
    (small.posts[0] as { title: string }).title = tricky;
    const db = freshDatabase();
    db.exec(worldToSql(small));
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    for (const table of TABLES_IN_FK_ORDER) {
      expect((db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n).toBe(small[table].length);
    }
    expect((db.prepare('SELECT title FROM posts WHERE id = ?').get(small.posts[0]?.id as string) as { title: string }).title).toBe(tricky);
    const stored = db.prepare('SELECT content FROM posts WHERE id = ?').get(small.posts[5]?.id as string) as { content: string };
    expect(stored.content).toBe(small.posts[5]?.content);
  });

  it('bound statements load the same rows, and clearing first makes seeding repeatable', () => {
    const small = generateWorld({ stories: 30 });
    const db = freshDatabase();
    for (const statement of worldToStatements(small)) db.prepare(statement.sql).run(...(statement.params as (string | number | null)[]));
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    db.exec(worldToSql(small, { clearFirst: true }));
    for (const table of TABLES_IN_FK_ORDER) {
      expect((db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n).toBe(small[table].length);
    }
  });
});
