// Custom style sheets (issue 26 point 4; docs/adr/0160-custom-style-sheets.md) through /_/graphql
// and the pages: a writer's fonts, accent colour and header layout reach their profile and their
// stories (and only theirs) at once, although the anonymous pages were cached (purge of
// user:{id}); a publication's fonts reach its pages. CSS that tries to escape its bounds, an
// unreadable colour, a font set that is not one of the spec's four: refused with a clear message,
// nothing stored.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTHORS, COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';
import { clearEdgeCache, send, sleep } from './helpers/edge-cache.ts';
import { CLOCK_SKEW_MARGIN_MS } from '../../worker/cache/freshness.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { FONT_STACKS } from '../../shared/custom-style-sheet.ts';

const SHEET = `__typename ... on CustomStyleSheet { id headingFont bodyFont accentColor headerLayout isCustom properties { name value } } ... on BadRequest { message } ... on NotFound { message }`;
const UPDATE = `mutation($h: FontSet!, $b: FontSet!, $a: String, $l: ProfileHeaderLayout!) { updateUserStyleSheet(headingFont: $h, bodyFont: $b, accentColor: $a, headerLayout: $l) { ${SHEET} } }`;
const RESET = `mutation { resetUserStyleSheet { id isCustom } }`;
const PUBLICATION_FONTS = `mutation($c: ID!, $h: FontSet!, $b: FontSet!) { updatePublicationStyleSheet(collectionId: $c, headingFont: $h, bodyFont: $b) { ${SHEET} } }`;
const DESIGN = `mutation($c: ID!, $accent: String, $background: String) {
  updatePublicationDesign(collectionId: $c, headerLayout: AVATAR_AND_NAME, accentColor: $accent, backgroundColor: $background) { __typename ... on BadRequest { message } } }`;

const STYLED = AUTHORS[2]; // author3: stories outside publications
const OTHER = AUTHORS[5]; // author6
let styled: Caller;
let other: Caller;
let owner: Caller;
let styledStory: string;
let otherStory: string;

const sheetRows = () => testDb.prepare('SELECT * FROM custom_style_sheets ORDER BY owner_kind, owner_id').all().then((r) => r.results);
const designRow = (id: string) => testDb.prepare('SELECT * FROM collection_designs WHERE collection_id = ?').bind(id).first();

/** A published story of the writer outside any publication (its page shows the writer's sheet), as /p/{id}. */
async function storyOf(userId: string): Promise<string> {
  const row = await testDb
    .prepare("SELECT id FROM posts WHERE creator_id = ? AND collection_id IS NULL AND status = 'PUBLISHED' AND visibility = 'PUBLIC' AND in_response_to_post_id IS NULL ORDER BY id LIMIT 1")
    .bind(userId)
    .first<{ id: string }>();
  expect(row, `a public story by ${userId}`).toBeTruthy();
  return `/p/${row!.id}`;
}

/** The anonymous page, fetched twice so a cached copy exists (the second is a HIT). */
async function cachedAnonymousPage(path: string): Promise<string> {
  // A render within the clock-skew margin of the last purge is not kept (worker/cache/freshness.ts).
  await sleep(CLOCK_SKEW_MARGIN_MS + 100);
  expect((await send(path)).cacheStatus, path).toBe('MISS');
  const second = await send(path);
  expect(second.cacheStatus, path).toBe('HIT');
  return second.text;
}

/** The page as an anonymous reader gets it, following the story's redirect to its canonical address. */
async function page(path: string): Promise<{ status: number; text: string; cacheStatus: string | null }> {
  let answer = await send(path);
  for (let hops = 0; hops < 3 && answer.status >= 300 && answer.status < 400; hops++) {
    const location = new URL(answer.headers.get('location')!, 'http://localhost:8787');
    answer = await send(location.pathname + location.search, location.host !== 'localhost:8787' ? { host: location.host } : {});
  }
  return answer;
}

