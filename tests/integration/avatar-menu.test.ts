// The header and the avatar menu get the right data for each kind of viewer (issue 5, items
// 7–8): AvatarMenuQuery and UnreadNotificationCount exactly as the client sends them, over
// HTTP, for a visitor, a reader, a Member, a Friend, a cancelled member, an administrator of
// four publications and a verified book author — and the menu those answers make. Also:
// the pages' header state (nothing about the viewer on a logged-out page) and /_/api/geo.
import { env, exports } from 'cloudflare:workers';
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateWorld, worldToStatements, type World } from '../../scripts/demo-world/index.ts';
import { AvatarMenuQuery } from '../../client/components/avatar-menu/AvatarMenu.graphql.ts';
import { UnreadNotificationCount } from '../../client/components/header/NotificationLink.graphql.ts';
import { avatarMenuSections, type AvatarMenuViewer } from '../../client/components/avatar-menu/menu-items.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { graphql } from './helpers/graphql-client.ts';
import { rows, userByUsername } from './helpers/demo-world.ts';

const MAIN = 'http://localhost:8787';
const DAY = 86_400_000;
const KINDS = ['reader', 'member', 'friend', 'cancelled', 'editor', 'author', 'partner', 'failed'] as const;
type Kind = (typeof KINDS)[number];

let world: World;
let now: number;
const sessions = {} as Record<Kind, string>;
const ids = {} as Record<Kind, string>;

const AVATAR_MENU = print(AvatarMenuQuery);
const UNREAD = print(UnreadNotificationCount);

beforeAll(async () => {
  // The world's present is now, so memberships are in the states the demo accounts describe.
  now = Date.now();
  world = generateWorld({ stories: 40, now });
  const statements = worldToStatements(world).map((s) => env.DB.prepare(s.sql).bind(...s.params));
  for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50));
  for (const kind of KINDS) {
    ids[kind] = String(userByUsername(world, kind).id);
    sessions[kind] = (await createSession(env.DB, ids[kind])).token;
  }
});

async function avatarMenu(kind: Kind | null): Promise<AvatarMenuViewer | null> {
  const answer = await graphql<{ viewer: AvatarMenuViewer | null }>(AVATAR_MENU, {}, kind ? sessions[kind] : undefined);
  expect(answer.errors).toBeUndefined();
  return answer.data!.viewer;
}

function menuKeys(data: AvatarMenuViewer, flags: string[] = []): string[] {
  return avatarMenuSections({
    viewer: { id: data.id, username: data.username, name: data.name, imageId: data.imageId },
    data,
    flags: new Set(flags),
    now,
    ctx: { hostKind: 'default', mainOrigin: MAIN },
    statusSiteUrl: 'https://status.vellum.example',
  }).flatMap((section) => section.items.map((item) => item.key));
}

function unreadInWorld(userId: string): number {
  return rows(world, 'notifications').filter((n) => n.user_id === userId && n.read_at === null).length;
}

