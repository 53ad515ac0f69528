// Where the signed-in story page's workerd CPU goes (issue 25 point 6): the page is requested
// for a signed-in reader (a session row inserted into the bench's local D1, as edge-cache.bench.mjs
// does), warmed, then sampled by V8's profiler through workerd's inspector for BENCH_REQUESTS
// sequential requests. Each sample's own (self) time is mapped through the bundle's source map to
// the file it ran in, then to a part: React's server render, GraphQL execution, drizzle, the
// worker's own folders, the rest. Prints ms per request per part and the top files.
//
// BENCH_VIEWER=visitor profiles a visitor's fresh story render instead (no session cookie, the
// edge cache off, so every request renders). BENCH_D1=replay serves D1 from memory
// (bench/d1-replay/, docs/adr/0034-measuring-the-workers-own-cpu.md): the worker's own CPU.
// After the profile, BENCH_SECONDS of load (2 connections, no profiler attached) give workerd's
// CPU per request from /proc (bench/lib/workerd-cpu.mjs), the figure held against issue 25's goals.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { freePort, startSite } from './lib/site.mjs';
import { openInspector } from './lib/request-coverage.mjs';
import { measureCpuPerRequest } from './lib/workerd-cpu.mjs';
import { requestsPerSecond } from './lib/load.mjs';

const root = path.resolve(import.meta.dirname, '..');
const STORIES = 1000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const VISITOR = process.env.BENCH_VIEWER === 'visitor';
const REPLAY = process.env.BENCH_D1 === 'replay';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const stateDir = path.join(root, `.tmp/bench-state-${STORIES}${REPLAY ? '-d1-replay' : ''}`);

