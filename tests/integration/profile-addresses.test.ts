// Issue 18 point 1: one address rule for people and stories
// (docs/product/1-product-screens-membership-header-search.md §3,
// docs/product/3-routes-data-calls-constants.md §2.11). For a writer on a live custom domain
// (ada), one on a username subdomain (grace) and one with neither (author), every component
// that links a person or a story is walked over HTTP — story cards, the story page's byline,
// responses, notifications, "More from", people lists, the avatar menu — and each address is
// checked against the rule, written out here by hand (not by the builders under test); the
// story page's canonical link names the same address.
import { env, exports } from 'cloudflare:workers';
import { print } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { AvatarMenuQuery } from '../../client/components/avatar-menu/AvatarMenu.graphql.ts';
import { avatarMenuSections, type AvatarMenuViewer } from '../../client/components/avatar-menu/menu-items.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { graphql } from './helpers/graphql-client.ts';
import { publicStory, rows, seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';

const MAIN = 'http://localhost:8787';
type Row = Record<string, unknown>;

/** The three kinds of writer and their addresses as the rule gives them, from the main host. */
const WRITERS = [
  // In development a custom domain is served as {domain}.localhost (docs/adr/0130-custom-domains-in-development.md).
  { username: 'ada', kind: 'live custom domain', profile: 'http://ada.test.localhost:8787', storyPrefix: 'http://ada.test.localhost:8787/' },
  { username: 'grace', kind: 'username subdomain', profile: 'http://grace.localhost:8787', storyPrefix: 'http://grace.localhost:8787/' },
  { username: 'author', kind: 'neither', profile: '/@author', storyPrefix: '/@author/' },
] as const;
type Writer = (typeof WRITERS)[number];

let world: World;
let readerSid: string;
const responseIds = new Map<string, string>();
const writerSids = new Map<string, string>();

function get(path: string, sid?: string) {
  const headers = new Headers();
  if (sid) headers.set('cookie', `sid=${sid}`);
  return exports.default.fetch(`${MAIN}${path}`, { headers, redirect: 'manual' });
}

async function html(path: string, sid?: string): Promise<string> {
  const answer = await get(path, sid);
  expect(answer.status, path).toBe(200);
  return answer.text();
}

const slugId = (post: Row) => (post.slug ? `${String(post.slug)}-${String(post.id)}` : String(post.id));

/** A story's address by the rule: its publication's site, else its writer's. */
function expectedStoryAddress(post: Row): string {
  if (post.collection_id) {
    const collection = rows(world, 'collections').find((c) => c.id === post.collection_id)!;
    return collection.custom_domain_state === 'LIVE' && collection.domain
      ? `http://${String(collection.domain)}.localhost:8787/${slugId(post)}`
      : `/${String(collection.slug)}/${slugId(post)}`;
  }
  const writer = WRITERS.find((w) => userByUsername(world, w.username).id === post.creator_id);
  if (!writer) throw new Error(`story ${String(post.id)} is by none of the three writers`);
  return writer.storyPrefix + slugId(post);
}

function postRow(id: string): Row {
  const post = rows(world, 'posts').find((p) => p.id === id);
  if (!post) throw new Error(`no post ${id}`);
  return post;
}

/** The href of every <a> in html carrying the class. */
function hrefsOf(html: string, className: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<a\s([^>]*)>/g)) {
    const attributes = match[1]!;
    const classes = /class="([^"]*)"/.exec(attributes)?.[1]?.split(/\s+/) ?? [];
    if (classes.includes(className)) found.push(/href="([^"]*)"/.exec(attributes)?.[1] ?? '');
  }
  return found;
}

/** Story cards of a page: the post id, its title link and its writer link. */
function storyCards(html: string): { postId: string; story: string; writer: string }[] {
  return html
    .split('<article class="story-card"')
    .slice(1)
    .map((card) => ({
      postId: /data-post-id="([^"]+)"/.exec(card)![1]!,
      story: hrefsOf(card, 'story-card-link')[0]!,
      writer: hrefsOf(card, 'story-card-writer')[0]!,
    }));
}

function storyOf(writer: Writer): Row {
  const id = userByUsername(world, writer.username).id;
  return publicStory(world, (p) => p.creator_id === id && !p.collection_id);
}

const absolute = (href: string) => (href.startsWith('/') ? MAIN + href : href);

