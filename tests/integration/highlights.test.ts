// Issue 15 item 1 over HTTP: highlights and private notes. A signed-in reader highlights a
// passage of a paragraph they can read (POST /_/p/{postId}/quotes/create, anti-forgery checked);
// it is theirs on the story, public on their profile's Highlights tab and at its address; a note
// is private to its writer; an edit elsewhere keeps the highlight (moving it within its paragraph
// when words before it changed), an edit of the passage drops it; only the owner removes it.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { call, page, sessionOf, type TestSession } from './helpers/story.ts';

const STORY = 'f00000000001'; // public: "Bulk Story 1", paragraphs 0000 (title), 0001, 0002
const P1 = 'Paragraph 1 of Bulk Story 1.';
const P2 = 'Paragraph 2 of Bulk Story 1.';

const HIGHLIGHTS = `query($postId: ID!) { post(id: $postId) { viewerHighlights { id kind paragraphName startOffset endOffset quote note } topHighlight { quote count } } }`;
const ONE = `query($id: ID!) { highlight(id: $id) { id kind quote note startOffset endOffset post { id } } }`;
const REMOVE = `mutation($id: ID!) { deleteHighlight(id: $id) }`;

function create(postId: string, body: unknown, session?: TestSession, xsrf?: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = xsrf === undefined ? session?.xsrf : xsrf;
  if (token) headers['x-xsrf-token'] = token;
  return send(`/_/p/${postId}/quotes/create`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body), ...(session ? { session: session.token } : {}) });
}

async function setParagraphText(postId: string, name: string, text: string) {
  const row = await env.DB.prepare('SELECT content FROM posts WHERE id = ?').bind(postId).first<{ content: string }>();
  const content = JSON.parse(row!.content) as { paragraphs: { name: string; text: string; markups: unknown[] }[] };
  const paragraph = content.paragraphs.find((p) => p.name === name)!;
  paragraph.text = text;
  paragraph.markups = [];
  await env.DB.prepare('UPDATE posts SET content = ? WHERE id = ?').bind(JSON.stringify(content), postId).run();
}

let reader: TestSession;
let member: TestSession;
let quoteId: string;

beforeAll(async () => {
  await seedWorld(env.DB);
  [reader, member] = await Promise.all([sessionOf('reader'), sessionOf('member')]);
});

