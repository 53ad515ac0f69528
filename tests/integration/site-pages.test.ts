// Issue 15 item 4 over HTTP: the site's own pages answer 200 with their own heading (each
// address its own, where two addresses share a page name); share routes redirect to the
// network's share address; the vote and bookmark links send visitors to sign in, change
// nothing on GET, and act on a POST carrying the session's anti-forgery value only.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { page, sessionOf, type TestSession } from './helpers/story.ts';

const SITE_PAGES: [path: string, heading: string][] = [
  ['/about', 'Where good ideas find readers'],
  ['/help', 'How can we help?'],
  ['/m/tos', 'Terms of Service'],
  ['/creators', 'Write for readers who read'],
  ['/creator-tools', 'Tools for writers'],
  ['/earn', 'Earn from your writing'],
  ['/business', 'Membership for your whole team'],
  ['/jobs', 'Work with us'],
  ['/suspended', 'This account is suspended'],
  ['/not-available', 'This page is not available'],
  ['/goodbye', 'Your account has been deleted'],
];

function h1Of(html: string): string | undefined {
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]?.replace(/&#x27;|&#39;/g, "'");
}

let reader: TestSession;
beforeAll(async () => {
  await seedWorld(env.DB);
  reader = await sessionOf('reader');
});

describe('the site’s own pages', () => {
  it.each(SITE_PAGES)('%s answers 200 with its own heading', async (path, heading) => {
    const answer = await page(path);
    expect(answer.status).toBe(200);
    expect(h1Of(answer.text)).toBe(heading);
  });

  it('the privacy policy is a section of the terms, reachable by its anchor', async () => {
    const answer = await page('/m/tos');
    expect(answer.text).toContain('id="privacy"');
    expect(answer.text).toContain('Privacy Policy');
  });

  it('the text-to-speech footer link has its section in help', async () => {
    expect((await page('/help')).text).toContain('id="text-to-speech"');
  });

  it('titles follow the address where two addresses share a page', async () => {
    expect((await page('/creator-tools')).text).toMatch(/<title>Tools for writers – /);
    expect((await page('/creators')).text).toMatch(/<title>Write on – /);
  });

});

describe('share routes', () => {
  it('redirect a story to each network with its canonical address', async () => {
    for (const [channel, host] of [
      ['twitter', 'twitter.com'],
      ['facebook', 'www.facebook.com'],
      ['linkedIn', 'www.linkedin.com'],
    ] as const) {
      const answer = await page(`/p/${POSTS.open}/share/${channel}`);
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get('location')!);
      expect(location.host).toBe(host);
      expect(decodeURIComponent(location.search)).toContain(POSTS.open);
    }
  });

  it('redirect a profile to the network', async () => {
    const answer = await page(`/@writer/share/twitter`);
    expect(answer.status).toBe(302);
    expect(decodeURIComponent(answer.headers.get('location')!)).toContain('/@writer');
  });

  it('answer 404 for an unknown channel, story or person, and for a draft', async () => {
    expect((await page(`/p/${POSTS.open}/share/myspace`)).status).toBe(404);
    expect((await page(`/p/ffffffffffff/share/twitter`)).status).toBe(404);
    expect((await page(`/p/${POSTS.draft}/share/twitter`)).status).toBe(404);
    expect((await page(`/@nobody-here/share/twitter`)).status).toBe(404);
  });
});

describe('vote and bookmark links', () => {
  async function clapsOf(userId: string, postId: string): Promise<number> {
    const row = await env.DB.prepare('SELECT count FROM claps WHERE user_id = ? AND post_id = ?').bind(userId, postId).first<{ count: number }>();
    return row?.count ?? 0;
  }

  it('send a visitor to sign in, coming back to the same link', async () => {
    for (const action of ['vote', 'bookmark']) {
      const answer = await page(`/_/${action}/p/${POSTS.open}`);
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get('location')!, 'http://localhost:8787');
      expect(location.pathname).toBe('/m/signin');
      expect(location.searchParams.get('redirect')).toContain(`/_/${action}/p/${POSTS.open}`);
    }
  });

  it('change nothing on GET: a signed-in reader gets a one-button page', async () => {
    const answer = await page(`/_/vote/p/${POSTS.open}`, reader);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<form method="post">');
    expect(answer.text).toContain(`value="${reader.xsrf}"`);
    expect(await clapsOf(USERS.reader, POSTS.open)).toBe(0);
  });

  it('refuse a POST without the session’s anti-forgery value', async () => {
    const answer = await send(`/_/vote/p/${POSTS.open}`, {
      method: 'POST',
      session: reader.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'xsrf=forged',
    });
    expect(answer.status).toBe(403);
    expect(await clapsOf(USERS.reader, POSTS.open)).toBe(0);
  });

  it('clap once per POST and land on the story', async () => {
    const answer = await send(`/_/vote/p/${POSTS.open}`, {
      method: 'POST',
      session: reader.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `xsrf=${encodeURIComponent(reader.xsrf)}`,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toContain(POSTS.open);
    expect(await clapsOf(USERS.reader, POSTS.open)).toBe(1);
  });

  it('save the story to the reader’s Reading list', async () => {
    const answer = await send(`/_/bookmark/p/${POSTS.open}`, {
      method: 'POST',
      session: reader.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `xsrf=${encodeURIComponent(reader.xsrf)}`,
    });
    expect(answer.status).toBe(303);
    const saved = await env.DB.prepare(
      `SELECT count(*) AS n FROM catalog_items i JOIN catalogs c ON c.id = i.catalog_id WHERE c.creator_id = ? AND c.predefined = 'READING_LIST' AND i.post_id = ?`,
    )
      .bind(USERS.reader, POSTS.open)
      .first<{ n: number }>();
    expect(saved?.n).toBe(1);
  });
});