beforeAll(async () => {
  world = await seedDemoWorld(120);
  const reader = userByUsername(world, 'reader');
  readerSid = (await createSession(env.DB, String(reader.id))).token;
  // A story none of the three wrote, for their responses.
  const others = new Set(WRITERS.map((w) => userByUsername(world, w.username).id));
  const parent = publicStory(world, (p) => !others.has(p.creator_id) && !p.is_locked && p.visibility === 'PUBLIC');
  const now = Date.now();
  let n = 0;
  for (const writer of WRITERS) {
    const user = userByUsername(world, writer.username);
    writerSids.set(writer.username, (await createSession(env.DB, String(user.id))).token);
    const responseId = `f1c0000000${String(++n).padStart(2, '0')}`;
    responseIds.set(writer.username, responseId);
    const story = storyOf(writer);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO posts (id, creator_id, in_response_to_post_id, title, slug, status, visibility, content, created_at, updated_at, first_published_at, latest_published_at)
         VALUES (?, ?, ?, '', '', 'PUBLISHED', 'PUBLIC', ?, ?, ?, ?, ?)`,
      ).bind(responseId, user.id, parent.id, JSON.stringify({ paragraphs: [{ name: 'r1', type: 'P', text: `A response by ${writer.username}.`, markups: [] }] }), now, now, now + n, now + n),
      env.DB.prepare('UPDATE posts SET response_count = response_count + 1 WHERE id = ?').bind(parent.id),
      // The reader is mentioned in the writer's story, and followed by the writer.
      env.DB.prepare(`INSERT INTO notifications (id, user_id, actor_id, type, post_id, created_at) VALUES (?, ?, ?, 'MENTION', ?, ?)`).bind(
        `f1c00000n0${String(n).padStart(2, '0')}`, reader.id, user.id, story.id, now + n,
      ),
      env.DB.prepare(`INSERT OR IGNORE INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, 'USER', ?, ?)`).bind(user.id, reader.id, now + n),
    ]);
  }
  responseIds.set('parent', String(parent.id));
});

describe.each(WRITERS)('$username ($kind)', (writer) => {
  it('story cards on the profile page link each story and the writer by the rule', async () => {
    const cards = storyCards(await html(`/@${writer.username}`));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.story, card.postId).toBe(expectedStoryAddress(postRow(card.postId)));
      expect(card.writer).toBe(writer.profile);
    }
  });

  it('the story page: byline, footer and canonical link name the rule’s addresses; "More from" links by the rule', async () => {
    const story = storyOf(writer);
    const page = await html(`/@${writer.username}/${slugId(story)}`);
    const expected = expectedStoryAddress(story);
    expect(expected.startsWith(writer.storyPrefix)).toBe(true);
    expect(page).toContain(`<link rel="canonical" href="${absolute(expected)}">`);
    expect(hrefsOf(page, 'story-byline-name')).toEqual([writer.profile]);
    const moreFrom = page.slice(page.indexOf(`aria-label="More from`));
    expect(moreFrom).toContain(`More from <a href="${writer.profile}">`);
    const cards = storyCards(moreFrom.slice(0, moreFrom.indexOf('</section>')));
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.story).toBe(expectedStoryAddress(postRow(card.postId)));
      // The heading names and links the writer: the writer's own cards leave out their byline.
      expect(card.writer).toBeUndefined();
    }
  });

  it('a response by the writer links the writer and the response by the rule', async () => {
    const page = await html(`/p/${responseIds.get('parent')!}`);
    const id = responseIds.get(writer.username)!;
    const response = page.slice(page.indexOf(`data-post-id="${id}"`));
    const item = response.slice(0, response.indexOf('</article>'));
    expect(hrefsOf(item, 'response-author')).toEqual([writer.profile]);
    expect(hrefsOf(item, 'response-date')).toEqual([writer.storyPrefix + id]);
  });

  it('a notification from the writer links them and their story by the rule', async () => {
    const page = await html('/me/notifications', readerSid);
    const story = storyOf(writer);
    const items = page.split('<li class="notification').slice(1).filter((li) => li.includes(`href="${expectedStoryAddress(story)}"`));
    expect(items).toHaveLength(1);
    expect(hrefsOf(items[0]!, 'notification-actor')).toEqual([writer.profile]);
    expect(hrefsOf(items[0]!, 'notification-story')).toEqual([expectedStoryAddress(story)]);
  });

  it('a people list links the writer by the rule', async () => {
    const page = await html('/@reader/followers');
    const id = String(userByUsername(world, writer.username).id);
    const row = page.slice(page.indexOf(`class="person-row" data-user-id="${id}"`));
    expect(hrefsOf(row.slice(0, row.indexOf('</li>')), 'person-row-name')).toEqual([writer.profile]);
  });

  it('the avatar menu’s Profile item links the writer by the rule', async () => {
    const answer = await graphql<{ viewer: AvatarMenuViewer }>(print(AvatarMenuQuery), {}, writerSids.get(writer.username));
    expect(answer.errors).toBeUndefined();
    const data = answer.data!.viewer;
    const sections = avatarMenuSections({
      viewer: { id: data.id, username: data.username, name: data.name, imageId: data.imageId },
      data,
      flags: new Set(),
      now: Date.now(),
      ctx: { hostKind: 'default', mainOrigin: MAIN },
      statusSiteUrl: '',
    });
    const profile = sections.flatMap((s) => s.items).find((i) => i.key === 'profile');
    expect(profile?.href).toBe(writer.profile);
  });

  it('the data names the story’s canonical address (Post.mediumUrl)', async () => {
    const story = storyOf(writer);
    const answer = await graphql<{ post: { mediumUrl: string } }>('query ($id: ID!) { post(id: $id) { mediumUrl } }', { id: story.id });
    expect(answer.data!.post.mediumUrl).toBe(absolute(expectedStoryAddress(story)));
  });
});

