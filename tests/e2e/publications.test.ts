// A publication in Chromium (issue 12 item 7; docs/publications.md): a writer of Signal & Noise
// writes a story and submits it; an editor approves it on the submissions page; it is on the
// publication's /latest for an anonymous reader. The editor then gives the publication an accent
// colour on /design and the anonymous /latest shows it at once (the change purged the cached
// page), and adds a link to its navigation (a javascript: address refused with the message). At
// the end the story is unpublished and the design and navigation restored: browser tests share
// one database.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const PUBLICATION = 'signal-and-noise';
let browser: Browser;
let sessions: Record<string, DemoSession>;
let postId: string | null = null;
/** The publication's navigation and design before the tests, given back at the end. */
let navigationBefore: { title: string; kind: string; target: string }[] = [];
let designBefore: { id: string; design: { headerLayout: string; accentColor: string | null; backgroundColor: string | null } } | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  // 'sub' (@grace) writes for Signal & Noise; 'editor' edits it (scripts/demo-world/people.ts).
  sessions = createDemoSessions(['grace', 'editor']);
  const answer = await graphqlAs(sessions.editor!, `query($s: String!) { collection(slug: $s) { id design { headerLayout accentColor backgroundColor } navigation { title kind target } } }`, {
    s: PUBLICATION,
  });
  designBefore = answer.data!.collection as unknown as typeof designBefore;
  navigationBefore = (answer.data!.collection as unknown as { navigation: typeof navigationBefore }).navigation;
});

async function graphqlAs(session: DemoSession, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, { __typename: string } | null> };
}

afterAll(async () => {
  if (postId) await graphqlAs(sessions.grace!, 'mutation($p: ID!) { unpublishPost(postId: $p) { __typename } }', { p: postId });
  if (designBefore) {
    const { id, design } = designBefore;
    await graphqlAs(
      sessions.editor!,
      'mutation($c: ID!, $l: PublicationHeaderLayout!, $a: String, $b: String) { updatePublicationDesign(collectionId: $c, headerLayout: $l, accentColor: $a, backgroundColor: $b) { __typename } }',
      { c: id, l: design.headerLayout, a: design.accentColor, b: design.backgroundColor },
    );
    await graphqlAs(sessions.editor!, 'mutation($c: ID!, $i: [PublicationNavItemInput!]!) { setPublicationNavigation(collectionId: $c, items: $i) { __typename } }', {
      c: id,
      i: navigationBefore,
    });
  }
  await browser?.close();
});

