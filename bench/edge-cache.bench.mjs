// Edge-cache figures, side by side in one run on one local site (wrangler dev, workerd, the
// 1,000-story demo world): requests per second for
//   HIT     a story page served from the edge cache (Cache API match + tag-ledger check),
//   MISS    the same story page rendered fresh and stored: every request has an address never
//           seen before (/p/miss-{n}-{postId}: any slug before the id is the same story), so
//           each one is looked up, rendered, teed to the reader and put in the cache + tag index,
//   static  a static asset of similar size, served by the asset store without the worker,
// and the ratios HIT/static and HIT/MISS. Locally everything shares one machine; the figures
// compare the three paths, they are not production numbers.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startSite } from './lib/site.mjs';
import { requestsPerSecond } from './lib/load.mjs';

const root = path.resolve(import.meta.dirname, '..');
const STORIES = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 8;
// A reader's browser: Node's own user agent ("node") is, rightly, a bot, and bots are never served from the cache.
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };

// A world seeded before the edge cache's migration existed still needs its tables.
const stateDir = path.join(root, `.tmp/bench-state-${STORIES}`);
if (existsSync(path.join(stateDir, '.seeded'))) {
  const applied = spawnSync('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (applied.status !== 0) throw new Error('could not apply migrations to the benchmark database');
}

/** Requests per second where every request gets a fresh path from makePath(n). */
async function uniquePathsPerSecond(baseURL, makePath, { seconds, connections }) {
  let n = 0;
  const result = await autocannon({
    url: baseURL,
    duration: seconds,
    connections,
    headers: BROWSER,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: makePath(n++) }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function get(url) {
  const res = await fetch(url, { headers: BROWSER });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes };
}

/** The built static asset whose size is closest to `size` (served by the asset store, not the worker). */
function similarStaticAsset(size) {
  const dir = path.join(root, 'dist/client');
  const files = [];
  const walk = (sub) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = path.posix.join(sub, name);
      const stat = statSync(path.join(dir, rel));
      if (stat.isDirectory()) walk(rel);
      else if (rel.startsWith('assets/') || rel.startsWith('favicon-')) files.push({ path: '/' + rel, size: stat.size });
    }
  };
  walk('');
  files.sort((a, b) => Math.abs(a.size - size) - Math.abs(b.size - size));
  if (!files[0]) throw new Error('no built static assets: run `npm run build` first');
  return files[0];
}

const site = await startSite({ stories: STORIES, vars: { EDGE_CACHE: 'on' } });
try {
  const home = await fetch(site.baseURL + '/', { headers: BROWSER }).then((r) => r.text());
  const storyPath = /href="(\/@[^"/]+\/[a-z0-9-]*[0-9a-f]{12})"/.exec(home)?.[1];
  if (!storyPath) throw new Error('no story link on the home page');
  const postId = /([0-9a-f]{12})$/.exec(storyPath)[1];

  // The HIT path: store the page, check it is served from the cache.
  await get(site.baseURL + storyPath);
  const hitProbe = await get(site.baseURL + storyPath);
  if (hitProbe.res.headers.get('x-cache-status') !== 'HIT') {
    throw new Error(`expected a HIT for ${storyPath}, got ${hitProbe.res.headers.get('x-cache-status')}`);
  }
  const missProbe = await get(`${site.baseURL}/p/probe-0-${postId}`);
  if (missProbe.res.headers.get('x-cache-status') !== 'MISS') {
    throw new Error(`expected a MISS for a new address, got ${missProbe.res.headers.get('x-cache-status')}`);
  }
  const asset = similarStaticAsset(hitProbe.bytes.length);
  const assetProbe = await get(site.baseURL + asset.path);
  if (!assetProbe.res.ok) throw new Error(`static asset ${asset.path} answered ${assetProbe.res.status}`);

  const options = { seconds: SECONDS, connections: CONNECTIONS, headers: BROWSER };
  await requestsPerSecond(site.baseURL + storyPath, { ...options, seconds: 2 }); // warm up
  const hit = await requestsPerSecond(site.baseURL + storyPath, options);
  const miss = await uniquePathsPerSecond(site.baseURL, (n) => `/p/miss-${n}-${postId}`, options);
  const stat = await requestsPerSecond(site.baseURL + asset.path, options);

  console.log(`\n## Edge cache (${STORIES.toLocaleString('en')}-story demo world, ${SECONDS} s each, ${CONNECTIONS} connections)\n`);
  console.log('| response | path | bytes | req/s | p50 ms | p99 ms | errors |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  const row = (name, where, bytes, r) =>
    console.log(`| ${name} | ${where} | ${bytes.toLocaleString('en')} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  row('HIT (edge cache)', storyPath, hitProbe.bytes.length, hit);
  row('MISS (fresh render + store)', `/p/miss-{n}-${postId}`, missProbe.bytes.length, miss);
  row('static asset', asset.path, asset.size, stat);
  console.log(`\nHIT / static: ${(hit.rps / stat.rps).toFixed(2)}   HIT / MISS: ${(hit.rps / miss.rps).toFixed(2)}`);
} finally {
  await site.stop();
}