describe('AvatarMenuQuery', () => {
  it('is null for a visitor, who gets the logged-out menu', async () => {
    expect(await avatarMenu(null)).toBeNull();
    const visitor = avatarMenuSections({ viewer: null, data: null, flags: new Set(), now, ctx: { hostKind: 'default', mainOrigin: MAIN }, statusSiteUrl: '' });
    expect(visitor[0]?.items.map((i) => i.label)).toEqual(['Sign up', 'Sign in']);
  });

  it('reader: no membership, no publications, not enrolled, not a verified author; every upsell', async () => {
    const reader = (await avatarMenu('reader'))!;
    expect(reader).toMatchObject({
      id: ids.reader,
      username: 'reader',
      emailObfuscated: 'r•••••@vellum.test',
      membership: null,
      adminCollections: [],
      linkedAccounts: { id: ids.reader, mastodon: null },
      verifications: { isBookAuthor: false },
      partnerProgramEnrollment: null,
    });
    const keys = menuKeys(reader);
    expect(keys).toEqual(expect.arrayContaining(['become-member', 'author-verification', 'partner-program-apply', 'gift-membership', 'sign-out']));
    expect(keys).not.toContain('member-since');
    expect(keys).not.toContain('partner-program');
  });

  it('Member: an active MEMBER membership with its start as "Member since"', async () => {
    const member = (await avatarMenu('member'))!;
    const row = rows(world, 'memberships').find((m) => m.user_id === ids.member)!;
    expect(member.membership).toMatchObject({ tier: 'MEMBER', isCancelled: false, paymentFailedAt: null, memberSince: row.started_at, paymentProvider: 'STRIPE' });
    expect(member.membership!.currentPeriodEndsAt).toBeGreaterThan(now);
    const keys = menuKeys(member);
    expect(keys[0]).toBe('member-since');
    expect(keys).not.toContain('become-member');
    expect(menuKeys(member, ['enable_premium_tier', 'enable_switch_plan_premium_tier'])).toContain('become-friend');
  });

  it('Friend: tier FRIEND, no membership upsell', async () => {
    const friend = (await avatarMenu('friend'))!;
    expect(friend.membership).toMatchObject({ tier: 'FRIEND', isCancelled: false, paymentFailedAt: null });
    const keys = menuKeys(friend, ['enable_premium_tier', 'enable_switch_plan_premium_tier']);
    expect(keys).toContain('member-since');
    expect(keys).not.toContain('become-member');
    expect(keys).not.toContain('become-friend');
  });

  it('cancelled member: cancelled within the paid period, offered Reactivate Membership', async () => {
    const cancelled = (await avatarMenu('cancelled'))!;
    expect(cancelled.membership).toMatchObject({ isCancelled: true });
    expect(cancelled.membership!.currentPeriodEndsAt).toBeGreaterThan(now);
    const keys = menuKeys(cancelled);
    expect(keys).toContain('reactivate-membership');
    expect(keys).toContain('member-since');
    expect(keys).not.toContain('become-member');
  });

  it('payment failed: the membership says so, and no upsell asks to buy again', async () => {
    const failed = (await avatarMenu('failed'))!;
    expect(failed.membership!.paymentFailedAt).toEqual(expect.any(Number));
    expect(menuKeys(failed)).not.toContain('become-member');
  });

  it('administrator of four publications: all four, the menu lists three and "See all publications"', async () => {
    const editor = (await avatarMenu('editor'))!;
    const administered = rows(world, 'collection_members').filter((m) => m.user_id === ids.editor && (m.role === 'OWNER' || m.role === 'EDITOR'));
    expect(administered).toHaveLength(4);
    expect(editor.adminCollections).toHaveLength(4);
    expect(editor.adminCollections!.map((c) => c.id).sort()).toEqual(administered.map((m) => m.collection_id).sort());
    const names = editor.adminCollections!.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const keys = menuKeys(editor);
    expect(keys.filter((k) => k.startsWith('publication-'))).toEqual(editor.adminCollections!.slice(0, 3).map((c) => `publication-${c.id}`));
    expect(keys).toContain('all-publications');
  });

  it('verified book author: isBookAuthor, no "Apply for author verification"', async () => {
    const author = (await avatarMenu('author'))!;
    expect(author.verifications.isBookAuthor).toBe(true);
    expect(menuKeys(author)).not.toContain('author-verification');
  });

  it('Partner Program writer: enrolment ACTIVE, the Partner Program item', async () => {
    const partner = (await avatarMenu('partner'))!;
    expect(partner.partnerProgramEnrollment).toEqual({ id: ids.partner, status: 'ACTIVE' });
    const keys = menuKeys(partner);
    expect(keys).toContain('partner-program');
    expect(keys).not.toContain('partner-program-apply');
  });

  it('a linked account on the federated instance is read from mastodon_accounts', async () => {
    await env.DB.prepare('INSERT INTO mastodon_accounts (user_id, username, domain, created_at) VALUES (?, ?, ?, ?)')
      .bind(ids.friend, 'priya', 'me.vellum.social', now)
      .run();
    const friend = (await avatarMenu('friend'))!;
    expect(friend.linkedAccounts).toEqual({
      id: ids.friend,
      mastodon: { id: ids.friend, username: 'priya', domain: 'me.vellum.social', url: 'https://me.vellum.social/@priya' },
    });
    expect(menuKeys(friend, ['enable_mastodon_for_members'])).toContain('federated-go');
    // The demo member connected @mel on the local stand-in instance (scripts/demo-world/people.ts):
    // "Go to" leads to its page there; a member with none is offered "Create a Mastodon account".
    const member = (await avatarMenu('member'))!;
    expect(member.linkedAccounts?.mastodon).toEqual({ id: ids.member, username: 'mel', domain: 'mastodon.localhost', url: `${MAIN}/_/dev/mastodon/@mel` });
    expect(menuKeys(member, ['enable_mastodon_for_members'])).toContain('federated-go');
    expect(menuKeys((await avatarMenu('cancelled'))!, ['enable_mastodon_for_members'])).toContain('federated-create');
  });

  it('the menu fields are the viewer’s own: null on anyone else', async () => {
    const answer = await graphql(
      `query { user(username: "member") { partnerProgramEnrollment { status } linkedAccounts { id } notificationStatus { unreadNotificationCount } emailObfuscated membership { memberSince } } }`,
      {},
      sessions.reader,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.user).toEqual({ partnerProgramEnrollment: null, linkedAccounts: null, notificationStatus: null, emailObfuscated: null, membership: null });
  });
});

