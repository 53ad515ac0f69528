// The predictive search as a reader types (docs/search.md, "Speed"): one multi-index query per
// keystroke of a 6-letter word (h, ha, hab, habi, habit, habits), each over all four indexes
// (publications, topics, people: 3 hits; stories: 3 hits), against the local search service
// at 1,000 and at 50,000 stories. Both sites run at once (wrangler dev, workerd, local D1) and
// are measured in alternation. Prints p50 and p99 of the round trip and of the service's own
// processingTimeMS, side by side. Goal: p50 ≤ 15 ms at 50,000 stories.
//
//   npm run bench search     (the worlds are seeded once into .tmp/; an index is built if missing)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startSite } from './lib/site.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SIZES = [1000, 50000];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const WORD = 'habits';
const HEADERS = { 'x-algolia-application-id': 'VELLUMLOCAL', 'x-algolia-api-key': 'local-search-only-key', 'content-type': 'text/plain' };

function d1(stories, args) {
  const stateDir = path.join(root, `.tmp/bench-state-${stories}`);
  const result = spawnSync('wrangler', ['d1', ...args, '--local', '--persist-to', stateDir], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

/** Brings a benchmark world to the current schema and builds its search index if it has none. */
function prepare(stories) {
  d1(stories, ['migrations', 'apply', 'DB']);
  const out = d1(stories, ['execute', 'DB', '--json', '--command', 'SELECT count(*) AS n FROM search_records']);
  if (Number(JSON.parse(out)[0].results[0].n) > 0) return;
  console.log(`Building the search index of the ${stories.toLocaleString('en-US')}-story world…`);
  const result = spawnSync(process.execPath, ['scripts/search-reindex.ts', '--persist-to', path.join(root, `.tmp/bench-state-${stories}`)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('search:reindex failed');
}

function body(query) {
  return JSON.stringify({
    requests: ['collection', 'tag', 'user', 'post'].map((kind) => ({ indexName: `vellum_${kind}`, query, hitsPerPage: 3, clickAnalytics: true })),
  });
}

async function timed(baseURL, query) {
  const started = performance.now();
  const res = await fetch(`${baseURL}/1/indexes/*/queries`, { method: 'POST', headers: HEADERS, body: body(query) });
  const json = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(json)}`);
  return { ms, serverMs: json.results[0].processingTimeMS, hits: json.results.reduce((n, r) => n + r.nbHits, 0) };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

for (const size of SIZES) prepare(size);
const sites = [];
try {
  for (const size of SIZES) sites.push(await startSite({ stories: size, vars: { EDGE_CACHE: 'off', SEARCH_QUERIES_PER_SECOND: '1000000' } }));
  const keystrokes = Array.from({ length: WORD.length }, (_, i) => WORD.slice(0, i + 1));
  const samples = sites.map(() => ({ all: [], server: [], perPrefix: new Map() }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, site] of sites.entries()) {
      for (const query of keystrokes) {
        const { ms, serverMs, hits } = await timed(site.baseURL, query);
        if (round < 3) continue; // the first rounds warm the isolate and SQLite's page cache
        samples[i].all.push(ms);
        samples[i].server.push(serverMs);
        const entry = samples[i].perPrefix.get(query) ?? { ms: [], hits };
        entry.ms.push(ms);
        samples[i].perPrefix.set(query, entry);
      }
    }
  }
  const [small, large] = samples;
  console.log(`\n## Predictive search: one 4-index query per keystroke of "${WORD}" (${ROUNDS - 3} rounds × ${WORD.length} keystrokes per size)\n`);
  console.log('| measure | 1,000 stories | 50,000 stories |');
  console.log('|---|---|---|');
  console.log(`| round trip p50 (ms) | ${percentile(small.all, 50).toFixed(1)} | ${percentile(large.all, 50).toFixed(1)} |`);
  console.log(`| round trip p99 (ms) | ${percentile(small.all, 99).toFixed(1)} | ${percentile(large.all, 99).toFixed(1)} |`);
  console.log(`| processingTimeMS p50 | ${percentile(small.server, 50)} | ${percentile(large.server, 50)} |`);
  console.log(`| processingTimeMS p99 | ${percentile(small.server, 99)} | ${percentile(large.server, 99)} |`);
  console.log('\n| keystroke | hits 1k | p50 ms 1k | hits 50k | p50 ms 50k |');
  console.log('|---|---|---|---|---|');
  for (const query of keystrokes) {
    const a = small.perPrefix.get(query);
    const b = large.perPrefix.get(query);
    console.log(`| ${query} | ${a.hits} | ${percentile(a.ms, 50).toFixed(1)} | ${b.hits} | ${percentile(b.ms, 50).toFixed(1)} |`);
  }
  const goal = percentile(large.all, 50) <= 15;
  console.log(`\nGoal p50 ≤ 15 ms at 50,000 stories: ${goal ? 'met' : 'not met'} (${percentile(large.all, 50).toFixed(1)} ms).`);
} finally {
  for (const site of sites) await site.stop();
}
