// Running a publication (issue 12 item 7; docs/publications.md) through /_/graphql and the pages:
// its owner and editors change its details, images, design, navigation and feature pages, and
// each change reaches the cached anonymous page at once (purge of collection:{id}). Everyone
// else — a writer of the publication, another reader, a signed-out visitor — is refused, sees
// 404 on the management pages, and changes nothing. Hostile input (overlong names, script and
// data links, style-breaking colours, SVG and other people's uploads, reserved addresses) is
// refused with a clear message.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';
import { clearEdgeCache, send, sleep } from './helpers/edge-cache.ts';
import { CLOCK_SKEW_MARGIN_MS } from '../../worker/cache/freshness.ts';

const RESULT = `__typename ... on Collection { id name description about design { headerLayout accentColor backgroundColor logoId } navigation { title kind target } avatarId faviconId }
  ... on BadRequest { message } ... on NotFound { message }`;
const UPDATE = `mutation($c: ID!, $name: String!, $tagline: String!, $about: String) { updatePublication(collectionId: $c, name: $name, tagline: $tagline, about: $about) { ${RESULT} } }`;
const IMAGE = `mutation($c: ID!, $kind: PublicationImageKind!, $id: String) { setPublicationImage(collectionId: $c, kind: $kind, imageId: $id) { ${RESULT} } }`;
const DESIGN = `mutation($c: ID!, $layout: PublicationHeaderLayout!, $accent: String, $background: String) {
  updatePublicationDesign(collectionId: $c, headerLayout: $layout, accentColor: $accent, backgroundColor: $background) { ${RESULT} } }`;
const NAV = `mutation($c: ID!, $items: [PublicationNavItemInput!]!) { setPublicationNavigation(collectionId: $c, items: $items) { ${RESULT} } }`;
const SAVE_PAGE = `mutation($c: ID!, $id: ID, $slug: String!, $title: String!, $body: String!, $tag: String, $nav: Boolean!) {
  saveFeaturePage(collectionId: $c, id: $id, slug: $slug, title: $title, body: $body, tagSlug: $tag, showInNav: $nav) {
    __typename ... on FeaturePage { id slug title showInNav } ... on BadRequest { message } ... on NotFound { message } } }`;
const DELETE_PAGE = `mutation($c: ID!, $id: ID!) { deleteFeaturePage(collectionId: $c, id: $id) { ${RESULT} } }`;

// A 2×2 PNG and an SVG with script.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

const QUILL = COLLECTIONS.quill; // owner: USERS.writer
const BYTES = COLLECTIONS.dailyBytes; // USERS.writer is only a writer there

let owner: Caller;
let outsider: Caller;
let ownerSession: { token: string; xsrf: string };
let outsiderSession: { token: string; xsrf: string };

beforeAll(async () => {
  await seedWorld(testDb);
  ownerSession = await createSession(testDb, USERS.writer);
  outsiderSession = await createSession(testDb, USERS.friend);
  owner = await signedIn(USERS.writer);
  outsider = await signedIn(USERS.friend);
});
beforeEach(async () => {
  await clearEdgeCache();
});

async function upload(session: { token: string; xsrf: string }, bytes: Uint8Array, name: string): Promise<Response> {
  const body = new FormData();
  body.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
  return workerFetch('http://localhost:8787/_/upload', { method: 'POST', headers: { cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf }, body });
}

const row = (id: string) => testDb.prepare('SELECT name, description, avatar_id, favicon_id FROM collections WHERE id = ?').bind(id).first();
const designRow = (id: string) => testDb.prepare('SELECT * FROM collection_designs WHERE collection_id = ?').bind(id).first();
const navRows = (id: string) => testDb.prepare('SELECT title, kind, target FROM collection_nav_items WHERE collection_id = ? ORDER BY position').bind(id).all().then((r) => r.results);

/** The anonymous publication page, fetched twice so a cached copy exists (the second is a HIT). */
async function cachedAnonymousPage(path: string): Promise<string> {
  // A render that starts within the clock-skew margin of the last purge is served but not kept
  // (worker/cache/freshness.ts): the previous test's change may be that recent.
  await sleep(CLOCK_SKEW_MARGIN_MS + 100);
  expect((await send(path)).cacheStatus, path).toBe('MISS');
  const second = await send(path);
  expect(second.cacheStatus, path).toBe('HIT');
  return second.text;
}

