// `npm run search:reindex [-- --persist-to DIR] [-- --remote]`: rebuilds every search index from
// the tables (worker/search/index-sql.ts), in the local D1 by default. With SEARCH_APP_ID and
// SEARCH_ADMIN_KEY in the environment (and SEARCH_INDEX_PREFIX), the rebuilt records are then
// pushed to the hosted app with algoliasearch's replaceAllObjects (README, "Search").
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { algoliasearch } from 'algoliasearch';
import { INDEX_KINDS, rebuildStatements } from '../worker/search/index-sql.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WRANGLER = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

const args = process.argv.slice(2);
const remote = args.includes('--remote');
const persistIndex = args.indexOf('--persist-to');
const target = remote ? ['--remote'] : ['--local', ...(persistIndex >= 0 ? ['--persist-to', resolve(args[persistIndex + 1] ?? '.')] : [])];

function wrangler(wranglerArgs: string[]): string {
  const result = spawnSync(process.execPath, [WRANGLER, ...wranglerArgs], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(1);
  }
  return result.stdout;
}

const started = performance.now();
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const file = join(ROOT, '.tmp', `search-reindex-${process.pid}.sql`);
writeFileSync(file, rebuildStatements().map((s) => `${s.sql};`).join('\n') + '\n');
wrangler(['d1', 'execute', 'DB', ...target, '--file', file, '--yes']);
const counts = JSON.parse(wrangler(['d1', 'execute', 'DB', ...target, '--json', '--command', 'SELECT index_kind, count(*) AS n FROM search_records GROUP BY index_kind']));
console.log('Search index rebuilt:', Object.fromEntries((counts[0].results as { index_kind: string; n: number }[]).map((r) => [r.index_kind, r.n])), `(${((performance.now() - started) / 1000).toFixed(1)} s)`);

const { SEARCH_APP_ID: appId, SEARCH_ADMIN_KEY: adminKey, SEARCH_INDEX_PREFIX: prefix = 'vellum_' } = process.env;
if (appId && adminKey) {
  const client = algoliasearch(appId, adminKey);
  for (const kind of INDEX_KINDS) {
    const out = JSON.parse(wrangler(['d1', 'execute', 'DB', ...target, '--json', '--command', `SELECT record FROM search_records WHERE index_kind = '${kind}'`]));
    const objects = (out[0].results as { record: string }[]).map((r) => JSON.parse(r.record) as Record<string, unknown>);
    await client.replaceAllObjects({ indexName: `${prefix}${kind}`, objects });
    console.log(`Pushed ${objects.length} records to the hosted index ${prefix}${kind}.`);
  }
}
