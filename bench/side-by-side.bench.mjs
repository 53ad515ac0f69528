// This tree against another checkout, side by side in one run: both sites up at once (edge
// cache off), fresh story renders alternating between them (the order flipping each round, so
// background load falls on both alike), each site's workerd CPU read from /proc around every
// request (bench/lib/workerd-cpu.mjs). For "no slower than before" after a restructuring:
//
//   git worktree add /tmp/before <commit> && (cd /tmp/before && ln -s $PWD/node_modules . && npm run build)
//   BEFORE=/tmp/before npm run bench side-by-side
//
// The other checkout needs its own bench/lib/site.mjs (any version since the demo world's seed).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSite as startAfter } from './lib/site.mjs';
import { cpuMs } from './lib/workerd-cpu.mjs';

if (!process.env.BEFORE) {
  console.log('side-by-side: set BEFORE to another checkout of Vellum (with node_modules and a client build) to compare with it.');
  process.exit(0);
}
const { startSite: startBefore } = await import(pathToFileURL(path.resolve(process.env.BEFORE, 'bench/lib/site.mjs')).href);
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', accept: 'text/html' };
const before = await startBefore({ stories: 1000, copyOfState: 'sbs-before', vars: { EDGE_CACHE: 'off' } });
const after = await startAfter({ stories: 1000, copyOfState: 'sbs-after', vars: { EDGE_CACHE: 'off' } });
try {
  const home = await (await fetch(after.baseURL + '/', { headers: BROWSER })).text();
  const stories = [...new Set([...home.matchAll(/href="(\/@[a-z0-9_]+\/[a-z0-9-]*[0-9a-f]{12})"/g)].map((m) => m[1]))].slice(0, 10);
  const sites = { before, after };
  const pids = { before: before.workerdPids(), after: after.workerdPids() };
  for (const s of Object.values(sites)) for (const p of stories) await (await fetch(s.baseURL + p, { headers: BROWSER })).text();
  const cpu = { before: 0, after: 0 }, wall = { before: 0, after: 0 };
  const N = Number(process.env.RENDERS ?? 300);
  for (let i = 0; i < N; i++) {
    for (const name of i % 2 ? ['before', 'after'] : ['after', 'before']) {
      const c0 = cpuMs(pids[name]); const t0 = performance.now();
      const r = await fetch(sites[name].baseURL + stories[i % stories.length], { headers: BROWSER });
      await r.text();
      if (!r.ok) throw new Error(`${name} ${r.status}`);
      wall[name] += performance.now() - t0; cpu[name] += cpuMs(pids[name]) - c0;
    }
  }
  for (const name of ['before', 'after']) console.log(`${name === 'before' ? process.env.BEFORE : 'this tree'}: ${(cpu[name] / N).toFixed(1)} ms workerd CPU per fresh story render (local D1 included), ${(wall[name] / N).toFixed(1)} ms wall`);
  console.log(`after / before CPU: ${(cpu.after / cpu.before).toFixed(3)} (${N} renders each, ${stories.length} stories)`);
} finally {
  await before.stop();
  await after.stop();
}