describe('who may manage a publication', () => {
  const MANAGEMENT_PAGES = ['/edit', '/settings', '/settings/about', '/settings/navigation', '/settings/feature-pages', '/settings/followers', '/permissions', '/design', '/styles', '/new'];

  it('its owner reaches every management page; a writer of it, another reader and a visitor get 404', async () => {
    for (const page of MANAGEMENT_PAGES) {
      expect((await send(`/the-quill${page}`, { session: ownerSession.token })).status, page).toBe(200);
      // USERS.writer writes for Daily Bytes but does not edit it.
      expect((await send(`/daily-bytes${page}`, { session: ownerSession.token })).status, page).toBe(404);
      expect((await send(`/the-quill${page}`, { session: outsiderSession.token })).status, page).toBe(404);
      expect((await send(`/the-quill${page}`)).status, page).toBe(404);
    }
  });

  it('refuses every change from anyone but its owner and editors, and changes nothing', async () => {
    const before = [await row(BYTES), await designRow(BYTES), await navRows(BYTES)];
    const calls: [string, Record<string, unknown>, string][] = [
      [UPDATE, { c: BYTES, name: 'Taken over', tagline: '' }, 'updatePublication'],
      [IMAGE, { c: BYTES, kind: 'AVATAR', id: null }, 'setPublicationImage'],
      [DESIGN, { c: BYTES, layout: 'NAME_ONLY', accent: '#000000' }, 'updatePublicationDesign'],
      [NAV, { c: BYTES, items: [{ title: 'Mine', kind: 'LINK', target: 'https://example.com/' }] }, 'setPublicationNavigation'],
      [SAVE_PAGE, { c: BYTES, slug: 'mine', title: 'Mine', body: '', nav: true }, 'saveFeaturePage'],
      [DELETE_PAGE, { c: BYTES, id: 'nope' }, 'deleteFeaturePage'],
    ];
    for (const [query, variables, field] of calls) {
      expect((await owner.gql(query, variables)).data![field].__typename, `${field} by a writer of it`).toBe('NotFound');
      expect((await outsider.gql(query, variables)).data![field].__typename, `${field} by another reader`).toBe('NotFound');
      const anonymous = await loggedOut.gql(query, variables);
      expect(anonymous.errors?.[0]?.extensions?.code, `${field} signed out`).toBe('UNAUTHENTICATED');
    }
    expect([await row(BYTES), await designRow(BYTES), await navRows(BYTES)]).toEqual(before);
  });

  it('a forged request (no anti-forgery token) changes nothing', async () => {
    const response = await workerFetch('http://localhost:8787/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${ownerSession.token}` },
      body: JSON.stringify({ query: UPDATE, variables: { c: QUILL, name: 'Forged', tagline: '' } }),
    });
    const answer = (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await row(QUILL))!.name).toBe('The Quill');
  });
});

describe('editors and writers', () => {
  const REMOVE = `mutation($c: ID!, $u: ID!) { removePublicationMember(collectionId: $c, userId: $u) { __typename ... on Collection { members { role user { id } } } ... on NotFound { message } } }`;
  const roleOf = async (userId: string) =>
    (await testDb.prepare('SELECT role FROM collection_members WHERE collection_id = ? AND user_id = ?').bind(QUILL, userId).first<{ role: string }>())?.role ?? null;

  it('the owner removes a member; nobody else can; the owner is never removed', async () => {
    await testDb.prepare("INSERT INTO collection_members (collection_id, user_id, role, created_at) VALUES (?, ?, 'WRITER', 0)").bind(QUILL, USERS.reader).run();
    expect((await outsider.gql(REMOVE, { c: QUILL, u: USERS.reader })).data!.removePublicationMember.__typename).toBe('NotFound');
    expect(await roleOf(USERS.reader)).toBe('WRITER');
    const removed = (await owner.gql(REMOVE, { c: QUILL, u: USERS.reader })).data!.removePublicationMember;
    expect(removed.members.map((m: { user: { id: string } }) => m.user.id)).not.toContain(USERS.reader);
    expect(await roleOf(USERS.reader)).toBeNull();
    await owner.gql(REMOVE, { c: QUILL, u: USERS.writer });
    expect(await roleOf(USERS.writer)).toBe('OWNER');
  });
});

