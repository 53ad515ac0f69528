// Users (the named demo accounts first), tags and publications with their members.

import { DEMO_ACCOUNTS, DEMO_PUBLICATION_DOMAIN, DEMO_USER_DOMAIN, type DemoKey } from './accounts.ts';
import { DAY, YEAR, timeBetween, type Context, type Person } from './context.ts';
import type { CollectionMemberRow, UserRow } from './rows.ts';
import { PUBLICATIONS, TOPICS, type Topic } from './vocabulary.ts';

const DEMO_TOPICS: Partial<Record<DemoKey, readonly string[]>> = {
  writer: ['writing', 'productivity', 'self-improvement', 'books'],
  editor: ['history', 'politics', 'economics'],
  author: ['books', 'writing', 'history'],
  partner: ['startup', 'entrepreneurship', 'leadership'],
  sub: ['javascript', 'web-development', 'programming'],
  reader: ['writing', 'books', 'productivity', 'programming', 'design'],
};
const DEMO_WRITERS: readonly DemoKey[] = ['writer', 'editor', 'author', 'partner', 'sub'];

const ROLES = [
  'Software engineer', 'Product designer', 'Data scientist', 'Freelance writer', 'Journalist', 'Teacher', 'Founder',
  'Researcher', 'Editor', 'Nurse', 'Historian', 'Chef', 'Musician', 'Economist', 'Parent of two', 'Grad student',
  'Photographer', 'Product manager', 'Engineering manager', 'Librarian',
];
const CITIES = [
  'Lisbon', 'Toronto', 'Nairobi', 'Melbourne', 'Berlin', 'Austin', 'Seoul', 'Mexico City', 'Dublin', 'Lagos',
  'Portland', 'Montreal', 'Edinburgh', 'Cape Town', 'Bangalore', 'Copenhagen',
];

/** ~15 users per 100 stories, never fewer than the demo accounts plus 40 others. */
export function userCountFor(stories: number): number {
  return Math.max(DEMO_ACCOUNTS.length + 40, Math.round(stories * 0.15));
}

export function createTags(ctx: Context): void {
  for (const topic of TOPICS) {
    ctx.world.tags.push({
      id: ctx.ids.next(),
      slug: topic.slug,
      display_title: topic.title,
      description: topic.description,
      post_count: 0,
      follower_count: 0,
    });
  }
}

export function createUsers(ctx: Context, count: number): void {
  const { random, faker, now } = ctx;
  const usernames = new Set(DEMO_ACCOUNTS.map((a) => a.username));

  for (const account of DEMO_ACCOUNTS) {
    const topics = (DEMO_TOPICS[account.key] ?? []).map((slug) => ctx.topicBySlug.get(slug) as Topic);
    const writer = DEMO_WRITERS.includes(account.key);
    const row = blankUser(ctx, account.username, account.name, account.email, timeBetween(random, now - 3 * YEAR, now - 3 * YEAR + 60 * DAY));
    row.bio = writer ? writerBio(ctx, topics) : '';
    const person = addPerson(ctx, row, writer, topics.length > 0 ? topics : randomTopics(ctx), 0);
    ctx.demo[account.key] = person;
  }
  applyDemoTraits(ctx);

  const others = Math.max(0, count - DEMO_ACCOUNTS.length);
  let writerIndex = 0;
  for (let i = 0; i < others; i++) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const username = uniqueUsername(random, usernames, first, last);
    const writer = random.chance(0.4);
    // Writers joined before the two years of stories; readers may have joined any time.
    const createdAt = writer
      ? timeBetween(random, now - 4 * YEAR, now - 2 * YEAR - 2 * DAY)
      : timeBetween(random, now - 4 * YEAR, now - 10 * DAY);
    const row = blankUser(ctx, username, `${first} ${last}`, `${username}@example.com`, createdAt);
    const topics = randomTopics(ctx);
    row.bio = writer ? (random.chance(0.8) ? writerBio(ctx, topics) : '') : random.chance(0.4) ? faker.person.bio() : '';
    if (random.chance(0.15)) row.image_id = null;
    const person = addPerson(ctx, row, writer, topics, writer ? 1 / Math.pow(1 + random.int(0, 200), 0.7) : 0);
    if (writer) applyWriterVariety(ctx, person, writerIndex++);
  }
}

