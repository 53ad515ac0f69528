// How the reader's pages scale with the size of the world: D1 queries per render and
// render time of the story page, the logged-out home page, the signed-in home feed
// ("For you" is server-rendered with the page; "Following" is the GraphQL call the tab
// makes when opened), /trending and a tag's top page, at 1,000 and at 50,000 stories. Both sites run at once
// (wrangler dev, workerd, local D1, edge cache off) and are measured in alternation, so
// the ratio 50k/1k compares like with like on this machine in this run.
//
//   npm run bench scale           (the 50,000-story world is seeded once into .tmp/)
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { startSite } from './lib/site.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SIZES = [1000, 50000];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };

/** A session for the demo reader in a benchmark site's database (the sid cookie value). */
function signInReader(stories) {
  const stateDir = path.join(root, `.tmp/bench-state-${stories}`);
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const now = Date.now();
  const sql =
    `INSERT INTO sessions (id_hash, user_id, xsrf, created_at, expires_at) ` +
    `SELECT '${hash}', id, 'bench', ${now}, ${now + 86_400_000} FROM users WHERE username = 'reader'`;
  const result = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--command', sql], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return `sid=${token}`;
}

/** Brings an existing benchmark world to the current schema (later migrations add tables). */
function migrate(stories) {
  const stateDir = path.join(root, `.tmp/bench-state-${stories}`);
  spawnSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], { cwd: root, stdio: 'ignore' });
}

const FOLLOWING_FEED = JSON.stringify({
  query: 'query HomeFeedQuery($mode: HomeFeedMode!, $paging: PagingOptions) { homeFeed(mode: $mode, paging: $paging) { items { post { id title } } pagingInfo { next { limit to } } } }',
  variables: { mode: 'FOLLOWING', paging: { limit: 25 } },
});

async function timed(url, headers, body) {
  const started = performance.now();
  const init = body ? { method: 'POST', body, headers: { ...BROWSER, 'content-type': 'application/json', 'x-xsrf-token': 'bench', ...headers } } : { headers: { ...BROWSER, ...headers } };
  const res = await fetch(url, init);
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms, queries: Number(res.headers.get('x-d1-queries')) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

for (const size of SIZES) migrate(size);
const sites = [];
try {
  for (const size of SIZES) {
    const site = await startSite({ stories: size, vars: { EDGE_CACHE: 'off' } });
    sites.push(site);
    const home = await fetch(site.baseURL + '/', { headers: BROWSER }).then((r) => r.text());
    const storyPath = /href="(\/@[^"/]+\/[a-z0-9-]*[0-9a-f]{12})"/.exec(home)?.[1];
    if (!storyPath) throw new Error('no story link on the home page');
    // A tag's top page: the first topic the home page offers (the tags with the most stories).
    const tagSlug = /href="\/tag\/([a-z0-9-]+)"/.exec(home)?.[1];
    if (!tagSlug) throw new Error('no topic link on the home page');
    site.cookie = signInReader(size);
    site.pages = [
      ['story page', storyPath, {}],
      ['home, logged out', '/', {}],
      ['home page, signed in (For you)', '/', { cookie: site.cookie }],
      ['Following feed (GraphQL, signed in)', '/_/graphql', { cookie: site.cookie }, FOLLOWING_FEED],
      // The demo worlds' newest story is weeks old: /trending's week is quiet and filled with the
      // most clapped of all time; the month's window holds stories to rank (50 at 1k, 2,000 at 50k).
      ['/trending', '/trending', {}],
      ['/trending/mode/month', '/trending/mode/month', {}],
      [`a tag's top page (/tag/{busiest}/recommended)`, `/tag/${tagSlug}/recommended`, {}],
    ];
  }

  const samples = new Map(); // "page|size" → { ms: [], queries }
  for (let round = 0; round < ROUNDS; round++) {
    for (const site of sites) {
      for (const [name, url, headers, body] of site.pages) {
        const { ms, queries } = await timed(site.baseURL + url, headers, body);
        const key = `${name}|${sites.indexOf(site)}`;
        const entry = samples.get(key) ?? { ms: [], queries };
        if (round > 2) entry.ms.push(ms); // the first rounds warm the isolate and SQLite's page cache
        samples.set(key, entry);
      }
    }
  }

  console.log(`\n## Reader pages at ${SIZES.map((s) => s.toLocaleString('en-US')).join(' and ')} stories (median of ${ROUNDS - 3} renders each, edge cache off)\n`);
  console.log('| page | D1 queries 1k | D1 queries 50k | render ms 1k | render ms 50k | ratio 50k/1k |');
  console.log('|---|---|---|---|---|---|');
  for (const [name] of sites[0].pages) {
    const small = samples.get(`${name}|0`);
    const large = samples.get(`${name}|1`);
    const a = median(small.ms);
    const b = median(large.ms);
    console.log(`| ${name} | ${small.queries} | ${large.queries} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)} |`);
  }
} finally {
  for (const site of sites) await site.stop();
}