describe('details and images', () => {
  it('renames the publication: the cached anonymous page shows the new name on the next read', async () => {
    expect(await cachedAnonymousPage('/the-quill/latest')).toContain('The Quill');
    const answer = (await owner.gql(UPDATE, { c: QUILL, name: '  The   Quill  Review ', tagline: 'Words,\n worth keeping', about: 'A longer story about us.' })).data!.updatePublication;
    expect(answer).toMatchObject({ __typename: 'Collection', name: 'The Quill Review', description: 'Words, worth keeping', about: 'A longer story about us.' });
    const after = await send('/the-quill/latest');
    expect(after.cacheStatus).toBe('MISS');
    expect(after.text).toContain('The Quill Review');
    expect((await send('/the-quill/about')).text).toContain('A longer story about us.');
  });

  it.each([
    ['an empty name', { name: '   ', tagline: '' }, 'needs a name'],
    ['a name of 101 characters', { name: 'n'.repeat(101), tagline: '' }, 'at most 100 characters'],
    ['a tagline of 161 characters', { name: 'Fine', tagline: 't'.repeat(161) }, 'at most 160 characters'],
    ['an about text of 2,001 characters', { name: 'Fine', tagline: '', about: 'a'.repeat(2001) }, 'at most 2000 characters'],
  ])('refuses %s', async (_what, variables, message) => {
    const before = await row(QUILL);
    const answer = (await owner.gql(UPDATE, { c: QUILL, ...variables })).data!.updatePublication;
    expect(answer.__typename).toBe('BadRequest');
    expect(answer.message).toContain(message);
    expect(await row(QUILL)).toEqual(before);
  });

  it('sets avatar, logo and favicon from the owner’s uploads; the favicon is the page’s icon', async () => {
    const uploaded = (await (await upload(ownerSession, PNG, 'a.png')).json()) as { id: string };
    for (const kind of ['AVATAR', 'LOGO', 'FAVICON']) {
      expect((await owner.gql(IMAGE, { c: QUILL, kind, id: uploaded.id })).data!.setPublicationImage.__typename, kind).toBe('Collection');
    }
    expect(await row(QUILL)).toMatchObject({ avatar_id: uploaded.id, favicon_id: uploaded.id });
    expect(await designRow(QUILL)).toMatchObject({ logo_id: uploaded.id });
    const html = (await send('/the-quill/latest')).text;
    expect(html).toMatch(new RegExp(`<link rel="icon" href="[^"]*/${uploaded.id.replace('.', '\\.')}"`));
    // The site's own pages keep the product's icon.
    expect((await send('/about')).text).toMatch(/<link rel="icon" href="\/favicon-[a-z]+\.svg"/);
  });

  it('refuses someone else’s upload and an id that was never uploaded', async () => {
    const theirs = (await (await upload(outsiderSession, PNG, 'b.png')).json()) as { id: string };
    for (const id of [theirs.id, '0123456789abcdef01234567.png', 'javascript:alert(1)']) {
      const answer = (await owner.gql(IMAGE, { c: QUILL, kind: 'AVATAR', id })).data!.setPublicationImage;
      expect(answer.__typename, id).toBe('BadRequest');
      expect(answer.message).toContain('Upload the image first');
    }
  });

  it('an SVG or an oversized file never becomes an upload to set', async () => {
    const svg = await upload(ownerSession, SVG, 'logo.svg');
    expect(svg.status).toBe(415);
    expect(((await svg.json()) as { error: string }).error).toBe('SVG_REFUSED');
    const huge = await upload(ownerSession, new Uint8Array(26 * 1024 * 1024), 'huge.png');
    expect(huge.status).toBe(413);
  });
});

describe('design', () => {
  it('stores the header layout and colours and applies them to the publication’s pages', async () => {
    await owner.gql(IMAGE, { c: QUILL, kind: 'LOGO', id: null });
    const refused = (await owner.gql(DESIGN, { c: QUILL, layout: 'LOGO' })).data!.updatePublicationDesign;
    expect(refused).toMatchObject({ __typename: 'BadRequest', message: 'Upload a logo before choosing the logo header.' });

    await cachedAnonymousPage('/the-quill/archive');
    const answer = (await owner.gql(DESIGN, { c: QUILL, layout: 'NAME_ONLY', accent: '#1A8917', background: '#f7efe6' })).data!.updatePublicationDesign;
    expect(answer.design).toEqual({ headerLayout: 'NAME_ONLY', accentColor: '#1a8917', backgroundColor: '#f7efe6', logoId: null });
    for (const path of ['/the-quill/archive', '/the-quill/latest', '/the-quill/featured']) {
      const page = await send(path);
      expect(page.cacheStatus, path).toBe('MISS');
      expect(page.text, path).toContain('data-header-layout="NAME_ONLY"');
      expect(page.text, path).toContain('--publication-accent:#1a8917');
      expect(page.text, path).not.toContain('class="publication-masthead-avatar"');
    }
  });

  it.each(['red', '#fff', '#12345g', '#123456;background:url(https://evil.test/x)', 'javascript:alert(1)', '#1234567'])('refuses the colour %j', async (accent) => {
    const before = await designRow(QUILL);
    const answer = (await owner.gql(DESIGN, { c: QUILL, layout: 'AVATAR_AND_NAME', accent })).data!.updatePublicationDesign;
    expect(answer.__typename).toBe('BadRequest');
    expect(answer.message).toContain('#rrggbb');
    expect(await designRow(QUILL)).toEqual(before);
  });
});