function blankUser(ctx: Context, username: string, name: string, email: string, createdAt: number): UserRow {
  return {
    id: ctx.ids.next(),
    username,
    name,
    email,
    bio: '',
    image_id: `${ctx.random.hex(16)}.jpeg`,
    custom_domain: null,
    custom_domain_state: 'NONE',
    has_subdomain: 0,
    is_suspended: 0,
    is_staff: 0,
    is_book_author: 0,
    partner_program_status: null,
    flags: '',
    follower_count: 0,
    following_count: 0,
    created_at: createdAt,
    deleted_at: null,
  };
}

function addPerson(ctx: Context, row: UserRow, writer: boolean, topics: Topic[], weight: number): Person {
  const person: Person = { row, writer, topics, weight, collectionIds: [] };
  ctx.world.users.push(row);
  ctx.people.push(person);
  ctx.personById.set(row.id, person);
  return person;
}

function applyDemoTraits(ctx: Context): void {
  const d = ctx.demo;
  // The main demo writer is the most followed; the other demo writers are well known too.
  for (const key of DEMO_WRITERS) (d[key] as Person).weight = key === 'writer' ? 6 : 1.5;
  const ada = (d.writer as Person).row;
  ada.custom_domain = DEMO_USER_DOMAIN;
  ada.custom_domain_state = 'LIVE';
  ada.partner_program_status = 'ACTIVE';
  ada.bio = 'Writer and editor in Stockholm. Essays on writing, reading and doing fewer things better.';
  (d.sub as Person).row.has_subdomain = 1;
  (d.author as Person).row.is_book_author = 1;
  (d.author as Person).row.bio = "Author of three novels and a book of essays. Writing about books, history and the craft.";
  const staff = (d.staff as Person).row;
  staff.is_staff = 1;
  staff.flags = 'can_view_suspended_content';
  (d.partner as Person).row.partner_program_status = 'ACTIVE';
  (d.reader as Person).row.bio = 'Reading about writing, books and how software gets made.';
  // The member signs in with Google too: on `npm start`, the local identity provider's
  // "Mel Member" (subject local-google-member) is this account
  // (worker/auth/social/local-identity-provider.ts LOCAL_TEST_IDENTITIES).
  const member = (d.member as Person).row;
  ctx.world.social_identities.push({ provider: 'google', subject: 'local-google-member', user_id: member.id, email: member.email, created_at: member.created_at + DAY });
  // …and has connected a Mastodon account: @mel on the local stand-in instance, which starts with
  // it (worker/integrations/mastodon-local-instance.ts LOCAL_MASTODON_ACCOUNTS), so the avatar
  // menu shows "Go to mastodon.localhost" (docs/adr/0180-mastodon-for-members.md).
  ctx.world.mastodon_accounts.push({ user_id: member.id, username: 'mel', domain: 'mastodon.localhost', created_at: member.created_at + 2 * DAY });
}

/** The first few ordinary writers cover the states that must exist somewhere. */
function applyWriterVariety(ctx: Context, person: Person, index: number): void {
  const row = person.row;
  switch (index) {
    case 0: row.partner_program_status = 'PENDING_ACTION'; return;
    case 1: row.partner_program_status = 'INACTIVE'; return;
    case 2: row.partner_program_status = 'SUSPENDED'; return;
    case 3:
      row.custom_domain = `${row.username.replaceAll('_', '-')}-writes.test`;
      row.custom_domain_state = 'PENDING';
      return;
    case 4: row.is_suspended = 1; return;
  }
  const roll = ctx.random.float();
  if (roll < 0.1) row.partner_program_status = 'ACTIVE';
  else if (roll < 0.13) row.partner_program_status = 'PENDING_ACTION';
  else if (roll < 0.15) row.partner_program_status = 'INACTIVE';
}

function uniqueUsername(random: Context['random'], used: Set<string>, first: string, last: string): string {
  const f = first.toLowerCase().replace(/[^a-z0-9]/g, '');
  const l = last.toLowerCase().replace(/[^a-z0-9]/g, '');
  const roll = random.float();
  const base = roll < 0.4 ? `${f}${l}` : roll < 0.7 ? `${f}_${l}` : `${f}${l.charAt(0)}${random.int(10, 99)}`;
  let candidate = base || `user${random.int(100, 999)}`;
  for (let n = 2; used.has(candidate); n++) candidate = `${base}${n}`;
  used.add(candidate);
  return candidate;
}

