// The cost model (issue 17, docs/scale.md): measures, in this run, what each kind of page
// request costs (workerd CPU from /proc, D1 queries and rows read from x-d1-queries and
// x-d1-rows-read) rendered and served from the edge cache, replays a stated traffic mix
// against the local site at a scaled-down rate to measure the HIT ratio (and to check the
// model's CPU per request against the replay's own), then computes for 100, 1,000 and 10,000
// page requests per second: worker CPU, D1 queries on the primary and on replicas, queue
// messages, search queries and the monthly bill at the prices stated below.
//
//   npm run bench model
import { startSite } from './lib/site.mjs';
import { cpuMs } from './lib/workerd-cpu.mjs';
import { signIn } from './lib/d1-local.mjs';

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
const RENDERS_PER_KIND = Number(process.env.BENCH_RENDERS ?? 20);
const HIT_PROBES = 60;
/** The replay: local requests per second and seconds; the edge cache TTL is scaled with the rate (below). */
const LOCAL_RATE = Number(process.env.BENCH_RATE ?? 8);
const REPLAY_SECONDS = Number(process.env.BENCH_SECONDS ?? 45);
/** The production TTL and the worldwide rate the replay stands for: TTL x rate (requests per TTL) is kept. */
const PRODUCTION_TTL_SECONDS = 300;
const MODELLED_RATE = 100;
const SCALED_TTL_SECONDS = Math.max(2, Math.round((PRODUCTION_TTL_SECONDS * LOCAL_RATE) / MODELLED_RATE));

// ---- The traffic mix (shares of page requests; docs/scale.md "The traffic mix") ----
const FOLLOWING_FEED = JSON.stringify({
  query: 'query HomeFeedQuery($mode: HomeFeedMode!, $paging: PagingOptions) { homeFeed(mode: $mode, paging: $paging) { items { post { id title } } pagingInfo { next { limit to } } } }',
  variables: { mode: 'FOLLOWING', paging: { limit: 25 } },
});
const clapBody = (id) => JSON.stringify({ query: 'mutation($id: ID!) { clap(targetPostId: $id, numClaps: 1) { id clapCount } }', variables: { id } });
const MIX = [
  { kind: 'story page, signed out', share: 0.5, pick: (w, i) => w.stories[zipf(i, w.stories.length)] },
  { kind: 'home, signed out', share: 0.1, pick: () => '/' },
  { kind: 'profile, signed out', share: 0.06, pick: (w, i) => w.profiles[zipf(i, w.profiles.length)] },
  { kind: 'topic page, signed out', share: 0.05, pick: (w, i) => w.topics[zipf(i, w.topics.length)] },
  { kind: 'story page, signed in', share: 0.14, signedIn: true, pick: (w, i) => w.stories[zipf(i, w.stories.length)] },
  { kind: 'home, signed in', share: 0.08, signedIn: true, pick: () => '/' },
  { kind: 'Following feed (GraphQL), signed in', share: 0.05, signedIn: true, pick: () => '/_/graphql', body: () => FOLLOWING_FEED },
  { kind: 'clap (GraphQL write), signed in', share: 0.02, signedIn: true, pick: () => '/_/graphql', body: (w, i) => clapBody(w.storyIds[zipf(i, w.storyIds.length)]) },
];
/** Beyond page requests: search interactions and publishes, per page request (assumptions). */
const SEARCH_QUERIES_PER_PAGE = 0.03 * 4; // 3% of page views start a search of ~4 typed queries (hosted app)
const PUBLISHES_PER_PAGE = 1 / 20_000;
const AVERAGE_SUBSCRIBERS = 1000;
const AVERAGE_FOLLOWERS = 2000;
/** Queue messages of one publish (worker/queues/): a page per 500 subscribers, an email each, a page per 1,000 followers, a search push, a zone purge. */
const MESSAGES_PER_PUBLISH = Math.ceil(AVERAGE_SUBSCRIBERS / 500) + AVERAGE_SUBSCRIBERS + Math.ceil(AVERAGE_FOLLOWERS / 1000) + 2;
/** Rows written: a clap (claps, posts.clap_count, ledger), a publish's fan-out (an idempotency key and a count per email, a notification per follower). */
const ROWS_WRITTEN_PER_CLAP = 4;
const ROWS_WRITTEN_PER_PUBLISH = AVERAGE_SUBSCRIBERS * 2 + AVERAGE_FOLLOWERS + 20;

