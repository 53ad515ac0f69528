// Story stats (docs/stats.md): (1) the event intake's throughput — POST /_/batch with 50 story
// events per batch, 8 at a time, from distinct client addresses; (2) /me/stats render time for a
// writer with 1,000,000 recorded events (as daily rollups over a year, which is all the page
// reads) side by side with a writer with 1,000, measured in alternation on one site.
//
//   npm run bench stats     (1,000-story world in .tmp/bench-state-1000; BENCH_ROUNDS to change rounds)
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSite } from './lib/site.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const INTAKE_BATCHES = Number(process.env.BENCH_BATCHES ?? 400);
const EVENTS_PER_BATCH = 50;
const CONCURRENCY = 8;
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function d1(stateDir, args) {
  const result = spawnSync('wrangler', ['d1', ...args, '--local', '--persist-to', stateDir], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}
const query = (stateDir, sql) => JSON.parse(d1(stateDir, ['execute', 'DB', '--json', '--command', sql]))[0].results;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/** Rollups for one writer: `events` views+reads spread over their stories and `days` days up to today. */
function rollupSql(writerId, storyCount, events, days) {
  // Per row: v views and r = v/2 reads; (v + r) × rows ≈ events.
  const views = Math.max(1, Math.round(events / 1.5 / (storyCount * days)));
  const reads = Math.floor(views / 2);
  return `WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${days - 1})
INSERT INTO post_stats_daily (post_id, day, views, reads, reading_seconds)
SELECT p.id, date('now', '-' || d.n || ' days'), ${views}, ${reads}, ${reads * 180} FROM posts p, d
WHERE p.creator_id = '${writerId}' AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL AND p.in_response_to_post_id IS NULL;`;
}

function sessionFor(stateDir, userId) {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const now = Date.now();
  query(stateDir, `INSERT INTO sessions (id_hash, user_id, xsrf, created_at, expires_at) VALUES ('${hash}', '${userId}', 'bench', ${now}, ${now + 86_400_000})`);
  return `sid=${token}`;
}

const site = await startSite({ stories: 1000, copyOfState: 'stats', vars: { EDGE_CACHE: 'off' } });
try {
  const writers = query(
    site.stateDir,
    `SELECT creator_id AS id, COUNT(*) AS stories FROM posts WHERE status = 'PUBLISHED' AND deleted_at IS NULL AND in_response_to_post_id IS NULL
     GROUP BY creator_id ORDER BY stories DESC LIMIT 2`,
  );
  const [big, small] = writers;
  const file = path.join(site.stateDir, 'stats-bench.sql');
  writeFileSync(
    file,
    [
      `DELETE FROM post_stats_daily WHERE post_id IN (SELECT id FROM posts WHERE creator_id IN ('${big.id}', '${small.id}'));`,
      rollupSql(big.id, big.stories, 1_000_000, 365),
      rollupSql(small.id, small.stories, 1_000, 10),
    ].join('\n'),
  );
  d1(site.stateDir, ['execute', 'DB', '--file', file]);
  const totals = (id) =>
    query(site.stateDir, `SELECT COUNT(*) AS rows, SUM(views + reads) AS events FROM post_stats_daily s JOIN posts p ON p.id = s.post_id WHERE p.creator_id = '${id}'`)[0];
  const bigTotals = totals(big.id);
  const smallTotals = totals(small.id);
  const cookies = [sessionFor(site.stateDir, big.id), sessionFor(site.stateDir, small.id)];

  // (1) Intake.
  const postIds = query(site.stateDir, `SELECT id FROM posts WHERE status = 'PUBLISHED' AND deleted_at IS NULL LIMIT 50`).map((r) => r.id);
  const statuses = new Map();
  let next = 0;
  const intakeMs = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < INTAKE_BATCHES) {
        const i = next++;
        const at = Date.now();
        const events = Array.from({ length: EVENTS_PER_BATCH }, (_, k) => ({
          // The spec's record (docs/events.md), with the common data a page adds.
          key: k % 3 === 0 ? 'story.viewed' : k % 3 === 1 ? 'story.readingTime' : 'story.read',
          type: 'e',
          timestamp: at,
          eventId: crypto.randomUUID(),
          data: {
            service: 'lite',
            location: `${site.baseURL}/`,
            browserWidth: 1280,
            referrer: '',
            referrerSource: null,
            ...(k % 3 === 1 ? { postId: postIds[k % postIds.length], seconds: 5 } : { postId: postIds[k % postIds.length] }),
          },
        }));
        const t = performance.now();
        const res = await fetch(`${site.baseURL}/_/batch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': '1', 'user-agent': AGENT, 'cf-connecting-ip': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
          body: JSON.stringify(events),
        });
        await res.arrayBuffer();
        intakeMs.push(performance.now() - t);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // (2) /me/stats for both writers, alternating.
  const pageMs = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, cookie] of cookies.entries()) {
      const t = performance.now();
      const res = await fetch(`${site.baseURL}/me/stats`, { headers: { cookie, 'user-agent': AGENT } });
      const html = await res.text();
      const ms = performance.now() - t;
      if (res.status !== 200 || !html.includes('stats-page')) throw new Error(`/me/stats answered ${res.status}`);
      if (round >= 3) pageMs[i].push(ms); // the first rounds warm the isolate and SQLite's cache
    }
  }

  console.log(`\n## Event intake: ${INTAKE_BATCHES} batches × ${EVENTS_PER_BATCH} story events, ${CONCURRENCY} at a time\n`);
  console.log('| measure | value |');
  console.log('|---|---|');
  console.log(`| batches/s | ${(INTAKE_BATCHES / seconds).toFixed(1)} |`);
  console.log(`| events/s | ${((INTAKE_BATCHES * EVENTS_PER_BATCH) / seconds).toFixed(0)} |`);
  console.log(`| batch round trip p50 / p99 (ms) | ${percentile(intakeMs, 50).toFixed(1)} / ${percentile(intakeMs, 99).toFixed(1)} |`);
  console.log(`| answers | ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')} |`);
  console.log(`\n## /me/stats render (last 30 days, from rollups), ${ROUNDS - 3} rounds each\n`);
  console.log(`| measure | writer with ${Number(bigTotals.events).toLocaleString('en-US')} events | writer with ${Number(smallTotals.events).toLocaleString('en-US')} events |`);
  console.log('|---|---|---|');
  console.log(`| published stories | ${big.stories} | ${small.stories} |`);
  console.log(`| rollup rows (all time) | ${bigTotals.rows} | ${smallTotals.rows} |`);
  console.log(`| p50 (ms) | ${percentile(pageMs[0], 50).toFixed(1)} | ${percentile(pageMs[1], 50).toFixed(1)} |`);
  console.log(`| p99 (ms) | ${percentile(pageMs[0], 99).toFixed(1)} | ${percentile(pageMs[1], 99).toFixed(1)} |`);
} finally {
  await site.stop();
}
