// Issue 27 point 8 in Chromium: /m/signin with a newsletter and a story to read shows the
// dialog those settings ask for (docs/adr/0106-sign-in-dialog-settings.md) — its title, the story
// line and the terms line sharing the email with the newsletter's publication — at desktop width
// and at 390 px.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

for (const width of [1280, 390]) {
  it(`the sign-in page names the newsletter and shares the email with it (${width} px)`, { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${baseURL}/m/signin?${new URLSearchParams({ operation: 'register', newsletterV3: 'Tidewater', post: 'The Salt Marsh' })}`);
    await waitForHydration(page);
    const dialog = page.locator('[data-testid="susi-dialog"]');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('Sign up to get Tidewater’s stories in your inbox.');
    expect(await dialog.getByText('“The Salt Marsh” is waiting for you once you’re in.').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="susi-terms"]').innerText()).toContain('Tidewater will also receive your email address.');
    // Toggling to sign-in keeps the newsletter: the title follows, the terms line stays.
    await page.click('[data-testid="susi-toggle"]');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('Sign in to get Tidewater’s stories in your inbox.');
    expect(await page.locator('[data-testid="susi-terms"]').innerText()).toContain('Tidewater will also receive your email address.');
    await page.screenshot({ path: `tests/e2e/screenshots/sign-in-settings-${width}.png`, fullPage: true });
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
}
