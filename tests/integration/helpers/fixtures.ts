// A small, fixed world for GraphQL integration tests, written straight into D1 with
// bound statements: people in every membership state, a writer with stories in every
// state, publications, tags, follows, mutes, and 30 stories by six authors for feeds.
//
// Member-only stories carry the marker SECRET in every paragraph past their preview (and
// nowhere else), so a test can check that a response never holds it.

import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { Paragraph, StoryContent } from '../../../shared/content.ts';
import { createSession } from '../../../worker/session/session-store.ts';

export const SECRET_MARKER = 'SECRET';
const DAY = 24 * 60 * 60 * 1000;

export const USERS = {
  writer: 'aa0000000001',
  member: 'aa0000000002',
  reader: 'aa0000000003',
  cancelled: 'aa0000000004',
  paymentFailed: 'aa0000000005',
  expired: 'aa0000000006',
  staff: 'aa0000000007',
  suspendedWriter: 'aa0000000008',
  deletedWriter: 'aa0000000009',
  moderator: 'aa000000000a',
  friend: 'aa000000000b',
} as const;
export type PersonKey = keyof typeof USERS;

/** Six authors of the bulk stories. */
export const AUTHORS = ['ab0000000001', 'ab0000000002', 'ab0000000003', 'ab0000000004', 'ab0000000005', 'ab0000000006'] as const;

export const COLLECTIONS = {
  quill: 'cc0000000001',
  dailyBytes: 'cc0000000002',
  pending: 'cc0000000003',
} as const;

export const TAGS = {
  writing: { id: 'dd0000000001', slug: 'writing', title: 'Writing' },
  technology: { id: 'dd0000000002', slug: 'technology', title: 'Technology' },
  poetry: { id: 'dd0000000003', slug: 'poetry', title: 'Poetry' },
} as const;

/** The writer's stories, one per state. */
export const POSTS = {
  open: 'ee0000000001',
  locked: 'ee0000000002',
  draft: 'ee0000000003',
  suspended: 'ee0000000004',
  trashed: 'ee0000000005',
  trashedDraft: 'ee0000000006',
  unlisted: 'ee0000000007',
  /** The reader's response to the locked story. */
  response: 'ee0000000008',
  bySuspendedWriter: 'ee0000000009',
  byDeletedWriter: 'ee000000000a',
} as const;

/** Paragraphs a non-member may read of POSTS.locked. */
export const LOCKED_PREVIEW_PARAGRAPHS = 2;
export const LOCKED_PARAGRAPHS = 5;

export interface BulkPost {
  id: string;
  creatorId: string;
  collectionId: string | null;
  tagSlugs: string[];
  visibility: 'PUBLIC' | 'LOCKED';
  publishedAt: number;
}

export interface World {
  now: number;
  /** Session cookie tokens (sid) by person. */
  sessions: Record<PersonKey, string>;
  bulk: BulkPost[];
  /** Every story any list shows to everyone, newest first (as LATEST orders them). */
  listedNewestFirst: { id: string; creatorId: string; collectionId: string | null; tagSlugs: string[] }[];
}

function paragraph(name: number, text: string, type: Paragraph['type'] = 'P'): Paragraph {
  return { name: name.toString(16).padStart(4, '0'), type, text, markups: [] };
}

/** A story of `count` paragraphs; for a member-only story those past `preview` hold SECRET. */
function story(title: string, count: number, lockedAfter?: number): string {
  const paragraphs: Paragraph[] = [paragraph(0, title, 'H3')];
  for (let i = 1; i < count; i++) {
    const secret = lockedAfter !== undefined && i >= lockedAfter;
    paragraphs.push(paragraph(i, secret ? `${SECRET_MARKER} paragraph ${i} of ${title}.` : `Paragraph ${i} of ${title}.`));
  }
  paragraphs[1]!.markups = [{ type: 'STRONG', start: 0, end: 9 }];
  const content: StoryContent = { paragraphs };
  return JSON.stringify(content);
}

interface PostSeed {
  id: string;
  creatorId: string;
  title: string;
  status?: 'DRAFT' | 'PUBLISHED';
  visibility?: 'PUBLIC' | 'UNLISTED' | 'LOCKED';
  collectionId?: string | null;
  inResponseTo?: string | null;
  content?: string;
  previewParagraphCount?: number;
  publishedAt?: number | null;
  deletedAt?: number | null;
  isSuspended?: boolean;
  tagSlugs?: string[];
  previewImageId?: string | null;
}