// ---- Prices (USD) as known from Cloudflare's and Algolia's pricing pages as of early 2025; this
// run has no web access: check them before relying on the totals (docs/scale.md "Prices"). ----
const PRICES = {
  workersBase: 5, // Workers Paid, per month
  requestsIncluded: 10e6, perMillionRequests: 0.3,
  cpuMsIncluded: 30e6, perMillionCpuMs: 0.02,
  rowsReadIncluded: 25e9, perMillionRowsRead: 0.001,
  rowsWrittenIncluded: 50e6, perMillionRowsWritten: 1.0,
  queueOpsIncluded: 1e6, perMillionQueueOps: 0.4, opsPerMessage: 3, // write, read, delete
  searchesIncluded: 10_000, perThousandSearches: 0.5, // Algolia Grow, beyond the free searches
};
const SECONDS_PER_MONTH = 30 * 86_400;

// ---- Helpers ----
/** A Zipf-like pick: index i of the replay maps to a popular item more often than to a rare one. */
function zipf(i, n) {
  const u = ((i * 2654435761) % 4294967296) / 4294967296; // deterministic, well spread
  return Math.min(n - 1, Math.max(0, Math.floor(n ** u) - 1));
}

async function request(site, entry, i, session) {
  const path = entry.pick(site.world, i);
  const headers = { ...BROWSER, ...(entry.signedIn ? { cookie: session.cookie, 'x-xsrf-token': session.xsrf } : {}) };
  const init = entry.body ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: entry.body(site.world, i) } : { headers };
  const res = await fetch(site.baseURL + path, init);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${entry.kind} ${path}: ${res.status}`);
  return { status: res.headers.get('x-cache-status') ?? 'DYNAMIC', queries: Number(res.headers.get('x-d1-queries') ?? 0), rows: Number(res.headers.get('x-d1-rows-read') ?? 0) };
}

async function discoverWorld(baseURL) {
  const pages = await Promise.all(['/', '/trending/mode/month'].map((p) => fetch(baseURL + p, { headers: BROWSER }).then((r) => r.text())));
  const html = pages.join('\n');
  const stories = [...new Set([...html.matchAll(/href="(\/@[a-z0-9_]+\/[a-z0-9-]*[0-9a-f]{12})"/g)].map((m) => m[1]))];
  const profiles = [...new Set(stories.map((s) => s.split('/').slice(0, 2).join('/')))];
  const topics = [...new Set([...html.matchAll(/href="(\/tag\/[a-z0-9-]+)"/g)].map((m) => m[1]))];
  if (stories.length < 5 || topics.length < 2) throw new Error('too few links on the home page');
  return { stories, storyIds: stories.map((s) => s.slice(-12)), profiles, topics };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// ---- 1. What a render costs, per kind (edge cache off: every page is rendered) ----
const costs = new Map();
let site = await startSite({ stories: 1000, copyOfState: 'model-render', vars: { EDGE_CACHE: 'off' } });
try {
  site.world = await discoverWorld(site.baseURL);
  const session = signIn(site.stateDir, 'reader');
  const pids = site.workerdPids();
  for (const entry of MIX) {
    for (let i = 0; i < 3; i++) await request(site, entry, i, session); // warm the isolate and SQLite's cache
    const samples = [];
    const before = cpuMs(pids);
    for (let i = 0; i < RENDERS_PER_KIND; i++) samples.push(await request(site, entry, i + 7, session));
    costs.set(entry.kind, { renderCpu: (cpuMs(pids) - before) / RENDERS_PER_KIND, queries: mean(samples.map((s) => s.queries)), rows: mean(samples.map((s) => s.rows)) });
  }
} finally {
  await site.stop();
}

// ---- 2. A HIT's cost, then the replay (edge cache on, TTL scaled to the rate) ----
const replay = new Map(MIX.map((e) => [e.kind, { requests: 0, hits: 0, queries: [], rows: [] }]));
let replayCpuPerRequest = 0;
let hitCpu = 0;
site = await startSite({ stories: 1000, copyOfState: 'model-replay', vars: { EDGE_CACHE: 'on', EDGE_CACHE_TTL_SECONDS: String(SCALED_TTL_SECONDS) } });
try {
  site.world = await discoverWorld(site.baseURL);
  const session = signIn(site.stateDir, 'reader');
  const pids = site.workerdPids();
  const probe = MIX[0];
  await request(site, probe, 0, session);
  let before = cpuMs(pids);
  for (let i = 0; i < HIT_PROBES; i++) if ((await request(site, probe, 0, session)).status !== 'HIT') throw new Error('expected HITs');
  hitCpu = (cpuMs(pids) - before) / HIT_PROBES;

  // Fresh cache for the replay: every address starts cold, as after a deploy.
  await new Promise((r) => setTimeout(r, (SCALED_TTL_SECONDS + 1) * 1000));
  const total = LOCAL_RATE * REPLAY_SECONDS;
  const cumulative = [];
  let acc = 0;
  for (const e of MIX) cumulative.push((acc += e.share));
  before = cpuMs(pids);
  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const at = started + (i * 1000) / LOCAL_RATE;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const u = ((i * 40503) % 65536) / 65536;
    const entry = MIX[cumulative.findIndex((c) => u < c)] ?? MIX[0];
    inFlight.push(
      request(site, entry, i, session).then((r) => {
        const m = replay.get(entry.kind);
        m.requests++;
        if (r.status === 'HIT') m.hits++;
        m.queries.push(r.queries);
        m.rows.push(r.rows);
      }),
    );
  }
  await Promise.all(inFlight);
  replayCpuPerRequest = (cpuMs(pids) - before) / total;
} finally {
  await site.stop();
}

// ---- 3. The model ----
let modelCpu = 0;
let queriesPerPage = 0;
let primaryPerPage = 0;
let rowsPerPage = 0;
console.log(`\n## Measured per page kind (this run: ${RENDERS_PER_KIND} renders each with the edge cache off; replay ${LOCAL_RATE} req/s for ${REPLAY_SECONDS} s with TTL ${SCALED_TTL_SECONDS} s, which stands for ${MODELLED_RATE} req/s at TTL ${PRODUCTION_TTL_SECONDS} s)\n`);
console.log('| page kind | share | render CPU ms | D1 queries per render | D1 rows read per render (≥) | replay requests | HIT ratio |');
console.log('|---|---|---|---|---|---|---|');
for (const entry of MIX) {
  const c = costs.get(entry.kind);
  const r = replay.get(entry.kind);
  const hit = r.requests ? r.hits / r.requests : 0;
  console.log(`| ${entry.kind} | ${fmt(entry.share * 100)}% | ${fmt(c.renderCpu, 1)} | ${fmt(c.queries, 1)} | ${fmt(c.rows, 0)} | ${r.requests} | ${fmt(hit * 100, 0)}% |`);
  modelCpu += entry.share * (hit * hitCpu + (1 - hit) * c.renderCpu);
  queriesPerPage += entry.share * (1 - hit) * c.queries;
  rowsPerPage += entry.share * (1 - hit) * c.rows;
  // On the primary: every query of a write; a signed-in page's session lookup; a MISS's ledger check (docs/scale.md).
  const isWrite = entry.kind.startsWith('clap');
  primaryPerPage += entry.share * (isWrite ? c.queries : (entry.signedIn ? 1 : 0) + (1 - hit) * (entry.signedIn ? 0 : 1));
}
const hitRatio = MIX.reduce((a, e) => a + e.share * (replay.get(e.kind).requests ? replay.get(e.kind).hits / replay.get(e.kind).requests : 0), 0);
console.log(`\nA HIT: ${fmt(hitCpu, 2)} CPU ms. Weighted HIT ratio of the mix: ${fmt(hitRatio * 100, 0)}%.`);
console.log(`CPU per page request: model ${fmt(modelCpu, 2)} ms; the replay measured ${fmt(replayCpuPerRequest, 2)} ms (workerd /proc, all its work during the replay).`);