/** A favourite topic and one or two more, usually from the same area. */
function randomTopics(ctx: Context): Topic[] {
  const { random } = ctx;
  const first = random.pick(TOPICS);
  const topics = [first];
  const sameGroup = TOPICS.filter((t) => t.group === first.group && t !== first);
  for (let i = random.int(1, 2); i > 0; i--) {
    const next = random.chance(0.6) && sameGroup.length > 0 ? random.pick(sameGroup) : random.pick(TOPICS);
    if (!topics.includes(next)) topics.push(next);
  }
  return topics;
}

function writerBio(ctx: Context, topics: readonly Topic[]): string {
  const { random } = ctx;
  const [a, b] = topics;
  const subjects = b ? `${a?.title} and ${b.title}` : (a?.title ?? 'life');
  return `${random.pick(ROLES)} in ${random.pick(CITIES)}. Writing about ${subjects}.`;
}

/**
 * Ten publications. The demo editor owns the first two (the first is on a live custom
 * domain) and edits the next two, so they administer four.
 */
export function createPublications(ctx: Context): void {
  const { random, now, world } = ctx;
  const editor = ctx.demo.editor as Person;
  const writers = ctx.people.filter((p) => p.writer && p.row.is_suspended === 0);
  const ordinaryWriters = writers.filter((p) => !Object.values(ctx.demo).includes(p));
  const demoMemberships: Record<string, [DemoKey, 'EDITOR' | 'WRITER'][]> = {
    'the-long-read': [['writer', 'WRITER'], ['author', 'WRITER']],
    'plain-data': [],
    'signal-and-noise': [['editor', 'EDITOR'], ['sub', 'WRITER']],
    'field-notes': [['editor', 'EDITOR']],
    'quiet-ambition': [['writer', 'WRITER']],
    'founders-notebook': [['partner', 'WRITER']],
  };
  const writersPerPublication = Math.min(60, 3 + Math.round(writers.length * 0.08));

  PUBLICATIONS.forEach((seed, index) => {
    const owner = index < 2 || ordinaryWriters.length === 0 ? editor : random.pick(ordinaryWriters);
    const createdAt = timeBetween(random, Math.max(owner.row.created_at, now - 3.5 * YEAR), now - 2 * YEAR - 30 * DAY);
    const row = {
      id: ctx.ids.next(),
      slug: seed.slug,
      name: seed.name,
      description: seed.description,
      avatar_id: `${random.hex(16)}.png`,
      favicon_id: random.chance(0.6) ? `${random.hex(16)}.png` : null,
      domain: index === 0 ? DEMO_PUBLICATION_DOMAIN : index === 3 ? `${seed.slug}.test` : null,
      custom_domain_state: (index === 0 ? 'LIVE' : index === 3 ? 'PENDING' : 'NONE') as 'LIVE' | 'PENDING' | 'NONE',
      creator_id: owner.row.id,
      follower_count: 0,
      created_at: createdAt,
    };
    world.collections.push(row);
    ctx.publications.push({ row, seed });

    const members = new Map<Person, CollectionMemberRow['role']>([[owner, 'OWNER']]);
    for (const [key, role] of demoMemberships[seed.slug] ?? []) {
      const person = ctx.demo[key];
      if (person && !members.has(person)) members.set(person, role);
    }
    for (const person of random.sample(ordinaryWriters, random.int(1, 2))) if (!members.has(person)) members.set(person, 'EDITOR');
    // Writers who care about the publication's topics first, then anyone.
    const fans = ordinaryWriters.filter((p) => p.topics.some((t) => seed.topics.includes(t.slug)));
    for (const person of [...random.sample(fans, writersPerPublication), ...random.sample(ordinaryWriters, 2)]) {
      if (!members.has(person)) members.set(person, 'WRITER');
    }
    for (const [person, role] of members) {
      person.collectionIds.push(row.id);
      world.collection_members.push({
        collection_id: row.id,
        user_id: person.row.id,
        role,
        created_at: timeBetween(random, Math.max(createdAt, person.row.created_at), Math.max(createdAt, person.row.created_at) + 30 * DAY),
      });
    }
  });
}