describe('navigation', () => {
  it('saves tags, pages and web addresses in order; the masthead shows them', async () => {
    await cachedAnonymousPage('/the-quill/trending');
    const items = [
      { title: 'Writing', kind: 'TAG', target: 'writing' },
      { title: 'Elsewhere', kind: 'LINK', target: 'https://example.com/elsewhere' },
      { title: 'Tech', kind: 'TAG', target: 'Technology' },
    ];
    const answer = (await owner.gql(NAV, { c: QUILL, items })).data!.setPublicationNavigation;
    expect(answer.navigation).toEqual([
      { title: 'Writing', kind: 'TAG', target: 'writing' },
      { title: 'Elsewhere', kind: 'LINK', target: 'https://example.com/elsewhere' },
      { title: 'Tech', kind: 'TAG', target: 'technology' },
    ]);
    const page = await send('/the-quill/trending');
    expect(page.cacheStatus).toBe('MISS');
    const nav = /<nav class="publication-nav"[^>]*>(.*?)<\/nav>/s.exec(page.text)?.[1] ?? '';
    expect([...nav.matchAll(/>([^<>]+)<\/a>/g)].map((m) => m[1])).toEqual(['Writing', 'Elsewhere', 'Tech']);
    expect(nav).toContain('href="https://example.com/elsewhere"');
    expect(nav).toContain('/tagged/writing"');
  });

  it.each([
    ['a javascript: link', { title: 'Click', kind: 'LINK', target: 'javascript:alert(document.cookie)' }, 'web address (http or https)'],
    ['a javascript: link in disguise', { title: 'Click', kind: 'LINK', target: ' JaVaScRiPt:alert(1)' }, 'web address (http or https)'],
    ['a data: link', { title: 'Click', kind: 'LINK', target: 'data:text/html,<script>alert(1)</script>' }, 'web address (http or https)'],
    ['a mailto: link', { title: 'Mail', kind: 'LINK', target: 'mailto:a@b.test' }, 'web address (http or https)'],
    ['an unknown tag', { title: 'Nope', kind: 'TAG', target: 'no-such-tag-here' }, 'There is no tag'],
    ['a page it does not have', { title: 'Nope', kind: 'FEATURE_PAGE', target: 'nope' }, 'has no page'],
    ['a title of 41 characters', { title: 'x'.repeat(41), kind: 'TAG', target: 'writing' }, 'at most 40 characters'],
  ])('refuses %s and keeps the navigation as it was', async (_what, item, message) => {
    const before = await navRows(QUILL);
    const answer = (await owner.gql(NAV, { c: QUILL, items: [{ title: 'Writing', kind: 'TAG', target: 'writing' }, item] })).data!.setPublicationNavigation;
    expect(answer.__typename).toBe('BadRequest');
    expect(answer.message).toContain(message);
    expect(await navRows(QUILL)).toEqual(before);
  });

  it('holds at most 12 items', async () => {
    const items = Array.from({ length: 13 }, (_, i) => ({ title: `Item ${i}`, kind: 'TAG', target: 'writing' }));
    expect((await owner.gql(NAV, { c: QUILL, items })).data!.setPublicationNavigation.message).toContain('up to 12 items');
  });
});

