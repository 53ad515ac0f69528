// /me/stories/{drafts,public,unlisted,responses,deleted} (issue 12 item 5): each tab is its own
// list of the signed-in writer's stories, and nobody else's; the editor and story settings pages
// answer the author and 404 anyone else (a draft's existence is private); /m-write is the
// mobile web editor; a revert opens the earlier revision; series addresses answer the series pages (docs/series.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';

let writerCookie: string;
let readerCookie: string;
beforeAll(async () => {
  await seedWorld(testDb);
  writerCookie = `sid=${(await createSession(testDb, USERS.writer)).token}`;
  readerCookie = `sid=${(await createSession(testDb, USERS.reader)).token}`;
});

async function page(path: string, cookie?: string) {
  const response = await workerFetch(`http://localhost:8787${path}`, cookie ? { headers: { cookie } } : {});
  return { status: response.status, pageName: response.headers.get('x-page-name'), html: await response.text() };
}

describe('your stories', () => {
  it.each([
    ['drafts', ['Draft Story'], ['Open Story', 'Unlisted Story', 'Trashed Draft']],
    ['public', ['Open Story', 'Members Story'], ['Draft Story', 'Unlisted Story', 'Trashed Story']],
    ['unlisted', ['Unlisted Story'], ['Open Story', 'Draft Story']],
    ['deleted', ['Trashed Story', 'Trashed Draft'], ['Open Story', 'Draft Story']],
  ])('/me/stories/%s lists that kind of the writer’s stories only', async (filter, shown, hidden) => {
    const answer = await page(`/me/stories/${filter}`, writerCookie);
    expect(answer.status).toBe(200);
    expect(answer.pageName).toBe('your-stories');
    for (const title of shown) expect(answer.html, title).toContain(title);
    for (const title of hidden) expect(answer.html, title).not.toContain(title);
  });

  it('/me/stories/responses lists the writer’s responses, not stories', async () => {
    const answer = await page('/me/stories/responses', readerCookie);
    expect(answer.html).toContain('A Response');
    expect(answer.html).not.toContain('Open Story');
  });

  it('the editor opens the author’s draft and answers 404 to anyone else', async () => {
    const own = await page(`/p/${POSTS.draft}/edit`, writerCookie);
    expect(own.status).toBe(200);
    expect(own.pageName).toBe('edit-story');
    expect(own.html).toContain('Draft Story');
    const other = await page(`/p/${POSTS.draft}/edit`, readerCookie);
    expect(other.status).toBe(404);
    expect(other.html).not.toContain('Draft Story');
    const anonymous = await page(`/p/${POSTS.draft}/edit`);
    expect(anonymous.html).not.toContain('Draft Story');
    expect((await page('/new-story', writerCookie)).status).toBe(200);
  });
});

