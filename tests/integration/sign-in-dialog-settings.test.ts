// /m/signin's parameters over HTTP (docs/product/2-sign-in-notices-cache-routing.md §2.1, §2.3;
// docs/adr/0106-sign-in-dialog-settings.md): the page renders the dialog each parameter asks
// for — the title naming what the visitor was doing, the terms line sharing the email with a
// newsletter's writer or publication, the social buttons returning to the action and carrying
// the token.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';

beforeAll(async () => {
  await seedWorld(env.DB);
});

/** The page's visible text (tags dropped, entities of quotes decoded). */
async function signInPage(query: Record<string, string>): Promise<{ text: string; html: string }> {
  // Google configured, so the dialog offers a social button (worker/auth/social/provider.ts).
  const answer = await send(`/m/signin?${new URLSearchParams(query)}`, { vars: { GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' } });
  expect(answer.status).toBe(200);
  const body = answer.text.slice(answer.text.indexOf('<body'));
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { text, html: answer.text };
}

const SHARES = 'will also receive your email address.';

describe('/m/signin parameters', () => {
  it('user: the title names the writer followed', async () => {
    const { text } = await signInPage({ operation: 'register', user: 'Ada Lovelace' });
    expect(text).toContain('Create an account to follow Ada Lovelace.');
    expect(text).not.toContain(SHARES);
    expect((await signInPage({ operation: 'login', user: 'Ada Lovelace' })).text).toContain('Sign in to follow Ada Lovelace.');
  });

  it('collection and topic: the title names the publication or topic followed', async () => {
    expect((await signInPage({ operation: 'register', collection: 'Tidewater', collectionSlug: 'tidewater' })).text).toContain('Create an account to follow Tidewater.');
    expect((await signInPage({ operation: 'register', topic: 'Marine Biology' })).text).toContain('Create an account to follow Marine Biology.');
  });

  it('newsletterV3: the title offers the stories by email, and the terms line shares the email', async () => {
    for (const operation of ['register', 'login']) {
      const { text } = await signInPage({ operation, newsletterV3: 'Tidewater' });
      expect(text).toContain(`${operation === 'register' ? 'Sign up' : 'Sign in'} to get Tidewater’s stories in your inbox.`);
      expect(text).toContain(`Tidewater ${SHARES}`);
    }
  });

  it('post: the title asks to read the full story and names it', async () => {
    const { text } = await signInPage({ operation: 'register', post: 'The Salt Marsh' });
    expect(text).toContain('Create an account to read the full story.');
    expect(text).toContain('“The Salt Marsh” is waiting for you once you’re in.');
  });

  it('actionUrl and token: the social buttons return to the action and carry the token', async () => {
    const { html } = await signInPage({ operation: 'login', actionUrl: '/@ada?action=follow', token: 'pending-123', redirect: '/me' });
    const hrefs = [...html.matchAll(/<a[^>]*class="susi-option"[^>]*href="([^"]+)"/g), ...html.matchAll(/<a[^>]*href="([^"]+)"[^>]*class="susi-option"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      const query = new URL(href, 'http://localhost:8787').searchParams;
      expect(query.get('redirect'), href).toBe('/@ada?action=follow');
      expect(query.get('token'), href).toBe('pending-123');
    }
  });

  it('collectionSlug alone: the social buttons return to the publication', async () => {
    const { html } = await signInPage({ operation: 'login', collectionSlug: 'tidewater' });
    const href = /<a[^>]*href="([^"]+)"[^>]*class="susi-option"|<a[^>]*class="susi-option"[^>]*href="([^"]+)"/.exec(html);
    expect(href).not.toBeNull();
    expect(new URL((href![1] ?? href![2])!.replace(/&amp;/g, '&'), 'http://localhost:8787').searchParams.get('redirect')).toBe('/tidewater');
  });

  it('no parameters: the plain titles and terms', async () => {
    const { text } = await signInPage({});
    expect(text).toContain('Welcome back.');
    expect(text).not.toContain(SHARES);
  });
});