describe('feature pages', () => {
  it('creates a page shown in the navigation and at /{slug}/home, with its text inert; deleting takes both away', async () => {
    const hostile = 'Welcome <script>alert(1)</script>\n\n<img src=x onerror=alert(2)> second paragraph';
    const createdAnswer = await owner.gql(SAVE_PAGE, { c: QUILL, slug: 'start-here', title: 'Start here', body: hostile, tag: 'Writing', nav: true });
    expect(createdAnswer.errors).toBeUndefined();
    const created = createdAnswer.data!.saveFeaturePage;
    expect(created).toMatchObject({ __typename: 'FeaturePage', slug: 'start-here', title: 'Start here', showInNav: true });
    expect((await navRows(QUILL)).at(-1)).toEqual({ title: 'Start here', kind: 'FEATURE_PAGE', target: 'start-here' });

    const page = await send('/the-quill/start-here/home');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Welcome &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text.match(/class="feature-page-paragraph"/g)).toHaveLength(2);
    // Its tag's stories in the publication follow the text.
    expect(page.text).toContain('class="story-card"');
    expect((await send('/the-quill/featured')).text).toContain('Start here');

    // Renamed address: the navigation item follows it.
    const renamed = (await owner.gql(SAVE_PAGE, { c: QUILL, id: created.id, slug: 'welcome', title: 'Welcome', body: 'Hello.', nav: true })).data!.saveFeaturePage;
    expect(renamed.slug).toBe('welcome');
    expect((await navRows(QUILL)).filter((n) => n.kind === 'FEATURE_PAGE')).toEqual([{ title: 'Start here', kind: 'FEATURE_PAGE', target: 'welcome' }]);
    expect((await send('/the-quill/start-here/home')).status).toBe(404);

    expect((await owner.gql(DELETE_PAGE, { c: QUILL, id: created.id })).data!.deleteFeaturePage.__typename).toBe('Collection');
    expect((await navRows(QUILL)).some((n) => n.kind === 'FEATURE_PAGE')).toBe(false);
    expect((await send('/the-quill/welcome/home')).status).toBe(404);
  });

  it.each([
    ['an address the publication’s own pages use', { slug: 'latest' }, 'taken by the publication'],
    ['an address with a slash', { slug: 'a/b' }, 'lowercase letters, digits and hyphens'],
    ['an address of 41 characters', { slug: 'a'.repeat(41) }, 'lowercase letters, digits and hyphens'],
    ['a title of 101 characters', { title: 't'.repeat(101) }, 'at most 100 characters'],
    ['a text of 20,001 characters', { body: 'b'.repeat(20_001) }, '20,000 characters'],
    ['an unknown tag', { tag: 'no-such-tag-here' }, 'There is no tag'],
  ])('refuses %s', async (_what, change, message) => {
    const count = async () => (await testDb.prepare('SELECT count(*) AS n FROM collection_feature_pages').first<{ n: number }>())!.n;
    const before = await count();
    const answer = (await owner.gql(SAVE_PAGE, { c: QUILL, slug: 'fine', title: 'Fine', body: '', nav: false, ...change })).data!.saveFeaturePage;
    expect(answer.__typename).toBe('BadRequest');
    expect(answer.message).toContain(message);
    expect(await count()).toBe(before);
  });

  it('a page that cannot join a full navigation is not created either (nothing half-written)', async () => {
    const full = Array.from({ length: 12 }, (_, i) => ({ title: `Item ${i}`, kind: 'TAG', target: 'writing' }));
    expect((await owner.gql(NAV, { c: QUILL, items: full })).data!.setPublicationNavigation.__typename).toBe('Collection');
    const answer = (await owner.gql(SAVE_PAGE, { c: QUILL, slug: 'thirteenth', title: 'Thirteenth', body: '', nav: true })).data!.saveFeaturePage;
    expect(answer.message).toContain('The navigation holds up to 12 items');
    expect(await testDb.prepare("SELECT id FROM collection_feature_pages WHERE slug = 'thirteenth'").first()).toBeNull();
    expect(await navRows(QUILL)).toHaveLength(12);
    await owner.gql(NAV, { c: QUILL, items: [] });
  });

  it('refuses a second page at the same address, and another publication’s page id', async () => {
    const first = (await owner.gql(SAVE_PAGE, { c: QUILL, slug: 'twice', title: 'Twice', body: '', nav: false })).data!.saveFeaturePage;
    expect(first.__typename).toBe('FeaturePage');
    expect((await owner.gql(SAVE_PAGE, { c: QUILL, slug: 'twice', title: 'Again', body: '', nav: false })).data!.saveFeaturePage.message).toContain('already has a page');
    // The owner edits Pending Press too: a Quill page id is not one of its pages.
    const other = (await owner.gql(SAVE_PAGE, { c: COLLECTIONS.pending, id: first.id, slug: 'twice', title: 'Stolen', body: '', nav: false })).data!.saveFeaturePage;
    expect(other.__typename).toBe('NotFound');
    expect((await testDb.prepare('SELECT title FROM collection_feature_pages WHERE id = ?').bind(first.id).first())!.title).toBe('Twice');
  });
});