describe('creating', () => {
  it('a signed-in reader highlights words of a paragraph', async () => {
    const answer = await create(STORY, { paragraphName: '0002', startOffset: 0, endOffset: 11 }, reader);
    expect(answer.status).toBe(201);
    const body = JSON.parse(answer.text);
    expect(body).toMatchObject({ kind: 'HIGHLIGHT', paragraphName: '0002', startOffset: 0, endOffset: 11, quote: 'Paragraph 2' });
    quoteId = body.id;
  });

  it('refuses visitors, forged requests and passages that are not there', async () => {
    expect((await create(STORY, { paragraphName: '0002', startOffset: 0, endOffset: 5 })).status).toBe(401);
    expect((await create(STORY, { paragraphName: '0002', startOffset: 0, endOffset: 5 }, reader, 'forged')).status).toBe(403);
    expect((await create(STORY, { paragraphName: '0002', startOffset: 0, endOffset: 5 }, reader, null)).status).toBe(403);
    for (const body of [
      { paragraphName: '0009', startOffset: 0, endOffset: 5 },
      { paragraphName: '0002', startOffset: 5, endOffset: 5 },
      { paragraphName: '0002', startOffset: 0, endOffset: 500 },
      { paragraphName: '0002', startOffset: -1, endOffset: 3 },
      { paragraphName: '0002', startOffset: 0, endOffset: 3, note: '' },
      { paragraphName: '<script>', startOffset: 0, endOffset: 3 },
      [1, 2],
    ]) {
      expect((await create(STORY, body, reader)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await create(STORY, '{nope', reader)).status).toBe(400);
    expect((await create(STORY, { paragraphName: '0002', startOffset: 0, endOffset: 3, note: 'x'.repeat(9000) }, reader)).status).toBe(413);
  });

  it('a story the reader cannot see is a 404; member-only words past the preview are not theirs to quote', async () => {
    expect((await create(POSTS.draft, { paragraphName: '0001', startOffset: 0, endOffset: 5 }, reader)).status).toBe(404);
    // The locked story's preview is two paragraphs (0000, 0001); 0003 is members' only.
    expect((await create(POSTS.locked, { paragraphName: '0003', startOffset: 0, endOffset: 6 }, reader)).status).toBe(400);
    expect((await create(POSTS.locked, { paragraphName: '0003', startOffset: 0, endOffset: 6 }, member)).status).toBe(201);
  });
});

describe('reading', () => {
  it('the reader sees theirs on the story; another reader does not', async () => {
    const mine = await call(HIGHLIGHTS, { postId: STORY }, { session: reader });
    expect(mine.data.post.viewerHighlights.map((h: { id: string }) => h.id)).toEqual([quoteId]);
    const theirs = await call(HIGHLIGHTS, { postId: STORY }, { session: member });
    expect(theirs.data.post.viewerHighlights).toEqual([]);
    expect(theirs.data.post.topHighlight).toMatchObject({ quote: 'Paragraph 2', count: 1 });
  });

  it('the highlight has a public address; a note only its writer can open', async () => {
    expect((await call(ONE, { id: quoteId })).data.highlight).toMatchObject({ id: quoteId, quote: 'Paragraph 2', post: { id: STORY } });
    const note = JSON.parse((await create(STORY, { paragraphName: '0001', startOffset: 0, endOffset: 9, note: 'Remember this' }, reader)).text);
    expect(note).toMatchObject({ kind: 'NOTE', note: 'Remember this' });
    expect((await call(ONE, { id: note.id }, { session: reader })).data.highlight).toMatchObject({ note: 'Remember this' });
    expect((await call(ONE, { id: note.id }, { session: member })).data.highlight).toBeNull();
    expect((await call(ONE, { id: note.id })).data.highlight).toBeNull();
    // The story opens at either address.
    expect((await page(`/p/${STORY}/quotes/${quoteId}`)).status).toBe(200);
    expect((await page(`/p/${STORY}/notes/${note.id}`, reader)).status).toBe(200);
  });

  it('the profile lists highlights, never notes', async () => {
    const html = (await page('/@reader/highlights')).text.replaceAll('<!-- -->', '');
    expect(html).toContain(`data-highlight-id="${quoteId}"`);
    expect(html).toContain(`/p/${STORY}/quotes/${quoteId}`);
    expect(html).not.toContain('Remember this');
    expect(html).not.toContain('Paragraph 1 of');
  });
});

describe('edits', () => {
  it('an edit of another paragraph keeps the highlight where it was', async () => {
    await setParagraphText(STORY, '0001', 'A new first paragraph.');
    const h = (await call(ONE, { id: quoteId })).data.highlight;
    expect(h).toMatchObject({ quote: 'Paragraph 2', startOffset: 0, endOffset: 11 });
  });

  it('new words before the passage in its paragraph move it with them', async () => {
    await setParagraphText(STORY, '0002', `Now: ${P2}`);
    expect((await call(ONE, { id: quoteId })).data.highlight).toMatchObject({ quote: 'Paragraph 2', startOffset: 5, endOffset: 16 });
  });

  it('an edit of the passage itself drops it cleanly', async () => {
    await setParagraphText(STORY, '0002', 'Entirely rewritten.');
    expect((await call(ONE, { id: quoteId })).data.highlight).toBeNull();
    expect((await call(HIGHLIGHTS, { postId: STORY }, { session: reader })).data.post.viewerHighlights.map((h: { kind: string }) => h.kind)).toEqual([]);
    expect((await page('/@reader/highlights')).text).not.toContain(`data-highlight-id="${quoteId}"`);
    await setParagraphText(STORY, '0002', P2);
    await setParagraphText(STORY, '0001', P1);
  });
});

describe('removing', () => {
  it('only the owner removes a highlight', async () => {
    expect((await call(REMOVE, { id: quoteId }, { session: member })).data.deleteHighlight).toBe(false);
    expect((await call(ONE, { id: quoteId })).data.highlight).not.toBeNull();
    expect((await call(REMOVE, { id: quoteId }, { session: reader })).data.deleteHighlight).toBe(true);
    expect((await call(ONE, { id: quoteId })).data.highlight).toBeNull();
    expect((await call(REMOVE, { id: quoteId })).errors?.length).toBeGreaterThan(0);
  });
});