describe('writing pages', () => {
  it('/p/{postId}/revert/{versionId}/{baseRev} opens the earlier revision for its author', async () => {
    const writer = await signedIn(USERS.writer);
    const SAVE = `mutation($postId: ID, $baseRev: Int!, $text: String!) { saveDraft(postId: $postId, baseRev: $baseRev, title: "Revert me", subtitle: "", contentJson: $text) { __typename ... on DraftSaved { rev post { id } } } }`;
    const body = (text: string) => JSON.stringify({ paragraphs: [{ name: '0001', type: 'P', text, markups: [] }] });
    const first = (await writer.gql(SAVE, { postId: null, baseRev: 0, text: body('The first version.') })).data!.saveDraft;
    await writer.gql(SAVE, { postId: first.post.id, baseRev: 1, text: body('The second version.') });
    const revert = await page(`/p/${first.post.id}/revert/1/2`, writerCookie);
    expect(revert.status).toBe(200);
    expect(revert.html).toContain('The first version.');
    expect(revert.html).not.toContain('The second version.');
    expect((await page(`/p/${first.post.id}/revert/1/2`, readerCookie)).status).toBe(404);
  });

  it('/p/{postId}/deltas lists the story’s revisions, newest first, with restore links, for its author only', async () => {
    const writer = await signedIn(USERS.writer);
    const SAVE = `mutation($postId: ID, $baseRev: Int!, $title: String!) { saveDraft(postId: $postId, baseRev: $baseRev, title: $title, subtitle: "", contentJson: "{\\"paragraphs\\":[]}") { __typename ... on DraftSaved { rev post { id } } } }`;
    const first = (await writer.gql(SAVE, { postId: null, baseRev: 0, title: 'History one' })).data!.saveDraft;
    await writer.gql(SAVE, { postId: first.post.id, baseRev: 1, title: 'History two' });
    await writer.gql(SAVE, { postId: first.post.id, baseRev: 2, title: 'History three' });
    const history = await page(`/p/${first.post.id}/deltas`, writerCookie);
    expect(history.status).toBe(200);
    expect(history.pageName).toBe('post-deltas');
    const three = history.html.indexOf('History three');
    const two = history.html.indexOf('History two');
    const one = history.html.indexOf('History one');
    expect(three).toBeGreaterThan(-1);
    expect(three).toBeLessThan(two);
    expect(two).toBeLessThan(one);
    // Each earlier revision restores on top of the newest (3); the newest has no restore link.
    expect(history.html).toContain(`/p/${first.post.id}/revert/2/3`);
    expect(history.html).toContain(`/p/${first.post.id}/revert/1/3`);
    expect(history.html).not.toContain(`/p/${first.post.id}/revert/3/3`);
    // Someone else's story, or none: 404 with nothing of it; signed out: the sign-in notice.
    const other = await page(`/p/${first.post.id}/deltas`, readerCookie);
    expect(other.status).toBe(404);
    expect(other.html).not.toContain('History two');
    expect((await page('/p/0123456789ab/deltas', writerCookie)).status).toBe(404);
    const anonymous = await page(`/p/${first.post.id}/deltas`);
    expect(anonymous.html).not.toContain('History two');
    expect(anonymous.html).toContain('data-testid="signed-out-notice"');
  });

  it('the story settings page answers the author and 404 anyone else', async () => {
    const own = await page(`/p/${POSTS.open}/settings`, writerCookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain('Story settings');
    expect((await page(`/p/${POSTS.open}/settings`, readerCookie)).status).toBe(404);
  });

  it('/m-write is the mobile web editor: a new story, or the writer’s own one at /m-write/{postId}; 404 for anyone else', async () => {
    const fresh = await page('/m-write', writerCookie);
    expect(fresh.status).toBe(200);
    expect(fresh.pageName).toBe('mobile-web-editor-redirect');
    expect(fresh.html).toContain('data-editor="mobile"');
    const draftTitle = (await testDb.prepare('SELECT title FROM posts WHERE id = ?').bind(POSTS.draft).first<{ title: string }>())!.title;
    const own = await page(`/m-write/${POSTS.draft}`, writerCookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain('data-editor="mobile"');
    expect(own.html).toContain(draftTitle);
    const other = await page(`/m-write/${POSTS.draft}`, readerCookie);
    expect(other.status).toBe(404);
    expect(other.html).not.toContain(draftTitle);
  });

  it.each(['/new-series', '/s/new'])('%s is the new-series form for a writer (docs/series.md)', async (path) => {
    const answer = await page(path, writerCookie);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('New series');
    expect(answer.html).not.toContain('Series are not offered');
  });

  it.each([`/series/${POSTS.open}`, `/series/${POSTS.open}/edit`, '/s/some-sequence', '/s/some-sequence/edit'])(
    '%s names no series: a clear 404, no other page\'s content',
    async (path) => {
      const answer = await page(path, writerCookie);
      expect(answer.status).toBe(404);
      expect(answer.html).toContain('This series does not exist.');
      expect(answer.html).not.toContain('Open Story');
    },
  );
});