it('a writer submits a story, the editor approves it, it is on the publication’s /latest; a design change shows at once', async () => {
  const title = `Shipping notes ${Date.now().toString(36)}`;

  // The writer writes and submits the story to the publication.
  const writerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await writerContext.addCookies([{ name: 'sid', value: sessions.grace!.token, url: baseURL }]);
  const page = await writerContext.newPage();
  await page.goto(baseURL + '/new-story');
  await waitForHydration(page);
  const editor = page.locator('[data-testid="story-editor"]');
  await editor.waitFor();
  await page.fill('input[aria-label="Title"]', title);
  await editor.click();
  await page.keyboard.type('We shipped on a Friday and nothing broke, which is its own kind of story.');
  await expect.poll(() => page.locator('[data-testid="save-status"]').textContent(), { timeout: 15_000 }).toBe('Saved');
  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish story' });
  await dialog.getByRole('combobox').selectOption({ label: 'Submit to Signal & Noise' });
  await expect.poll(() => dialog.textContent()).toContain('editors review your story');
  const send = dialog.getByRole('checkbox', { name: /Send to subscribers/ });
  if (await send.isChecked()) await send.uncheck();
  await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/new-story') && !url.pathname.endsWith('/edit')), dialog.getByRole('button', { name: 'Submit' }).click()]);
  postId = /([0-9a-f]{12})(?:$|[/?#])/.exec(new URL(page.url()).pathname)?.[1] ?? null;
  expect(postId, page.url()).not.toBeNull();
  await writerContext.close();

  // Not in the publication yet.
  const anonymous = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reader = await anonymous.newPage();
  await reader.goto(`${baseURL}/${PUBLICATION}/latest`);
  expect(await reader.locator(`[data-post-id="${postId}"]`).count()).toBe(0);

  // The editor approves it.
  const editorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await editorContext.addCookies([{ name: 'sid', value: sessions.editor!.token, url: baseURL }]);
  const editorPage = await editorContext.newPage();
  await editorPage.goto(`${baseURL}/${PUBLICATION}/submissions`);
  await waitForHydration(editorPage);
  const submission = editorPage.locator(`[data-testid="submissions"] [data-post-id="${postId}"]`);
  await submission.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => editorPage.locator('[data-testid="toast-viewport"]').textContent()).toContain(`“${title}” was added to Signal & Noise.`);

  // It is on the publication's /latest for the anonymous reader.
  await reader.goto(`${baseURL}/${PUBLICATION}/latest`);
  await reader.locator(`[data-post-id="${postId}"]`).waitFor();
  expect(await reader.locator(`[data-post-id="${postId}"] .story-card-title`).textContent()).toBe(title);

  // The editor sets an accent colour on /design; the anonymous /latest shows it on the next read.
  await editorPage.goto(`${baseURL}/${PUBLICATION}/design`);
  await waitForHydration(editorPage);
  await editorPage.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('#0b5394');
  await editorPage.getByRole('button', { name: 'Save design' }).click();
  await expect.poll(() => editorPage.getByRole('status').textContent()).toContain('Design saved');
  await reader.goto(`${baseURL}/${PUBLICATION}/latest`);
  expect(await reader.locator('.publication-masthead').getAttribute('style')).toContain('--publication-accent:#0b5394');
  await reader.screenshot({ path: '.tmp/e2e-publication-latest.png' });

  await anonymous.close();
  await editorContext.close();
});

it('the editor adds a link to the navigation: a javascript: address is refused, a web address shows in the masthead', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: sessions.editor!.token, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(`${baseURL}/${PUBLICATION}/settings/navigation`);
  await waitForHydration(page);
  const items = page.locator('[data-testid="navigation-items"] li');
  const before = await items.count();
  await page.getByRole('button', { name: 'Add a link' }).click();
  const n = before + 1;
  await page.getByRole('textbox', { name: `Title ${n}` }).fill('Our jobs board');
  await page.getByRole('combobox', { name: `Kind ${n}` }).selectOption('LINK');
  await page.getByRole('textbox', { name: `Address ${n}` }).fill('javascript:alert(document.cookie)');
  await page.getByRole('button', { name: 'Save navigation' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('“Our jobs board” must link to a web address (http or https).');

  await page.getByRole('textbox', { name: `Address ${n}` }).fill('https://jobs.example.com/');
  await page.getByRole('button', { name: 'Save navigation' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toBe('Navigation saved.');

  const anonymous = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reader = await anonymous.newPage();
  await reader.goto(`${baseURL}/${PUBLICATION}/latest`);
  const link = reader.locator('.publication-nav').getByRole('link', { name: 'Our jobs board' });
  expect(await link.getAttribute('href')).toBe('https://jobs.example.com/');
  await anonymous.close();
  await context.close();
});

// One page per test: fourteen pages in one test outran its budget on a busy two-core machine.
async function axeViolations(path: string, session: DemoSession | null): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (session) await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  expect((await page.goto(baseURL + path))?.status(), path).toBe(200);
  await waitForHydration(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  await context.close();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${path} ${v.id}: ${v.help} — ${n.target.join(' ')}`));
}

it.each(['latest', 'trending', 'featured', 'archive', 'all', 'start-here/home'])(
  'axe finds no WCAG 2.2 AA violation on the reader’s view /%s',
  async (view) => {
    expect(await axeViolations(`/${PUBLICATION}/${view}`, null)).toEqual([]);
  },
);

it.each(['edit', 'design', 'settings/navigation', 'settings/feature-pages', 'permissions', 'new', 'stats', 'stats/publication-digests'])(
  'axe finds no WCAG 2.2 AA violation on the editor’s management page /%s',
  async (manage) => {
    expect(await axeViolations(`/${PUBLICATION}/${manage}`, sessions.editor!)).toEqual([]);
  },
);
