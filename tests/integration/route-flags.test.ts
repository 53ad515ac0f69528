// Issue 26 point 7 over HTTP: a route gated by a feature flag answers its lite page with the flag
// on, and the 404 page with it off, unless the flag's pages have a standard variant
// (docs/adr/0165-route-flags-gate-the-lite-version.md). FLAGS is passed per request, as a
// deployment sets it in wrangler.toml.
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from './helpers/edge-cache.ts';
import { seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { configuredFlags } from '../../worker/env.ts';
import { env } from 'cloudflare:workers';

const ARCHIVE = '/the-long-read/archive';
const ON = 'enable_lo_homepage,enable_lite_archive_page';
const OFF = 'enable_lo_homepage';

let world: World;
beforeAll(async () => {
  world = await seedDemoWorld();
});

describe('a flagged route', () => {
  it('answers its lite page with its flag on', async () => {
    const answer = await send(ARCHIVE, { vars: { FLAGS: ON } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-route-name')).toBe('ShowCollectionArchive');
    expect(answer.headers.get('x-page-name')).toBe('publication-archive');
  });

  it('answers the 404 page with its flag off, on every path the flag gates', async () => {
    for (const path of [ARCHIVE, '/the-long-read/archive/2026', '/the-long-read/all']) {
      const answer = await send(path, { vars: { FLAGS: OFF } });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('x-page-name'), path).toBe('not-found');
      expect(answer.text, path).not.toContain('class="layout-publication"');
    }
  });

  it('is off for a signed-in reader too, and a flag-less route is untouched', async () => {
    const session = await createSession(env.DB, String(userByUsername(world, 'ada').id));
    expect((await send('/me/stats', { session: session.token, vars: { FLAGS: OFF } })).status).toBe(404);
    expect((await send('/me/stats', { session: session.token, vars: { FLAGS: 'enable_lite_stats_homepage' } })).status).toBe(200);
    expect((await send('/the-long-read/about', { vars: { FLAGS: OFF } })).status).toBe(200);
  });

  it('answers the standard variant of a community publication page with enable_lite_publications off', async () => {
    const answer = await send('/the-long-read/latest', { vars: { FLAGS: OFF } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-page-name')).toBe('publication-latest');
  });

  it('is on in the deployment for every built lite page, and off for the Mastodon page (on in development)', () => {
    // What `wrangler deploy` ships (wrangler.toml); the tests' own bindings are development's.
    const deployed = configuredFlags({ FLAGS: (JSON.parse(String((env as unknown as { DEPLOYABLE_CONFIG: string }).DEPLOYABLE_CONFIG)) as { vars: { FLAGS: string } }).vars.FLAGS });
    for (const flag of ['enable_lite_archive_page', 'enable_lite_stats_homepage', 'enable_lite_pub_stats', 'enable_lite_partner_program_dashboard']) {
      expect(deployed.has(flag), flag).toBe(true);
    }
    expect(deployed.has('enable_mastodon_for_members')).toBe(false);
    // Development turns it on against the local stand-in instance (docs/adr/0180-mastodon-for-members.md).
    expect(configuredFlags(env).has('enable_mastodon_for_members')).toBe(true);
  });
});
