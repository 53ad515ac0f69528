// Series in Chromium on the seeded site (docs/series.md): a writer (ada) builds a series of three
// of her stories at /new-series (title, address, Add part ×3, Move up, Publish), and a reader opens
// it, reads its parts in order through "Next part" ("Part 1 of 3" … "Part 3 of 3") and follows it.
// Everything is found by its visible text; screenshots at 1280 and 390 px go to .tmp/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');

let browser: Browser;
let sessions: Record<string, DemoSession>;

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = createDemoSessions(['ada', 'reader']);
});

afterAll(async () => {
  await browser?.close();
});

async function pageAs(username: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'sid', value: sessions[username]!.token, url: baseURL }]);
  return context.newPage();
}

async function open(page: Page, path: string) {
  const response = await page.goto(baseURL + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

describe('series', () => {
  it('a writer builds a series of three stories; a reader reads it in order and follows it', async () => {
    const stamp = Date.now().toString(36);
    const title = `Winter Letters ${stamp}`;
    const slug = `winter-letters-${stamp}`;

    // The writer: a new series, three parts, one moved up, published.
    const writer = await pageAs('ada', 1280);
    const { consoleErrors } = watchPage(writer);
    await open(writer, '/new-series');
    await writer.getByRole('heading', { name: 'New series' }).waitFor();
    await writer.getByLabel('Title').fill(title);
    await expect(writer.getByLabel('Address (/s/…)').inputValue()).resolves.toBe(slug);
    await writer.getByLabel('Description').fill('Letters written in the dark months.');
    await writer.getByRole('button', { name: 'Create series' }).click();
    await writer.getByRole('heading', { name: 'Edit series' }).waitFor();

    const picked: string[] = [];
    for (let i = 0; i < 3; i++) {
      const select = writer.getByRole('combobox', { name: 'Add a story' });
      const option = select.locator('option:not([value=""])').first();
      picked.push(((await option.textContent()) ?? '').trim());
      await select.selectOption({ index: 1 });
      await writer.getByRole('button', { name: 'Add part' }).click();
      await writer.getByText(`Part ${i + 1}: ${picked[i]}`).waitFor();
    }
    // The third part becomes the second, by keyboard.
    await writer.getByRole('button', { name: `Move ${picked[2]} up` }).focus();
    await writer.keyboard.press('Enter');
    await writer.getByText(`Part 2: ${picked[2]}`).waitFor();
    const order = [picked[0]!, picked[2]!, picked[1]!];
    await writer.getByRole('button', { name: 'Publish series' }).click();
    await writer.getByText('Your series is published.').waitFor();
    await writer.screenshot({ path: '.tmp/e2e-series-editor-1280.png', fullPage: true });
    expect(consoleErrors).toEqual([]);

    // The reader: the series, its parts in order, then each part with its place and the next one.
    const reader = await pageAs('reader', 390);
    await open(reader, `/s/${slug}`);
    await reader.getByRole('heading', { name: title }).waitFor();
    const parts = reader.getByRole('list', { name: 'Parts' }).getByRole('listitem');
    await expect(parts.count()).resolves.toBe(3);
    for (let i = 0; i < 3; i++) await expect(parts.nth(i).textContent()).resolves.toContain(`Part ${i + 1} ${order[i]}`);
    await reader.screenshot({ path: '.tmp/e2e-series-page-390.png', fullPage: true });

    await reader.getByRole('link', { name: 'Start reading' }).click();
    for (let i = 0; i < 3; i++) {
      await reader.getByRole('heading', { level: 1, name: order[i] }).waitFor();
      await reader.getByText(`Part ${i + 1} of 3`).first().waitFor();
      if (i < 2) await reader.getByRole('link', { name: `Next part: ${order[i + 1]} →` }).click();
    }
    await reader.getByText('This is the latest part.').waitFor();
    await reader.screenshot({ path: '.tmp/e2e-series-part-390.png' });

    // Back to the series: Follow.
    await reader.getByRole('navigation', { name: 'Series', exact: true }).getByRole('link', { name: title }).click();
    await reader.getByRole('button', { name: 'Follow series' }).click();
    await reader.getByRole('button', { name: 'Following series' }).waitFor();
    await expect(reader.getByText('1 following').count()).resolves.toBe(1);

    const wide = await pageAs('reader', 1280);
    await open(wide, `/s/${slug}`);
    await wide.getByRole('button', { name: 'Following series' }).waitFor();
    await wide.screenshot({ path: '.tmp/e2e-series-page-1280.png', fullPage: true });
  }, 180_000);
});
