// Publishing for a writer with a big fediverse audience (issue 30, "npm run bench scale adds
// federation"; docs/adr/0178-stories-federated-from-their-state.md): the demo writer gets
// BENCH_FEDIVERSE_FOLLOWERS fediverse followers (default 10,000) spread over BENCH_INSTANCES
// instances (default 500), each instance with one shared inbox; the writer publishes a public
// story, and we print the publish request's time, the deliveries made (one per shared inbox: as
// many as there are instances) and the time until the local queue has drained.
//
// No delivery leaves the machine: the site runs with FEDERATION_DELIVERY_SINK (honoured in
// development only, worker/federation/federation.ts), which sends every delivery to a local
// stand-in answering 202, the original inbox in its query string.
//
//   npm run bench scale          (also runs the other scale benches)
//   BENCH_FEDIVERSE_FOLLOWERS=1000 BENCH_INSTANCES=50 BENCH_STORIES=120 node bench/scale-federation.bench.mjs
import { createServer } from 'node:http';
import { startSite } from './lib/site.mjs';
import { cpuMs } from './lib/workerd-cpu.mjs';
import { d1Execute } from './lib/d1-local.mjs';
import { publishStory, saveOneParagraphDraft, signedInGraphql } from './lib/publish.mjs';

const FOLLOWERS = Number(process.env.BENCH_FEDIVERSE_FOLLOWERS ?? 10_000);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 500);
const STORIES = Number(process.env.BENCH_STORIES ?? 1000);
const POLL_MS = 1000;
/** A drain longer than this means a message is stuck: the bench stops saying so rather than wait for ever. */
const GIVE_UP_MS = 15 * 60_000;

// The stand-in every delivery reaches: counts them by the inbox they were meant for.
const deliveries = new Map();
const sink = createServer((request, response) => {
  const inbox = new URL(request.url, 'http://sink').searchParams.get('inbox') ?? '(none)';
  request.resume();
  request.on('end', () => {
    deliveries.set(inbox, (deliveries.get(inbox) ?? 0) + 1);
    response.writeHead(202).end();
  });
});
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkUrl = `http://127.0.0.1:${sink.address().port}/inbox`;

/** The followers, written before the site opens the database: follower k is on instance k mod INSTANCES. */
function followerStatements(now) {
  return [
    `WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k + 1 < ${FOLLOWERS})
     INSERT INTO federation_followers (actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, created_at)
     SELECT (SELECT id FROM users WHERE username = 'ada'),
       'https://i' || (k % ${INSTANCES}) || '.bench.example/users/u' || k,
       'https://i' || (k % ${INSTANCES}) || '.bench.example/users/u' || k || '/inbox',
       'https://i' || (k % ${INSTANCES}) || '.bench.example/inbox',
       'https://i' || (k % ${INSTANCES}) || '.bench.example/follows/' || k,
       'u' || k, ${now} + k FROM n`,
  ];
}

let t = performance.now();
const site = await startSite({
  stories: STORIES,
  copyOfState: 'federation',
  vars: { EDGE_CACHE: 'off', FEDERATION_DELIVERY_SINK: sinkUrl },
  beforeStart: (stateDir) => d1Execute(stateDir, followerStatements(Date.now()).join(';\n') + ';'),
});
try {
  const audience = d1Execute(
    site.stateDir,
    "SELECT count(*) AS followers, count(DISTINCT shared_inbox) AS sharedInboxes FROM federation_followers f JOIN users u ON u.id = f.actor_id WHERE u.username = 'ada'",
  )[0];
  console.log(
    `Fediverse audience of the demo writer (ada): ${audience.followers} followers behind ${audience.sharedInboxes} shared inboxes (set up in ${((performance.now() - t) / 1000).toFixed(1)} s).`,
  );

  const gql = signedInGraphql(site, 'ada');
  const postId = await saveOneParagraphDraft(gql, 'To the fediverse', 'A story for the whole fediverse.');
  const before = d1Execute(site.stateDir, 'SELECT sent, settled FROM queue_backlog')[0] ?? { sent: 0, settled: 0 };
  const pids = site.workerdPids();
  const cpuBefore = cpuMs(pids);
  t = performance.now();
  const published = await publishStory(gql, postId);
  let backlog;
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    backlog = d1Execute(site.stateDir, 'SELECT sent, settled FROM queue_backlog')[0];
    if (backlog.sent === backlog.settled) break;
    if (performance.now() - t > GIVE_UP_MS) throw new Error(`The queue did not drain in ${GIVE_UP_MS / 60_000} min: ${backlog.sent} sent, ${backlog.settled} settled`);
  }
  const drainSeconds = (performance.now() - t) / 1000;
  const cpu = cpuMs(pids) - cpuBefore;
  const sent = [...deliveries.values()].reduce((a, b) => a + b, 0);
  const story = d1Execute(site.stateDir, `SELECT state, sequence FROM federated_stories WHERE post_id = '${postId}'`)[0];
  const dead = d1Execute(site.stateDir, 'SELECT count(*) AS n FROM queue_dead_letters')[0].n;

  console.log(`\n## Publishing for a writer with ${FOLLOWERS.toLocaleString('en-US')} fediverse followers on ${INSTANCES.toLocaleString('en-US')} instances (local queue, one workerd, deliveries to a local sink)\n`);
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(`| publish request (GraphQL publishPost) | ${published.ms.toFixed(0)} ms, ${published.queries} D1 queries |`);
  console.log(`| time until the queue drained (polled every ${POLL_MS / 1000} s) | ${drainSeconds.toFixed(1)} s |`);
  console.log(`| queue messages | ${(backlog.sent - before.sent).toLocaleString('en-US')} |`);
  console.log(`| deliveries received by the sink (distinct inboxes; expected ${INSTANCES}, one per shared inbox) | ${sent.toLocaleString('en-US')} (${deliveries.size.toLocaleString('en-US')}) |`);
  console.log(`| story recorded as federated | ${story ? `${story.state}, activity ${story.sequence}` : 'no'} |`);
  console.log(`| dead letters | ${dead} |`);
  console.log(`| workerd CPU for the publish and the drain | ${(cpu / 1000).toFixed(1)} s (${(cpu / Math.max(1, sent)).toFixed(1)} ms per delivery) |`);
} finally {
  await site.stop();
  sink.close();
}