it('on the writer’s own site, their links stay on it (root-relative)', async () => {
  const answer = await exports.default.fetch('http://ada.test/', { headers: { host: 'ada.test' }, redirect: 'manual' });
  expect(answer.status).toBe(200);
  const cards = storyCards(await answer.text()).filter((c) => !postRow(c.postId).collection_id);
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) {
    expect(card.story).toBe(`/${slugId(postRow(card.postId))}`);
    expect(card.writer).toBe('/');
  }
});

it('on the writer’s own domain, tag pills and @mentions lead to real pages on the main host', async () => {
  const host = 'ada.test.localhost:8787';
  const home = await exports.default.fetch(`http://${host}/`, { headers: { host }, redirect: 'manual' });
  const stories = storyCards(await home.text()).filter((c) => !postRow(c.postId).collection_id);
  const links = new Set<string>();
  for (const card of stories.slice(0, 12)) {
    const page = await (await exports.default.fetch(`http://${host}${card.story}`, { headers: { host }, redirect: 'manual' })).text();
    for (const match of page.matchAll(/<a href="([^"]+)"[^>]*class="(?:tag-pill|mention)"/g)) links.add(match[1]!.replace(/&amp;/g, '&'));
  }
  expect(links.size).toBeGreaterThan(0);
  for (const link of links) {
    expect(link.startsWith(`${MAIN}/`), link).toBe(true);
    const answer = await exports.default.fetch(link, { redirect: 'manual' });
    expect([200, 301, 302], link).toContain(answer.status);
  }
});

it('on the writer’s own domain, a member-only story’s paywall leads to the main host’s plans, membership and redeem pages', async () => {
  const host = 'ada.test.localhost:8787';
  const ada = userByUsername(world, 'ada');
  const locked = rows(world, 'posts').find(
    (p) => p.creator_id === ada.id && p.visibility === 'LOCKED' && p.status === 'PUBLISHED' && !p.collection_id && !p.in_response_to_post_id && !p.deleted_at,
  );
  expect(locked, 'a member-only story of ada’s outside a publication').toBeDefined();
  const story = await exports.default.fetch(`http://${host}/${slugId(locked!)}`, { headers: { host }, redirect: 'manual' });
  expect(story.status).toBe(200);
  const paywall = /<aside class="paywall"[\s\S]*?<\/aside>/.exec(await story.text())?.[0] ?? '';
  const links = [...paywall.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&'), `http://${host}`).href);
  // The writer's own membership page ("Support ada") is hers, on her domain; the rest are the main host's.
  expect(links).toEqual(expect.arrayContaining([`${MAIN}/plans`, `${MAIN}/membership`, `http://${host}/membership`]));
  expect(links.filter((link) => link.startsWith(`${MAIN}/redeem?from=`))).toHaveLength(1);
  for (const link of links) {
    expect((await exports.default.fetch(link, { headers: { host: new URL(link).host }, redirect: 'manual' })).status, link).toBe(200);
  }
  // After redeeming, the way back is a main-host path that opens the story (its canonical link on ada's domain).
  const from = new URL(links.find((link) => link.includes('/redeem'))!).searchParams.get('from')!;
  expect(from).toBe(`/p/${String(locked!.id)}`);
  const back = await get(from);
  expect(back.status).toBe(200);
  const page = await back.text();
  expect(page).toContain(`data-post-id="${String(locked!.id)}"`);
  expect(page).toContain(`<link rel="canonical" href="http://${host}/${slugId(locked!)}"`);
});

it('the development name of a custom domain (ada.test.localhost) serves the writer’s own site', async () => {
  const answer = await exports.default.fetch('http://ada.test.localhost:8787/', { headers: { host: 'ada.test.localhost:8787' }, redirect: 'manual' });
  expect(answer.status).toBe(200);
  const cards = storyCards(await answer.text()).filter((c) => !postRow(c.postId).collection_id);
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) expect(card.writer).toBe('/');
});
