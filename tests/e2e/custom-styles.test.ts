// Custom style sheets in Chromium (issue 26 point 4; docs/adr/0160-custom-style-sheets.md): a
// writer (@partner) picks other fonts on /me/design and saves; an anonymous reader then sees them
// on the writer's profile and story (the headings' computed font family), and not on another
// writer's profile (@author keeps the style the demo world gave them). At the end the writer's
// design goes back to the site's: browser tests share one database.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, ON_SITE_STORY_CARD } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let writer: DemoSession;

async function graphqlAs(session: DemoSession, query: string) {
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: Record<string, unknown> };
}

beforeAll(async () => {
  browser = await launchBrowser();
  writer = createDemoSessions(['partner']).partner!;
  await graphqlAs(writer, 'mutation { resetUserStyleSheet { id } }');
});
afterAll(async () => {
  if (writer) await graphqlAs(writer, 'mutation { resetUserStyleSheet { id } }');
  await browser?.close();
});

const fontOf = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).fontFamily);

it('a writer changes their fonts; a reader sees them on the writer’s pages only', async () => {
  // The writer picks a Palatino heading and a Helvetica text on /me/design.
  const writerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await writerContext.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
  const editor = await writerContext.newPage();
  await editor.goto(`${baseURL}/me/design`);
  await waitForHydration(editor);
  await editor.getByLabel('Headings font').selectOption('SERIF_2');
  await editor.getByLabel('Text font').selectOption('SANS_SERIF_2');
  await editor.getByRole('textbox', { name: 'Accent colour' }).fill('#eeeeee');
  await editor.getByRole('button', { name: 'Save design' }).click();
  // Too light to read: refused with its reason, and nothing saved.
  await expect.poll(() => editor.getByRole('alert').textContent(), { timeout: 15_000 }).toContain('too light to read on the page');
  await editor.getByRole('textbox', { name: 'Accent colour' }).fill('#1f5f7a');
  await editor.getByRole('button', { name: 'Save design' }).click();
  await expect.poll(() => editor.getByRole('status').filter({ hasText: 'Design saved' }).count(), { timeout: 15_000 }).toBe(1);
  expect(await fontOf(editor, '.design-preview .story-title')).toContain('Palatino');
  await editor.screenshot({ path: '.tmp/e2e-user-design.png' });
  await writerContext.close();

  // An anonymous reader: the writer's profile and story carry the fonts.
  const readerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reader = await readerContext.newPage();
  await reader.goto(`${baseURL}/@partner`);
  await waitForHydration(reader);
  expect(await fontOf(reader, 'main .profile-name')).toContain('Palatino');
  expect(await fontOf(reader, `main ${ON_SITE_STORY_CARD} .story-card-title`)).toContain('Palatino');
  await reader.screenshot({ path: '.tmp/e2e-styled-profile.png' });
  // A story outside publications (in one, the publication's look applies).
  await reader.locator('main .story-card:not(:has(.story-card-collection)) .story-card-link[href^="/"]').first().click();
  await reader.locator('.story-title').waitFor();
  expect(await fontOf(reader, '.story-title')).toContain('Palatino');
  expect(await fontOf(reader, '.story-body')).toContain('Helvetica');

  // Another writer's pages do not: @author keeps their own (serif) headings.
  await reader.goto(`${baseURL}/@author`);
  await waitForHydration(reader);
  const otherHeading = await fontOf(reader, 'main .profile-name');
  expect(otherHeading).not.toContain('Palatino');
  expect(otherHeading).toContain('Georgia');
  await readerContext.close();
}, 120_000);