export async function seedWorld(db: D1Database): Promise<World> {
  const now = Date.now();
  const statements: D1PreparedStatement[] = [];
  const add = (sql: string, ...values: unknown[]) => statements.push(db.prepare(sql).bind(...values));

  const person = (id: string, username: string, name: string, extra: { staff?: boolean; suspended?: boolean; deleted?: boolean; flags?: string } = {}) =>
    add(
      'INSERT INTO users (id, username, name, email, bio, is_staff, is_suspended, flags, follower_count, following_count, created_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      username,
      name,
      `${username}@vellum.test`,
      `Bio of ${name}.`,
      extra.staff ? 1 : 0,
      extra.suspended ? 1 : 0,
      extra.flags ?? '',
      3,
      2,
      now - 400 * DAY,
      extra.deleted ? now - DAY : null,
    );
  person(USERS.writer, 'writer', 'Wren Writer');
  person(USERS.member, 'member', 'Mia Member');
  person(USERS.reader, 'reader', 'Rae Reader');
  person(USERS.cancelled, 'cancelled', 'Cal Cancelled');
  person(USERS.paymentFailed, 'failed', 'Fay Failed');
  person(USERS.expired, 'expired', 'Eli Expired');
  person(USERS.staff, 'staff', 'Sam Staff', { staff: true });
  person(USERS.suspendedWriter, 'suspended', 'Sus Pended', { suspended: true });
  person(USERS.deletedWriter, 'deleted', 'Del Eted', { deleted: true });
  person(USERS.moderator, 'moderator', 'Mo Derator', { flags: 'can_view_suspended_content' });
  person(USERS.friend, 'friend', 'Fran Friend');
  AUTHORS.forEach((id, i) => person(id, `author${i + 1}`, `Author ${i + 1}`));
  add("UPDATE users SET custom_domain = 'wren.test', custom_domain_state = 'LIVE', is_book_author = 1 WHERE id = ?", USERS.writer);

  const membership = (
    id: string,
    userId: string,
    state: { tier?: 'MEMBER' | 'FRIEND'; cancelled?: boolean; paymentFailedAt?: number; periodEndsAt?: number },
  ) =>
    add(
      'INSERT INTO memberships (id, user_id, tier, plan, payment_provider, currency, amount, started_at, current_period_ends_at, is_cancelled, payment_failed_at, friend_since) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      userId,
      state.tier ?? 'MEMBER',
      state.tier === 'FRIEND' ? 'PREMIUM_YEARLY' : 'MONTHLY',
      'STRIPE',
      'USD',
      state.tier === 'FRIEND' ? 15000 : 500,
      now - 100 * DAY,
      state.periodEndsAt ?? now + 20 * DAY,
      state.cancelled ? 1 : 0,
      state.paymentFailedAt ?? null,
      state.tier === 'FRIEND' ? now - 50 * DAY : null,
    );
  membership('bb0000000001', USERS.member, {});
  membership('bb0000000002', USERS.cancelled, { cancelled: true, periodEndsAt: now + 3 * DAY });
  // Failed past the grace period (docs/membership.md): locked out.
  membership('bb0000000003', USERS.paymentFailed, { paymentFailedAt: now - 30 * DAY, periodEndsAt: now - 30 * DAY });
  membership('bb0000000004', USERS.expired, { periodEndsAt: now - DAY });
  membership('bb0000000005', USERS.friend, { tier: 'FRIEND' });

  const collection = (id: string, slug: string, name: string, creatorId: string, domain: string | null, state: 'NONE' | 'PENDING' | 'LIVE') =>
    add(
      'INSERT INTO collections (id, slug, name, description, avatar_id, favicon_id, domain, custom_domain_state, creator_id, follower_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      slug,
      name,
      `About ${name}.`,
      `avatar-${slug}`,
      `favicon-${slug}`,
      domain,
      state,
      creatorId,
      12,
      now - 300 * DAY,
    );
  collection(COLLECTIONS.quill, 'the-quill', 'The Quill', USERS.writer, 'quill.test', 'LIVE');
  collection(COLLECTIONS.dailyBytes, 'daily-bytes', 'Daily Bytes', AUTHORS[0], null, 'NONE');
  collection(COLLECTIONS.pending, 'pending-press', 'Pending Press', USERS.writer, 'pending.test', 'PENDING');
  const role = (collectionId: string, userId: string, r: 'OWNER' | 'EDITOR' | 'WRITER') =>
    add('INSERT INTO collection_members (collection_id, user_id, role, created_at) VALUES (?, ?, ?, ?)', collectionId, userId, r, now - 200 * DAY);
  role(COLLECTIONS.quill, USERS.writer, 'OWNER');
  role(COLLECTIONS.pending, USERS.writer, 'EDITOR');
  role(COLLECTIONS.dailyBytes, USERS.writer, 'WRITER');

  for (const tag of Object.values(TAGS)) {
    add('INSERT INTO tags (id, slug, display_title, post_count, follower_count) VALUES (?, ?, ?, ?, ?)', tag.id, tag.slug, tag.title, 10, 5);
  }

  const post = (seed: PostSeed) => {
    const status = seed.status ?? 'PUBLISHED';
    const publishedAt = status === 'PUBLISHED' ? (seed.publishedAt ?? now - DAY) : (seed.publishedAt ?? null);
    add(
      `INSERT INTO posts (id, creator_id, collection_id, in_response_to_post_id, title, subtitle, slug, status, visibility, content,
         preview_paragraph_count, word_count, reading_time, preview_image_id, clap_count, response_count, is_suspended,
         created_at, updated_at, first_published_at, latest_published_at, deleted_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      seed.id,
      seed.creatorId,
      seed.collectionId ?? null,
      seed.inResponseTo ?? null,
      seed.title,
      `Subtitle of ${seed.title}`,
      seed.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      status,
      seed.visibility ?? 'PUBLIC',
      seed.content ?? story(seed.title, 3),
      seed.previewParagraphCount ?? 3,
      120,
      2.5,
      seed.previewImageId ?? null,
      7,
      seed.id === POSTS.locked ? 1 : 0,
      seed.isSuspended ? 1 : 0,
      (publishedAt ?? now) - DAY,
      publishedAt ?? now,
      publishedAt,
      publishedAt,
      seed.deletedAt ?? null,
    );
    (seed.tagSlugs ?? []).forEach((slug, position) =>
      add('INSERT INTO post_tags (post_id, tag_slug, position, published_at) VALUES (?, ?, ?, ?)', seed.id, slug, position, publishedAt),
    );
  };

  // The writer's stories, newer than the bulk ones.
  const openContent = JSON.parse(story('Open Story', 4)) as StoryContent;
  openContent.paragraphs.push({
    name: '00ff',
    type: 'IMG',
    text: 'A caption',
    markups: [],
    metadata: { id: 'img-cover', originalWidth: 1600, originalHeight: 900, alt: 'Cover', focusPercentX: 40, focusPercentY: 60 },
  });
  post({
    id: POSTS.open,
    creatorId: USERS.writer,
    title: 'Open Story',
    collectionId: COLLECTIONS.quill,
    tagSlugs: ['writing', 'technology'],
    content: JSON.stringify(openContent),
    previewImageId: 'img-cover',
    publishedAt: now - 60_000,
  });
  post({
    id: POSTS.locked,
    creatorId: USERS.writer,
    title: 'Members Story',
    visibility: 'LOCKED',
    collectionId: COLLECTIONS.quill,
    tagSlugs: ['writing'],
    content: story('Members Story', LOCKED_PARAGRAPHS, LOCKED_PREVIEW_PARAGRAPHS),
    previewParagraphCount: LOCKED_PREVIEW_PARAGRAPHS,
    publishedAt: now - 120_000,
  });
  post({ id: POSTS.draft, creatorId: USERS.writer, title: 'Draft Story', status: 'DRAFT' });
  post({ id: POSTS.suspended, creatorId: USERS.writer, title: 'Suspended Story', isSuspended: true, publishedAt: now - 30_000 });
  post({ id: POSTS.trashed, creatorId: USERS.writer, title: 'Trashed Story', deletedAt: now - DAY, publishedAt: now - 20_000 });
  post({ id: POSTS.trashedDraft, creatorId: USERS.writer, title: 'Trashed Draft', status: 'DRAFT', deletedAt: now - DAY });
  post({ id: POSTS.unlisted, creatorId: USERS.writer, title: 'Unlisted Story', visibility: 'UNLISTED', publishedAt: now - 10_000 });
  post({ id: POSTS.response, creatorId: USERS.reader, title: 'A Response', inResponseTo: POSTS.locked, publishedAt: now - 5_000 });
  post({ id: POSTS.bySuspendedWriter, creatorId: USERS.suspendedWriter, title: 'By Suspended', publishedAt: now - 15_000 });
  post({ id: POSTS.byDeletedWriter, creatorId: USERS.deletedWriter, title: 'By Deleted', publishedAt: now - 25_000 });

  // 30 stories by six authors, one hour apart; every fifth is member-only.
  const tagCycle: string[][] = [['writing'], ['technology'], ['poetry'], ['writing', 'poetry'], []];
  const bulk: BulkPost[] = [];
  for (let i = 0; i < 30; i++) {
    const seed: BulkPost = {
      id: `f000000000${(i + 1).toString(16).padStart(2, '0')}`,
      creatorId: AUTHORS[i % AUTHORS.length]!,
      collectionId: i % 3 === 0 ? COLLECTIONS.quill : i % 3 === 1 ? COLLECTIONS.dailyBytes : null,
      tagSlugs: tagCycle[i % tagCycle.length]!,
      visibility: i % 5 === 4 ? 'LOCKED' : 'PUBLIC',
      publishedAt: now - (i + 1) * 3_600_000,
    };
    bulk.push(seed);
    const title = `Bulk Story ${i + 1}`;
    post({
      ...seed,
      title,
      content: seed.visibility === 'LOCKED' ? story(title, 4, 2) : story(title, 3),
      previewParagraphCount: seed.visibility === 'LOCKED' ? 2 : 3,
    });
  }

  const follow = (followerId: string, type: 'USER' | 'COLLECTION' | 'TAG', targetId: string) =>
    add('INSERT INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, ?, ?, ?)', followerId, type, targetId, now - DAY);
  const mute = (muterId: string, type: 'USER' | 'COLLECTION', targetId: string) =>
    add('INSERT INTO mutes (muter_id, target_type, target_id, created_at) VALUES (?, ?, ?, ?)', muterId, type, targetId, now - DAY);
  // The reader follows authors 1 and 3, Daily Bytes and #poetry; mutes author 2 and The Quill.
  follow(USERS.reader, 'USER', AUTHORS[0]);
  follow(USERS.reader, 'USER', AUTHORS[2]);
  follow(USERS.reader, 'COLLECTION', COLLECTIONS.dailyBytes);
  follow(USERS.reader, 'TAG', TAGS.poetry.id);
  mute(USERS.reader, 'USER', AUTHORS[1]);
  mute(USERS.reader, 'COLLECTION', COLLECTIONS.quill);
  follow(USERS.member, 'USER', USERS.writer);
  follow(USERS.member, 'COLLECTION', COLLECTIONS.quill);
  follow(USERS.member, 'TAG', TAGS.writing.id);

  // The member clapped for and saved the open story.
  add('INSERT INTO claps (user_id, post_id, count, updated_at) VALUES (?, ?, ?, ?)', USERS.member, POSTS.open, 12, now);
  add(
    "INSERT INTO catalogs (id, creator_id, name, type, predefined, visibility, item_count, created_at, updated_at) VALUES (?, ?, 'Reading list', 'PREDEFINED_LIST', 'READING_LIST', 'PRIVATE', 1, ?, ?)",
    'ca0000000001',
    USERS.member,
    now,
    now,
  );
  add('INSERT INTO catalog_items (id, catalog_id, post_id, created_at) VALUES (?, ?, ?, ?)', 'c10000000001', 'ca0000000001', POSTS.open, now);

  await db.batch(statements);

  const sessions = {} as Record<PersonKey, string>;
  for (const [key, id] of Object.entries(USERS) as [PersonKey, string][]) {
    if (key === 'deletedWriter') continue;
    sessions[key] = (await createSession(db, id, { now })).token;
  }

  const listedNewestFirst = [
    { id: POSTS.open, creatorId: USERS.writer, collectionId: COLLECTIONS.quill, tagSlugs: ['writing', 'technology'] },
    { id: POSTS.locked, creatorId: USERS.writer, collectionId: COLLECTIONS.quill, tagSlugs: ['writing'] },
    ...bulk.map(({ id, creatorId, collectionId, tagSlugs }) => ({ id, creatorId, collectionId, tagSlugs })),
  ];
  return { now, sessions, bulk, listedNewestFirst };
}