function wrangler(args) {
  const run = spawnSync('wrangler', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed:\n${run.stderr}`);
  return run.stdout;
}

function signIn() {
  const token = randomBytes(32).toString('base64url');
  const idHash = createHash('sha256').update(token).digest('hex');
  const now = Date.now();
  wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--command',
    `INSERT INTO sessions (id_hash, user_id, xsrf, created_at, expires_at) SELECT '${idHash}', id, 'bench-xsrf', ${now}, ${now + 86_400_000} FROM users WHERE username = 'reader'`]);
  return token;
}

const PARTS = [
  ['React server render', /node_modules\/react(-dom)?\//],
  ['GraphQL (graphql-js)', /node_modules\/graphql\//],
  // drizzle's source maps name its sources node_modules/src/… (sql/sql.ts, entity.ts, sqlite-core/dialect.ts).
  ['drizzle-orm', /node_modules\/(drizzle-orm|src)\//],
  ['hono', /node_modules\/hono\//],
  ['other packages', /node_modules\//],
  ['client/ (components, pages)', /^client\//],
  ['worker/graphql/', /^worker\/graphql\//],
  ['worker/pages/ + pipeline/', /^worker\/(pages|pipeline)\//],
  ['worker/ (capabilities, db, session)', /^worker\//],
  ['shared/', /^shared\//],
];

const maps = new Map();
function sourceOf(scripts, frame) {
  const script = scripts.get(frame.scriptId);
  if (!script) return `(${frame.functionName || 'native'})`;
  if (!maps.has(script.scriptId)) {
    let map = null;
    const url = script.sourceMapURL;
    try {
      if (url?.startsWith('data:')) map = new TraceMap(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64').toString('utf8'));
      else if (url && script.url.startsWith('file://')) map = new TraceMap(readFileSync(path.resolve(path.dirname(fileURLToPath(script.url)), url), 'utf8'));
    } catch {
      map = null;
    }
    maps.set(script.scriptId, map);
  }
  const map = maps.get(script.scriptId);
  if (!map) return script.url || '(runtime)';
  const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
  if (!original.source) return script.url || '(runtime)';
  const base = script.url.startsWith('file://') ? path.dirname(fileURLToPath(script.url)) : root;
  const file = path.relative(root, path.resolve(base, original.source)).replaceAll(path.sep, '/');
  return file.replace(/^.*node_modules\//, 'node_modules/');
}

const inspectorPort = await freePort();
const site = await startSite({
  stories: STORIES,
  // BENCH_LOG_LEVEL: the deployment's LOG_LEVEL (warn leaves out the request's info record).
  vars: { EDGE_CACHE: VISITOR ? 'off' : 'on', ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}) },
  inspectorPort,
  ...(REPLAY ? { config: 'bench/d1-replay/wrangler.toml', copyOfState: 'd1-replay' } : {}),
});
try {
  const home = await fetch(site.baseURL + '/').then((r) => r.text());
  const storyPath = /href="(\/@[^"/]+\/[a-z0-9-]*[0-9a-f]{12})"/.exec(home)?.[1];
  if (!storyPath) throw new Error('no story link on the home page');
  const headers = { ...(VISITOR ? {} : { cookie: `sid=${signIn()}` }), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' };
  const get = async () => {
    const res = await fetch(site.baseURL + storyPath, { headers });
    const body = await res.text();
    if (res.headers.get('x-cache-status') !== 'DYNAMIC' || !body.includes(`"isLoggedInCookie":${!VISITOR}`)) throw new Error(`expected a ${VISITOR ? "visitor's fresh" : 'signed-in'} page, got ${res.status} ${res.headers.get('x-cache-status')}`);
    if (REPLAY && res.headers.get('x-d1-real') !== '0' && warmed) throw new Error(`the D1 replay reached the database (${res.headers.get('x-d1-real')} statements)`);
    return res;
  };
  let warmed = false;
  for (let i = 0; i < 10; i++) await get();
  warmed = true;
  const inspector = await openInspector(inspectorPort);
  await inspector.send('Profiler.start');
  let last;
  for (let i = 0; i < REQUESTS; i++) last = await get();
  const { profile } = await inspector.send('Profiler.stop');
  inspector.close();

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i + 1] ?? 0)));
  const files = new Map();
  let idle = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') {
      idle += us;
      continue;
    }
    const file = name === '(garbage collector)' ? '(garbage collector)' : sourceOf(inspector.scripts, node.callFrame);
    files.set(file, (files.get(file) ?? 0) + us);
  }
  // Each sample charged to the nearest function of the repository on its stack (whose work it was).
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const owners = new Map();
  const ownerOf = new Map();
  const owner = (id) => {
    if (ownerOf.has(id)) return ownerOf.get(id);
    let answer = '(outside the repository)';
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at).callFrame;
      const file = frame.scriptId && frame.scriptId !== '0' ? sourceOf(inspector.scripts, frame) : '';
      if (/^(worker|client|shared)\//.test(file)) {
        answer = `${file} ${frame.functionName || '(anonymous)'}`;
        break;
      }
    }
    ownerOf.set(id, answer);
    return answer;
  };
  for (const [id, us] of selfUs) {
    const name = byId.get(id).callFrame.functionName;
    if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') continue;
    const key = owner(id);
    owners.set(key, (owners.get(key) ?? 0) + us);
  }
  const parts = new Map();
  for (const [file, us] of files) {
    const part = PARTS.find(([, pattern]) => pattern.test(file))?.[0] ?? (file.startsWith('(') ? file : 'other');
    parts.set(part, (parts.get(part) ?? 0) + us);
  }
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  const ms = (us) => (us / 1000 / REQUESTS).toFixed(2);
  console.log(`${VISITOR ? "A visitor's fresh story render" : 'Signed-in story page'}${REPLAY ? ' (D1 replayed from memory)' : ''} ${storyPath}: ${REQUESTS} requests profiled; ${last.headers.get('x-d1-queries')} D1 statements in ${last.headers.get('x-d1-round-trips')} round trips`);
  console.log(`JavaScript on the isolate: ${ms(total)} ms/request (idle and program time left out: ${ms(idle)} ms/request)\n`);
  console.log('| part | ms/request | share |\n|---|---|---|');
  for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1])) console.log(`| ${part} | ${ms(us)} | ${((100 * us) / total).toFixed(0)}% |`);
  console.log('\n| file | ms/request |\n|---|---|');
  for (const [file, us] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`| ${file} | ${ms(us)} |`);
  console.log('\n| charged to (nearest repository function) | ms/request |\n|---|---|');
  for (const [key, us] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`| ${key} | ${ms(us)} |`);
  // Self time by function (and the file it is in): what to cut.
  const functions = new Map();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') continue;
    const key = `${name || '(anonymous)'} ${name.startsWith('(') ? '' : sourceOf(inspector.scripts, node.callFrame)}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  console.log('\n| function (self time) | ms/request |\n|---|---|');
  for (const [key, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`| ${key} | ${ms(us)} |`);

  // workerd's CPU per request from /proc, without the profiler: 2 connections for BENCH_SECONDS.
  if (SECONDS > 0) {
    const { result, cpuMsPerRequest } = await measureCpuPerRequest(site.workerdPids(), () =>
      requestsPerSecond(site.baseURL + storyPath, { seconds: SECONDS, connections: 2, headers }),
    );
    console.log(`\nworkerd CPU per request (/proc, no profiler): ${cpuMsPerRequest.toFixed(1)} ms over ${result.requests} requests (${result.errors} errors, p50 ${result.p50} ms)`);
  }
} finally {
  await site.stop();
}
