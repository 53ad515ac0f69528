// Issue 26 point 2 in Chromium: a new reader signs up with the local Google stand-in (the local
// identity provider's authorize page, docs/adr/0155-social-sign-in-local-identity-provider.md),
// then, in a fresh browser, signs in again with the same Google account and finds it connected.
import { expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** On the stand-in's page: "Another account" with this name and email. */
async function chooseGoogleAccount(page: Page, name: string, email: string) {
  await page.waitForURL(/\/_\/dev\/identity\/google\/authorize\?/);
  expect(await page.getByRole('heading', { name: 'Sign in with Google' }).isVisible()).toBe(true);
  await page.fill('#name', name);
  await page.fill('#email', email);
  await page.click('button:text-is("Continue")');
}

it('a new reader signs up with the local Google, then signs in again with it', { timeout: 120_000 }, async () => {
  const stamp = Date.now().toString(36);
  const email = `gia.${stamp}@example.test`;
  const username = `gia_${stamp}`;

  const first = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await first.newPage();
  const watch = watchPage(page);
  await page.goto(`${baseURL}/m/signin?operation=register&redirect=%2F`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Sign up with Google' }).click();
  await page.waitForURL(/\/_\/dev\/identity\/google\/authorize\?/);
  await page.screenshot({ path: 'tests/e2e/screenshots/social-sign-in-local-google.png', fullPage: true });
  await chooseGoogleAccount(page, 'Gia Newreader', email);

  // Google vouched for a new email: the registration form, with the name Google gave.
  await page.waitForURL(`${baseURL}/registration-form`);
  await waitForHydration(page);
  expect(await page.inputValue('[data-testid="registration-name"] input')).toBe('Gia Newreader');
  await page.fill('[data-testid="registration-username"] input', username);
  await Promise.all([page.waitForURL(/\/get-started\/topics/), page.click('[data-testid="registration-submit"]')]);

  await page.goto(`${baseURL}/me/settings/security`);
  await waitForHydration(page);
  await expect.poll(() => page.locator('[data-testid="settings-providers"]').innerText()).toContain('Google');
  expect(await page.locator('[data-testid="settings-providers"]').innerText()).toContain(email);
  expect(watch.consoleErrors).toEqual([]);
  await first.close();

  // Another browser, signed out: "Sign in with Google", the same account, and back in.
  const second = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const again = await second.newPage();
  await again.goto(`${baseURL}/m/signin?operation=login&redirect=%2Fme%2Fsettings%2Fsecurity`);
  await waitForHydration(again);
  await again.getByRole('link', { name: 'Sign in with Google' }).click();
  await chooseGoogleAccount(again, 'Gia Newreader', email);
  await again.waitForURL(`${baseURL}/me/settings/security`);
  await waitForHydration(again);
  await expect.poll(() => again.locator('[data-testid="settings-providers"]').innerText()).toContain('Google');
  expect(await again.locator('[data-testid="settings-providers"]').innerText()).toContain(email);
  await again.screenshot({ path: 'tests/e2e/screenshots/social-sign-in-settings-390.png', fullPage: true });
  await second.close();
});
