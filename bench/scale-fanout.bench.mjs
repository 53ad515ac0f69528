// Publishing for a writer with a big audience (issue 17, docs/scale.md "Fan-out"): the demo
// writer gets BENCH_SUBSCRIBERS newsletter subscribers and BENCH_FOLLOWERS followers (default
// 100,000 and 50,000: `npm run seed -- --subscribers N --followers M` does the same to the
// development database), publishes a story with "send to subscribers", and we print the publish
// request's time (it only queues the work) and the time until the local queue has drained
// (every email in the development mailbox, every follower notified), with workerd's CPU for it.
//
//   npm run bench scale          (also runs bench/scale.bench.mjs)
//   BENCH_SUBSCRIBERS=10000 BENCH_FOLLOWERS=5000 node bench/scale-fanout.bench.mjs
import { startSite } from './lib/site.mjs';
import { cpuMs } from './lib/workerd-cpu.mjs';
import { d1Execute } from './lib/d1-local.mjs';
import { publishStory, saveOneParagraphDraft, signedInGraphql } from './lib/publish.mjs';
import { fanOutStatements } from '../scripts/demo-world/fan-out.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 50_000);
const POLL_MS = 2000;

let t = performance.now();
// The audience is written before the site opens the database (a second writer to a running
// local D1 is not something wrangler dev expects).
const site = await startSite({
  stories: 1000,
  copyOfState: 'fanout',
  vars: { EDGE_CACHE: 'off' },
  beforeStart: (stateDir) => d1Execute(stateDir, fanOutStatements(SUBSCRIBERS, FOLLOWERS, Date.now()).join(';\n') + ';'),
});
try {
  const audience = d1Execute(site.stateDir, "SELECT (SELECT count(*) FROM newsletter_subscriptions s JOIN users u ON u.id = s.writer_id WHERE u.username = 'ada') AS subscribers, (SELECT count(*) FROM follows f JOIN users u ON u.id = f.target_id WHERE f.target_type = 'USER' AND u.username = 'ada') AS followers")[0];
  console.log(`Audience of the demo writer (ada): ${audience.subscribers} newsletter subscribers, ${audience.followers} followers (set up in ${((performance.now() - t) / 1000).toFixed(1)} s).`);

  const gql = signedInGraphql(site, 'ada');
  const postId = await saveOneParagraphDraft(gql, 'To every subscriber', 'A story for a very large audience.');
  const before = d1Execute(site.stateDir, 'SELECT sent, settled FROM queue_backlog')[0];
  const pids = site.workerdPids();
  const cpuBefore = cpuMs(pids);
  t = performance.now();
  const published = await publishStory(gql, postId, { sendToSubscribers: true });
  const publishMs = published.ms;
  let backlog;
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    backlog = d1Execute(site.stateDir, 'SELECT sent, settled FROM queue_backlog')[0];
    if (backlog.sent === backlog.settled) break;
  }
  const drainSeconds = (performance.now() - t) / 1000;
  const cpu = cpuMs(pids) - cpuBefore;
  const counts = d1Execute(site.stateDir, `SELECT (SELECT count(*) FROM dev_mailbox WHERE subject = 'To every subscriber') AS emails, (SELECT count(DISTINCT to_address) FROM dev_mailbox WHERE subject = 'To every subscriber') AS recipients, (SELECT count(*) FROM notifications WHERE post_id = '${postId}' AND type = 'NEW_STORY') AS notified, (SELECT count(*) FROM queue_dead_letters) AS dead`)[0];
  const messages = backlog.sent - before.sent;

  console.log(`\n## Publishing for a writer with ${SUBSCRIBERS.toLocaleString('en-US')} subscribers and ${FOLLOWERS.toLocaleString('en-US')} followers (local queue, one workerd)\n`);
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(`| publish request (GraphQL publishPost) | ${publishMs.toFixed(0)} ms, ${published.queries} D1 queries |`);
  console.log(`| time until the queue drained (polled every ${POLL_MS / 1000} s) | ${drainSeconds.toFixed(1)} s |`);
  console.log(`| queue messages | ${messages.toLocaleString('en-US')} |`);
  console.log(`| emails in the development mailbox (distinct recipients) | ${counts.emails.toLocaleString('en-US')} (${counts.recipients.toLocaleString('en-US')}) |`);
  console.log(`| followers notified | ${counts.notified.toLocaleString('en-US')} |`);
  console.log(`| dead letters | ${counts.dead} |`);
  console.log(`| workerd CPU for the publish and the drain | ${(cpu / 1000).toFixed(1)} s (${(cpu / Math.max(1, counts.emails)).toFixed(2)} ms per email) |`);
  console.log(`| emails per second, locally | ${(counts.emails / drainSeconds).toFixed(0)} |`);
} finally {
  await site.stop();
}