beforeAll(async () => {
  await seedWorld(testDb);
  styled = await signedIn(STYLED);
  other = await signedIn(OTHER);
  owner = await signedIn(USERS.writer); // owns The Quill
  styledStory = await storyOf(STYLED);
  otherStory = await storyOf(OTHER);
}, 60_000);
beforeEach(async () => {
  await clearEdgeCache();
  await testDb.prepare('DELETE FROM custom_style_sheets').run();
});

describe("a writer's style sheet", () => {
  it('reaches their cached profile and story at once, and no other writer’s pages', async () => {
    expect(await cachedAnonymousPage('/@author3')).not.toContain('data-owner-style="');
    const storyBefore = await page(styledStory);
    expect(storyBefore.status).toBe(200);
    expect(storyBefore.text).not.toContain('--owner-heading-font:');

    const answer = (await styled.gql(UPDATE, { h: 'SERIF_2', b: 'SANS_SERIF_2', a: '#7A2E1F', l: 'CENTERED' })).data!.updateUserStyleSheet;
    expect(answer).toMatchObject({ __typename: 'CustomStyleSheet', headingFont: 'SERIF_2', bodyFont: 'SANS_SERIF_2', accentColor: '#7a2e1f', headerLayout: 'CENTERED', isCustom: true });
    expect(answer.properties).toEqual([
      { name: '--owner-heading-font', value: FONT_STACKS.SERIF_2 },
      { name: '--owner-body-font', value: FONT_STACKS.SANS_SERIF_2 },
      { name: '--owner-accent', value: '#7a2e1f' },
    ]);
    expect(await sheetRows()).toMatchObject([{ owner_kind: 'user', owner_id: STYLED, heading_font: 'SERIF_2', body_font: 'SANS_SERIF_2', accent_color: '#7a2e1f', header_layout: 'CENTERED' }]);

    const profile = await send('/@author3');
    expect(profile.cacheStatus, 'the cached profile was purged').toBe('MISS');
    expect(profile.text).toContain('data-owner-header="CENTERED"');
    expect(profile.text).toContain('--owner-accent:#7a2e1f');
    expect(profile.text).toMatch(/--owner-heading-font:[^"]*Palatino/);
    const story = await page(styledStory);
    expect(story.text).toMatch(/--owner-body-font:[^"]*Helvetica/);
    expect(story.text).toContain(`data-owner-style="user:${STYLED}"`);

    // Another writer's pages keep the site's look.
    for (const path of ['/@author6', otherStory]) {
      const text = (await page(path)).text;
      expect(text, path).not.toMatch(/--owner-[a-z-]+:/);
      expect(text, path).not.toContain('data-owner-style="');
    }

    // Back to the site's look: the row goes, the pages follow.
    expect((await styled.gql(RESET)).data!.resetUserStyleSheet).toEqual({ id: `user:${STYLED}`, isCustom: false });
    expect(await sheetRows()).toEqual([]);
    expect((await send('/@author3')).text).not.toContain('data-owner-style="');
  });

  it.each([
    ['a style-sheet escape', 'red;}</style><script>alert(1)</script>'],
    ['a javascript: url', 'url(javascript:alert(1))'],
    ['an expression()', 'expression(alert(document.cookie))'],
    ['a second declaration', '#123456;background:url(https://evil.test/x)'],
    ['a named colour', 'red'],
    ['three hex digits', '#fff'],
    ['an import', '@import url(https://evil.test/x.css)'],
  ])('refuses %s as the accent colour, storing nothing', async (_what, accent) => {
    const answer = (await other.gql(UPDATE, { h: 'SERIF_1', b: 'SERIF_1', a: accent, l: 'STANDARD' })).data!.updateUserStyleSheet;
    expect(answer).toEqual({ __typename: 'BadRequest', message: 'The accent colour must be written #rrggbb (for example #1a8917): nothing else is accepted.' });
    expect(await sheetRows()).toEqual([]);
  });

  it('refuses a font that is not one of the spec’s font sets, and a layout it does not know', async () => {
    for (const variables of [
      { h: "SERIF_1;}</style><script>alert(1)</script>", b: 'SERIF_1', a: null, l: 'STANDARD' },
      { h: 'SERIF_1', b: 'Comic Sans', a: null, l: 'STANDARD' },
      { h: 'SERIF_1', b: 'SERIF_1', a: null, l: 'FLOATING' },
    ]) {
      const result = await other.gql(UPDATE, variables);
      expect(result.data, JSON.stringify(variables)).toBeUndefined();
      expect(result.errors?.[0]?.message).toMatch(/FontSet|ProfileHeaderLayout/);
    }
    expect(await sheetRows()).toEqual([]);
  });

  it('refuses an accent too light to read on the page, with the contrast it has', async () => {
    const answer = (await other.gql(UPDATE, { h: 'SERIF_1', b: 'SERIF_1', a: '#f0f0f0', l: 'STANDARD' })).data!.updateUserStyleSheet;
    expect(answer.__typename).toBe('BadRequest');
    expect(answer.message).toBe('The accent colour #f0f0f0 is too light to read on the page (contrast 1.1:1, at least 3:1): choose a darker one.');
    expect(await sheetRows()).toEqual([]);
  });

  it('asks a signed-out visitor to sign in, storing nothing', async () => {
    const result = await loggedOut.gql(UPDATE, { h: 'SERIF_1', b: 'SERIF_1', a: null, l: 'STANDARD' });
    expect(result.errors?.[0]?.message).toMatch(/sign in/i);
    expect(await sheetRows()).toEqual([]);
  });

  it('answers /me/design and /me/styles with the editor to its writer', async () => {
    for (const path of ['/me/design', '/me/styles']) {
      const answer = await send(path, { session: (await createSession(testDb, OTHER)).token });
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).toContain('Design your pages');
      expect(answer.text, path).toContain('Headings font');
    }
  });
});

describe("a publication's style sheet", () => {
  it('its editors set its fonts; its pages show them; anyone else is refused', async () => {
    await cachedAnonymousPage('/the-quill/latest');
    const refusedAnswer = (await other.gql(PUBLICATION_FONTS, { c: COLLECTIONS.quill, h: 'SERIF_2', b: 'SERIF_2' })).data!.updatePublicationStyleSheet;
    expect(refusedAnswer).toEqual({ __typename: 'NotFound', message: 'This publication does not exist.' });
    expect(await sheetRows()).toEqual([]);

    const answer = (await owner.gql(PUBLICATION_FONTS, { c: COLLECTIONS.quill, h: 'SERIF_2', b: 'SANS_SERIF_1' })).data!.updatePublicationStyleSheet;
    expect(answer).toMatchObject({ __typename: 'CustomStyleSheet', id: `collection:${COLLECTIONS.quill}`, headingFont: 'SERIF_2', bodyFont: 'SANS_SERIF_1' });
    const latest = await send('/the-quill/latest');
    expect(latest.cacheStatus).toBe('MISS');
    expect(latest.text).toMatch(/--owner-heading-font:[^"]*Palatino/);
    expect((await page('/daily-bytes/latest')).text).not.toContain('--owner-heading-font:');
  });

  it('refuses masthead colours that cannot be read, storing nothing', async () => {
    const before = await designRow(COLLECTIONS.quill);
    const dark = (await owner.gql(DESIGN, { c: COLLECTIONS.quill, background: '#111111' })).data!.updatePublicationDesign;
    expect(dark.message).toMatch(/^The header background #111111 is too dark for the text on it \(contrast 1\.\d:1, at least 4.5:1\)/);
    const light = (await owner.gql(DESIGN, { c: COLLECTIONS.quill, accent: '#ffff00', background: '#ffffff' })).data!.updatePublicationDesign;
    expect(light.message).toMatch(/^The accent colour #ffff00 is too light to read on the header background/);
    expect(await designRow(COLLECTIONS.quill)).toEqual(before);
  });
});