console.log('\n## The model at 100, 1,000 and 10,000 page requests per second\n');
const rows = [];
for (const rate of [100, 1000, 10_000]) {
  const cpuMsPerSecond = rate * modelCpu;
  const d1 = rate * queriesPerPage;
  const primary = rate * primaryPerPage;
  const clapShare = MIX.find((e) => e.kind.startsWith('clap')).share;
  const queue = rate * (PUBLISHES_PER_PAGE * MESSAGES_PER_PUBLISH + clapShare * 1);
  const search = rate * SEARCH_QUERIES_PER_PAGE;
  const month = (perSecond) => perSecond * SECONDS_PER_MONTH;
  const over = (amount, included) => Math.max(0, amount - included);
  const workers = PRICES.workersBase + (over(month(rate), PRICES.requestsIncluded) / 1e6) * PRICES.perMillionRequests + (over(month(cpuMsPerSecond), PRICES.cpuMsIncluded) / 1e6) * PRICES.perMillionCpuMs;
  const rowsWritten = rate * (clapShare * ROWS_WRITTEN_PER_CLAP + PUBLISHES_PER_PAGE * ROWS_WRITTEN_PER_PUBLISH);
  const d1Cost = (over(month(rate * rowsPerPage), PRICES.rowsReadIncluded) / 1e6) * PRICES.perMillionRowsRead + (over(month(rowsWritten), PRICES.rowsWrittenIncluded) / 1e6) * PRICES.perMillionRowsWritten;
  const queueCost = (over(month(queue) * PRICES.opsPerMessage, PRICES.queueOpsIncluded) / 1e6) * PRICES.perMillionQueueOps;
  const searchCost = (over(month(search), PRICES.searchesIncluded) / 1000) * PRICES.perThousandSearches;
  rows.push([rate, cpuMsPerSecond, d1 - primary, primary, rowsWritten, queue, search, workers, d1Cost, queueCost, searchCost]);
}
console.log('| page req/s | worker CPU (cores busy) | D1 queries/s on replicas | D1 queries/s on the primary | D1 rows written/s | queue messages/s | search queries/s | Workers $/month | D1 $/month | Queues $/month | hosted search $/month | total $/month |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [rate, cpu, replicas, primary, written, queue, search, workers, d1Cost, queueCost, searchCost] of rows) {
  console.log(`| ${fmt(rate)} | ${fmt(cpu / 1000, 1)} | ${fmt(Math.max(0, replicas))} | ${fmt(primary)} | ${fmt(written, 1)} | ${fmt(queue, 1)} | ${fmt(search)} | ${fmt(workers)} | ${fmt(d1Cost)} | ${fmt(queueCost)} | ${fmt(searchCost)} | ${fmt(workers + d1Cost + queueCost + searchCost)} |`);
}
console.log(`\nAssumptions: search ${SEARCH_QUERIES_PER_PAGE} hosted queries per page request; ${PUBLISHES_PER_PAGE * 1e6} publishes per million page requests, each to ${AVERAGE_SUBSCRIBERS} subscribers and ${AVERAGE_FOLLOWERS} followers (${MESSAGES_PER_PUBLISH} messages); one zone-purge message per clap; the HIT ratio measured at ${MODELLED_RATE} req/s is used at every rate (it only grows with traffic). Prices: early-2025 list prices, not checked in this run (docs/scale.md).`);
