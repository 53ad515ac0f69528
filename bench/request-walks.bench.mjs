// The files a request runs, for five requests that matter (docs/adr/0018-layers.md): a cached
// HIT, a signed-in story render, a clap, a publish and a payment webhook. Each is run twice
// to warm the isolate, then REPETITIONS times under workerd's sampling profiler
// (bench/lib/request-coverage.mjs); the figures are the source files whose functions were seen
// running, by side (worker, client, shared), and the worker folders the request entered.
// WALK_FILES=1 lists the files in the order they were first entered.
//
//   npm run bench request-walks
import { createHmac } from 'node:crypto';
import { freePort, startSite } from './lib/site.mjs';
import { signIn } from './lib/d1-local.mjs';
import { filesRunBy, openInspector } from './lib/request-coverage.mjs';

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', accept: 'text/html' };
const WEBHOOK_SECRET = 'whsec_local_development_only'; // worker/payments/local-provider.ts LOCAL_WEBHOOK_SECRET_DEFAULT
const WEBHOOK_PATH = '/_/payments/webhook';
const REPETITIONS = 100;
const FIRST_HOPS = 6;

async function ok(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 200)}`);
  return text;
}

const inspectorPort = await freePort();
const site = await startSite({ stories: 1000, copyOfState: 'request-walks', vars: { EDGE_CACHE: 'on' }, inspectorPort });
try {
  const base = site.baseURL;
  // Sessions are written from outside (wrangler d1 execute); the site drops the connection
  // of the first request after that, so wait until it answers again before measuring.
  const reader = signIn(site.stateDir, 'reader');
  const writer = signIn(site.stateDir, 'ada');
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(base + '/_/health')).ok) break;
    } catch (error) {
      if (i > 20) throw error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const inspector = await openInspector(inspectorPort);
  const home = await ok(await fetch(base + '/', { headers: BROWSER }), 'home');
  const story = home.match(/href="(\/@[a-z0-9_]+\/[a-z0-9-]*[0-9a-f]{12})"/)?.[1];
  if (!story) throw new Error('no story link on the home page');
  const storyId = story.slice(-12);
  const graphql = (session, query, variables) =>
    fetch(base + '/_/graphql', {
      method: 'POST',
      headers: { ...BROWSER, 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.xsrf },
      body: JSON.stringify({ query, variables }),
    });

  let draftId = null;
  const newDraft = async () => {
    const content = JSON.stringify({ paragraphs: [{ name: 'a1b2', type: 'P', text: 'A walk through the layers.', markups: [] }] });
    const saved = JSON.parse(
      await ok(
        await graphql(writer, 'mutation($t: String!, $c: String!) { saveDraft(baseRev: 0, title: $t, subtitle: "", contentJson: $c) { __typename ... on DraftSaved { post { id } } } }', {
          t: `Walk ${Date.now()}`,
          c: content,
        }),
        'saveDraft',
      ),
    );
    draftId = saved.data.saveDraft.post.id;
  };
  const webhook = () => {
    const payload = JSON.stringify({ id: `evt_walk_${Date.now()}`, object: 'event', type: 'invoice.paid', created: Math.floor(Date.now() / 1000), data: { object: { id: 'in_walk', object: 'invoice', subscription: 'sub_walk_unknown', customer: 'cus_walk' } } });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
    return fetch(base + WEBHOOK_PATH, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` }, body: payload });
  };

  const walks = [
    {
      name: 'cached HIT (anonymous story page)',
      prepare: async () => void (await ok(await fetch(base + story, { headers: BROWSER }), 'story')),
      act: async () => {
        const response = await fetch(base + story, { headers: BROWSER });
        await ok(response, 'story');
        if (response.headers.get('x-cache-status') !== 'HIT') throw new Error(`expected a HIT, got ${response.headers.get('x-cache-status')}`);
      },
    },
    { name: 'signed-in story render', act: async () => void (await ok(await fetch(base + story, { headers: { ...BROWSER, cookie: reader.cookie } }), 'signed-in story')) },
    { name: 'clap (GraphQL mutation)', act: async () => void (await ok(await graphql(reader, 'mutation($id: ID!) { clap(targetPostId: $id, numClaps: 1) { id clapCount } }', { id: storyId }), 'clap')) },
    {
      name: 'publish (GraphQL mutation)',
      prepare: newDraft,
      act: async () => {
        const text = await ok(await graphql(writer, 'mutation($id: ID!) { publishPost(postId: $id, tags: ["walks"], memberOnly: false, unlisted: false) { __typename } }', { id: draftId }), 'publish');
        if (!text.includes('"Post"')) throw new Error(`publish refused: ${text.slice(0, 200)}`);
      },
    },
    { name: 'payment webhook (signed, local provider)', act: async () => void (await ok(await webhook(), 'webhook')) },
  ];

  for (const walk of walks) {
    for (let i = 0; i < 2; i++) {
      await walk.prepare?.();
      await walk.act();
    }
    const files = await filesRunBy(inspector, { act: walk.act, prepare: walk.prepare, repetitions: REPETITIONS });
    const list = [...files.keys()];
    const bySide = (side) => list.filter((f) => f.startsWith(`${side}/`)).length;
    // A worker folder is its first level; a file directly under worker/ stands for itself.
    const folders = [...new Set(list.filter((f) => f.startsWith('worker/')).map((f) => f.split('/')[1]))].sort();
    console.log(`\n${walk.name}: ${list.length} files (worker ${bySide('worker')}, client ${bySide('client')}, shared ${bySide('shared')}); worker folders (${folders.length}): ${folders.join(' ')}`);
    console.log(`  first hops: ${list.slice(0, FIRST_HOPS).join(' → ')}`);
    if (process.env.WALK_FILES) for (const file of list) console.log(`  ${file} (${files.get(file)} functions)`);
  }
  inspector.close();
} finally {
  await site.stop();
}