describe('UnreadNotificationCount', () => {
  it('is null logged out', async () => {
    const answer = await graphql(UNREAD);
    expect(answer.data).toEqual({ viewer: null });
  });

  it('counts the viewer’s unread notifications', async () => {
    for (const kind of ['member', 'friend'] as const) {
      const answer = await graphql(UNREAD, {}, sessions[kind]);
      expect(answer.data.viewer.notificationStatus).toEqual({ id: ids[kind], unreadNotificationCount: unreadInWorld(ids[kind]) });
    }
  });

  it('counts past 99 (the header caps the text, not the number)', async () => {
    const before = unreadInWorld(ids.reader);
    const insert = env.DB.prepare('INSERT INTO notifications (id, user_id, type, created_at) VALUES (?, ?, ?, ?)');
    await env.DB.batch(Array.from({ length: 120 }, (_, i) => insert.bind(`unread-${i}`, ids.reader, 'FOLLOW', now - i)));
    await env.DB.prepare("UPDATE notifications SET read_at = ? WHERE id = 'unread-0'").bind(now).run();
    const answer = await graphql(UNREAD, {}, sessions.reader);
    expect(answer.data.viewer.notificationStatus.unreadNotificationCount).toBe(before + 119);
  });
});

describe('pages and the header', () => {
  const page = (path: string, sessionToken?: string) =>
    exports.default.fetch(`${MAIN}${path}`, { headers: sessionToken ? { cookie: `sid=${sessionToken}` } : {} });
  const preloaded = (html: string) => JSON.parse(/window\.__PRELOADED_STATE__=(.*?);window\.__GRAPHQL_URI__/.exec(html)![1]!.replace(/\\u003c/g, '<').replace(/\\u003e/g, '>').replace(/\\u0026/g, '&'));

  it('a logged-out page holds nothing about a viewer: sign-up prompts, no avatar, no notifications', async () => {
    const html = await (await page('/')).text();
    const state = preloaded(html);
    expect(state.viewer).toBeNull();
    expect(state.session).toEqual({ xsrf: null, isLoggedInCookie: false, isSpoofed: false });
    expect(html).toContain('data-testid="header-signup"');
    expect(html).toContain('aria-label="Account menu"');
    // In the markup (the head's inline stylesheet names every class).
    expect(html.slice(html.indexOf('<body'))).not.toContain('header-notifications');
    expect(html).toContain('%7Efeature=LoOpenInAppButton&amp;%7Echannel=ShowHome');
  });

  it('a signed-in page draws the avatar from the preloaded state; menu and count load later', async () => {
    const html = await (await page('/', sessions.editor)).text();
    const state = preloaded(html);
    const editor = userByUsername(world, 'editor');
    expect(state.viewer).toEqual({ id: editor.id, username: 'editor', name: editor.name, imageId: editor.image_id });
    expect(html).toContain(`Account menu, signed in as ${String(editor.name).replace(/'/g, '&#x27;')}`);
    expect(html).toContain('data-testid="header-notifications"');
    expect(html).not.toContain('data-testid="header-signup"');
    expect(html).toContain('%7Efeature=LiOpenInAppButton');
    // Neither query ran during the render: the browser sends them.
    expect(html).not.toContain('adminCollections');
    expect(html).not.toContain('unreadNotificationCount');
  });
});

describe('GET /_/api/geo', () => {
  const geo = (country?: string) => exports.default.fetch(`${MAIN}/_/api/geo`, { headers: country ? { 'cf-ipcountry': country } : {} });

  it('says whether the EU privacy banner applies, and is never cached', async () => {
    for (const country of ['GB', 'FR', 'DE', 'IE', 'SE']) {
      const res = await geo(country);
      expect(await res.json()).toEqual({ country, euPrivacyBanner: true });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(await (await geo('US')).json()).toEqual({ country: 'US', euPrivacyBanner: false });
    expect(await (await geo('CH')).json()).toEqual({ country: 'CH', euPrivacyBanner: false });
    expect(await (await geo('XX')).json()).toMatchObject({ euPrivacyBanner: false });
  });
});
