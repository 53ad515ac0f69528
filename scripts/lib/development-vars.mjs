import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The development configuration: every value that must hold only on a developer's machine
// (or in tests and benchmarks), never in a deployment. wrangler.toml's top-level [vars] are
// production's, because they are what a plain `wrangler deploy` ships (docs/adr/0049-production-values-by-default.md);
// the local commands add these on top: scripts/start.mjs (`npm start`), the browser tests'
// global setup, the benchmarks' site (bench/lib/site.mjs) and the integration tests'
// bindings (vitest.config.ts). A setting that exists only for development belongs here.

/**
 * @param {{ port?: string | number }} [options] the port the local site listens on
 * @returns {Record<string, string>}
 */
/** Flags development turns on besides the deployment's (wrangler.toml FLAGS), each with its reason. */
const DEVELOPMENT_FLAGS = [
  // Mastodon for members against the local stand-in instance (/_/dev/mastodon;
  // docs/adr/0180-mastodon-for-members.md): off in a deployment until the members' instance exists.
  'enable_mastodon_for_members',
];

/** wrangler.toml's FLAGS and the development ones: `--var FLAGS:…` replaces the [vars] value. */
function developmentFlags() {
  let deployed = '';
  try {
    const toml = readFileSync(fileURLToPath(new URL('../../wrangler.toml', import.meta.url)), 'utf8');
    deployed = /^FLAGS\s*=\s*"([^"]*)"/m.exec(toml)?.[1] ?? '';
  } catch {
    // Read inside the Workers test runtime (tests/integration/deployable-configuration.test.ts
    // compares these values with the deployment's), where the repository's files are not
    // readable: there only the development additions are listed.
  }
  return [...new Set([...deployed.split(',').map((f) => f.trim()).filter(Boolean), ...DEVELOPMENT_FLAGS])].join(',');
}

export function developmentVars({ port = 8787 } = {}) {
  const host = `localhost:${port}`;
  return {
    // Turns on the development mailbox (/_/dev/mailbox), the documented development
    // AUTH_SECRET and purge token (docs/sign-in.md), introspection, the local stand-ins.
    ENVIRONMENT: 'development',
    MAIN_HOST: host,
    AUTH_DOMAIN: host,
    // The key IFTTT sends to /ifttt/v1/status (a secret in a deployment; docs/adr/0089-ifttt.md).
    IFTTT_SERVICE_KEY: 'vellum-development-ifttt-key',
    // The account /ifttt/v1/test/setup gives IFTTT's endpoint tests a token for (docs/adr/0089-ifttt.md).
    IFTTT_TEST_USERNAME: 'member',
    // The test card processor inside the worker (docs/membership.md); refused elsewhere.
    PAYMENT_PROVIDER: 'local',
    // Social sign-in through the local identity provider (/_/dev/identity/{provider}) for every
    // provider without keys (docs/adr/0155-social-sign-in-local-identity-provider.md); refused elsewhere.
    SIGN_IN_PROVIDERS: 'local',
    // The members' Mastodon instance is the local stand-in (/_/dev/mastodon); refused elsewhere.
    MASTODON_INSTANCE: 'local',
    FLAGS: developmentFlags(),
  };
}

/** The same values as `wrangler dev --var NAME:value` arguments. */
export function developmentVarArgs(options) {
  return Object.entries(developmentVars(options)).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
}
