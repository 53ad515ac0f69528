import { readFileSync } from 'node:fs';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { unstable_readConfig } from 'wrangler';
import { developmentVars } from './scripts/lib/development-vars.mjs';

/**
 * The configuration a plain `wrangler deploy` ships: wrangler's own reader, no environment.
 * Also the top-level vars marked `# development only` (on their line or the comment line above
 * it): such values belong in scripts/lib/development-vars.mjs (docs/adr/0049-production-values-by-default.md).
 */
function deployableConfig() {
  const markedDevelopmentOnly: string[] = [];
  let inVars = false;
  let marked = false;
  for (const line of readFileSync('./wrangler.toml', 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('[')) inVars = trimmed === '[vars]';
    const key = /^([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(trimmed)?.[1];
    const markedHere = /#.*development only/i.test(trimmed);
    if (inVars && key && (marked || markedHere)) markedDevelopmentOnly.push(key);
    marked = trimmed.startsWith('#') ? marked || markedHere : false;
  }
  return { vars: unstable_readConfig({ config: './wrangler.toml' }, {}).vars, markedDevelopmentOnly };
}

// Three projects, run in this order by `npm test` (scripts/test.mjs):
//   unit         plain functions, in Node
//   integration  the worker inside workerd with a real local D1 (Cloudflare's vitest plugin)
//   e2e          the started site driven in Debian's Chromium through playwright-core
export default defineConfig({
  test: {
    // The worker logs one structured line per request: shown for a failing test, where it helps,
    // and kept out of the output of the passing ones.
    silent: 'passed-only',
    // The default report, then the browser tests that passed only on their retry, by name.
    reporters: ['default', './tests/e2e/support/retried-tests-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // Migrations are applied by tests/integration/setup.ts in each test file's storage.
              bindings: {
                // wrangler.toml's [vars] are production's: tests run the development configuration.
                ...developmentVars(),
                // Honours the x-vellum-fault header (worker/hardening/fault-injection.ts): only here.
                FAULT_INJECTION: 'on',
                // No social buttons unless a test asks for the local identity provider
                // (tests/integration/social-sign-in-local-provider.test.ts sets it per request).
                SIGN_IN_PROVIDERS: '',
                // What `wrangler deploy` reads (no --env): tests/integration/deployable-configuration.test.ts.
                DEPLOYABLE_CONFIG: JSON.stringify(deployableConfig()),
                TEST_MIGRATIONS: await readD1Migrations('./migrations'),
                // Tests empty the Cache API behind the store's back (helpers/edge-cache.ts):
                // memory-held HITs are tested on their own, with the var set per request.
                EDGE_CACHE_MEMORY_MS: '0',
                // Tests change sessions and users straight in D1 and expect the next page to see
                // it: held sign-ins are tested on their own (tests/integration/held-sign-ins.test.ts).
                VIEWER_HOLD_MS: '0',
              },
            },
          })),
        ],
        // wrangler.toml defines NODE_ENV=production, so the worker loads React's production
        // build, which has no jsxDEV: compile JSX for the production runtime to match.
        oxc: { jsx: { runtime: 'automatic', development: false } },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          // No transformed modules kept on disk for this project: with them, Vitest hands each new
          // test worker every module its files import, already transformed, in ONE WebSocket message
          // into workerd. Every file imports the whole worker, lazily loaded Fedify included, and that
          // message passed workerd's limit: error 1009, every later worker dead
          // (docs/adr/0177-integration-tests-without-the-module-cache.md).
          fsModuleCache: false,
          setupFiles: ['tests/integration/setup.ts'],
          // Every test drives a real workerd and D1: a test taking 1 s on an idle two-core machine
          // took 6–9 s beside other work (tests/README.md "On a busy machine"). A budget such a
          // machine meets; speed is the benchmarks' to show.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One site, one browser at a time: tests share the server, not their data.
          fileParallelism: false,
          // A failed browser test runs once more: on a loaded two-core machine a test can lose a
          // race with the page (a banner arriving, a chunk loading) that is the test's, not the
          // product's. One that fails twice fails the run; one that passed only on its retry is
          // named at the end of the run (tests/README.md "Retries").
          retry: 1,
        },
      },
    ],
  },
});
