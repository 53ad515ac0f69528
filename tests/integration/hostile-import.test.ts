// Hostile Markdown and HTML files (issue 29 item 1): a file built to make the parser work for
// seconds or recurse until the stack overflows is refused with a message that says what to
// change, through both doors (the importStory mutation and POST /v1/users/{id}/posts), and while a
// large file is being read the worker keeps answering others (/_/health). Figures are printed, not
// asserted (performance belongs in bench/): the assertions are on what is answered.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const ORIGIN = 'http://localhost:8787';
const IMPORT = `mutation($fileName: String!, $text: String!) {
  importStory(fileName: $fileName, text: $text) { __typename ... on StoryImported { post { id } } ... on BadRequest { message } }
}`;

let writer: Caller;
let token: string;
beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
  const created = await writer.gql(`mutation { createIntegrationToken(description: "hostile files") { __typename ... on CreatedIntegrationToken { token } } }`);
  token = created.data.createIntegrationToken.token;
});

const postV1 = (content: string, contentFormat: 'markdown' | 'html' = 'markdown') =>
  workerFetch(`${ORIGIN}/v1/users/${USERS.writer}/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Hostile', contentFormat, content, publishStatus: 'draft' }),
  });

const HOSTILE: [string, string, RegExp][] = [
  ['"*a" × 50,000', '*a'.repeat(50_000), /more than 1,000 formatting marks/],
  ['"*a" × 200,000', '*a'.repeat(200_000), /too large to import: at most 200,000 characters/],
  ['"_a" × 500 in 40 paragraphs', ('_a'.repeat(500) + '\n\n').repeat(40), /too many formatting marks/],
  ['2,000 nested ">"', '>'.repeat(2_000) + ' deep', /nests quotes or lists more than 32 levels deep/],
  ['2,000 nested list markers', '- '.repeat(2_000) + 'deep', /nests quotes or lists more than 32 levels deep/],
  ['lists nested by indentation', Array.from({ length: 300 }, (_, i) => ' '.repeat(i * 2) + '- item').join('\n'), /nests quotes or lists more than 32 levels deep/],
  ['"[" × 20,000', '['.repeat(20_000), /formatting marks/],
];

describe('hostile Markdown', () => {
  for (const [name, text, message] of HOSTILE) {
    it(`refuses ${name} with a message, as a file import and through /v1`, async () => {
      let started = Date.now();
      const imported = (await writer.gql(IMPORT, { fileName: 'hostile.md', text })).data!.importStory;
      const importMs = Date.now() - started;
      expect(imported.__typename).toBe('BadRequest');
      expect(imported.message).toMatch(message);
      started = Date.now();
      const response = await postV1(text);
      const apiMs = Date.now() - started;
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toMatch(message);
      console.log(`${name}: importStory ${importMs} ms, /v1 ${apiMs} ms`);
    }, 60_000);
  }

  it('still imports deep but reasonable nesting and dense but reasonable formatting', async () => {
    const text = ['> '.repeat(20) + 'a quote twenty deep', '', '- '.repeat(20) + 'a list twenty deep', '', '*word* '.repeat(200)].join('\n');
    const imported = (await writer.gql(IMPORT, { fileName: 'deep.md', text })).data!.importStory;
    expect(imported.__typename).toBe('StoryImported');
  }, 60_000);

  it('keeps answering /_/health while a large file is read', async () => {
    // About 190,000 characters of densely formatted prose: accepted, and the longest honest work.
    const paragraph = 'Some *emphasis*, **strength**, `code` and a [link](https://example.com/a) in a sentence that goes on. '.repeat(3);
    const text = `# A long file\n\n${(paragraph + '\n\n').repeat(Math.floor(190_000 / (paragraph.length + 2)))}`;
    let importDone = false;
    const started = Date.now();
    const importing = writer.gql(IMPORT, { fileName: 'long.md', text }).then((answer) => {
      importDone = true;
      return { answer, ms: Date.now() - started };
    });
    // Health asked one after another for as long as the import runs: each is answered only if the
    // import gives the thread back between slices of its work. (The pause between two asks lets
    // timers run: health itself answers without I/O, so a tight loop would never leave the
    // microtask queue.)
    const healthTimes: number[] = [];
    while (!importDone) {
      const asked = Date.now();
      const health = await workerFetch(`${ORIGIN}/_/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
      if (!importDone) healthTimes.push(Date.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const { answer, ms } = await importing;
    expect(answer.data!.importStory.__typename).toBe('StoryImported');
    console.log(`long file imported in ${ms} ms; /_/health answered ${healthTimes.length} times meanwhile, slowest ${Math.max(...healthTimes)} ms`);
    // Unsliced, the import would let health in only while it waits for D1 (a few times at most).
    expect(healthTimes.length).toBeGreaterThanOrEqual(10);
  }, 120_000);
});

describe('hostile HTML', () => {
  it('reads 30,000 nested elements as text, and refuses a file over the size limit', async () => {
    const deep = (await writer.gql(IMPORT, { fileName: 'deep.html', text: '<div><blockquote><ul><li>'.repeat(5_000) + 'bottom' })).data!.importStory;
    expect(deep.__typename).toBe('StoryImported');
    const huge = await postV1('<p>x</p>'.repeat(30_000), 'html');
    expect(huge.status).toBe(400);
    expect(JSON.stringify(await huge.json())).toMatch(/too large to import/);
  }, 60_000);
});
