// Production-safe by default (issue 16 item 1; docs/adr/0049-production-values-by-default.md and docs/adr/0050-fail-closed-without-required-settings.md): what a plain
// `wrangler deploy` ships is production's configuration, and a deployment that lacks a
// required secret serves nothing (a logged error and a 503) instead of falling back to
// development's documented stand-ins. DEPLOYABLE_CONFIG is wrangler.toml as wrangler's own
// reader returns it without --env (vitest.config.ts).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERROR_TEXT } from '../../worker/pages/server-error-page.ts';
import { REQUIRED_SETTINGS } from '../../worker/pipeline/required-settings.ts';
import { DEV_PURGE_TOKEN } from '../../worker/endpoints/admin-purge.ts';
import { developmentVars } from '../../scripts/lib/development-vars.mjs';
import { seedWorld } from './helpers/fixtures.ts';
import { send, type RequestOptions } from './helpers/edge-cache.ts';

const deployable = JSON.parse(env.DEPLOYABLE_CONFIG) as { vars: Record<string, unknown>; markedDevelopmentOnly: string[] };
const SECRETS = { AUTH_SECRET: 'a-deployment-secret', ADMIN_PURGE_TOKEN: 'a-purge-secret', MAIL_API_KEY: 're_key', MAIL_FROM: 'Vellum <no-reply@vellum.example>', NEWSLETTER_SECRET: 'a-newsletter-secret' };
const HOST = String(deployable.vars.MAIN_HOST);

/** A request to the deployed configuration (its vars, plus `secrets`), on its main host. */
function deployed(path: string, secrets: Record<string, string | undefined>, options: RequestOptions = {}) {
  const vars = Object.fromEntries(Object.entries(deployable.vars).map(([k, v]) => [k, String(v)]));
  return send(path, { host: HOST, ...options, vars: { ...vars, ...secrets, ...options.vars } });
}

beforeAll(async () => {
  await seedWorld(env.DB);
});

describe('the configuration `wrangler deploy` reads', () => {
  it('is production, on a real host, with none of the development switches', () => {
    expect(deployable.vars.ENVIRONMENT).toBe('production');
    for (const [name, value] of Object.entries(developmentVars())) expect([name, deployable.vars[name]]).not.toEqual([name, value]);
    expect(Object.values(deployable.vars)).not.toContain('development');
    for (const host of [deployable.vars.MAIN_HOST, deployable.vars.AUTH_DOMAIN]) expect(String(host)).not.toMatch(/localhost|127\.0\.0\.1|:\d+$/);
    // A value marked "# development only" in [vars] would ship: it belongs in scripts/lib/development-vars.mjs.
    expect(deployable.markedDevelopmentOnly, 'move these to developmentVars() in scripts/lib/development-vars.mjs (docs/adr/0049-production-values-by-default.md and docs/adr/0050-fail-closed-without-required-settings.md)').toEqual([]);
    // Secrets are never vars, and the test-only seam is not there.
    for (const name of [...REQUIRED_SETTINGS, 'FAULT_INJECTION', 'CF_API_TOKEN']) expect(deployable.vars).not.toHaveProperty(name);
  });
});

describe('deployed with its secrets', () => {
  it('serves pages with the production headers, and has no development mailbox', async () => {
    const home = await deployed('/', SECRETS);
    expect(home.status).toBe(200);
    expect(home.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(home.text).toContain('"environment":"production"');
    const mailbox = await deployed('/_/dev/mailbox', SECRETS, { headers: { accept: 'application/json' } });
    expect(mailbox.status).toBe(404);
  });

  it('accepts only the configured purge token, never the development one', async () => {
    const purge = (token: string) =>
      deployed('/_/admin/cache/purge', SECRETS, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"tags":["home"]}' });
    expect((await purge(DEV_PURGE_TOKEN)).status).toBe(401);
    expect((await purge(SECRETS.ADMIN_PURGE_TOKEN)).status).toBe(200);
  });
});

describe('deployed without a required secret', () => {
  for (const missing of REQUIRED_SETTINGS) {
    it(`fails closed without ${missing}: a 503 page, a logged error, nothing served`, async () => {
      const secrets = { ...SECRETS, [missing]: undefined };
      const page = await deployed('/', secrets);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBeTruthy();
      expect(page.text).toContain(SERVER_ERROR_TEXT);
      expect(page.text).not.toContain(missing); // the page does not tell visitors what is missing; the log does
      expect(page.logs).toContainEqual(expect.objectContaining({ event: 'configuration_missing', environment: 'production', missing: [missing] }));
      const graphql = await deployed('/_/graphql', secrets, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' }, body: '{"query":"{ __typename }"}' });
      expect(graphql.status).toBe(503);
      const purge = await deployed('/_/admin/cache/purge', secrets, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEV_PURGE_TOKEN}`, 'content-type': 'application/json' },
        body: '{"tags":["home"]}',
      });
      expect(purge.status).toBe(503);
      expect((await deployed('/_/dev/mailbox', secrets)).status).toBe(503);
    });
  }

  it('staging is held to the same rule', async () => {
    const answer = await deployed('/', { ENVIRONMENT: 'staging' });
    expect(answer.status).toBe(503);
  });
});
