// Settings in Chromium (docs/product/1-product-screens-membership-header-search.md §2.4;
// docs/adr/0079-account-settings.md), each on an account of its own made for the test:
//   - the photo is uploaded (POST /_/upload) and the profile shows it;
//   - the name changes on the profile; the username changes and the old address redirects;
//   - the email changes only after the link mailed to the new address (development mailbox) is followed;
//   - "Sign out of all other sessions" signs a second browser out;
//   - deleting the account signs the reader out and their profile is gone.
import { randomBytes } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { executeSql, sessionSql, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** A new account with `sessions` sessions (one SQL call). */
function newAccount(sessions = 1): { username: string; email: string; sessions: DemoSession[] } {
  const suffix = randomBytes(4).toString('hex');
  const username = `settings_${suffix}`;
  const email = `${username}@vellum.test`;
  const made = Array.from({ length: sessions }, () => sessionSql(username));
  executeSql(
    [`INSERT INTO users (id, username, name, email, created_at) VALUES ('${randomBytes(6).toString('hex')}', '${username}', 'Settings Reader', '${email}', ${Date.now()})`, ...made.map((m) => m.sql)].join(';\n'),
  );
  return { username, email, sessions: made.map((m) => m.session) };
}

async function open(session: DemoSession, path: string): Promise<{ context: BrowserContext; page: Page; watch: ReturnType<typeof watchPage> }> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  const response = await page.goto(baseURL + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  return { context, page, watch };
}

it('shows the tabs and labels of the spec, with the title', async () => {
  const account = newAccount();
  const { context, page, watch } = await open(account.sessions[0]!, '/me/settings');
  expect(await page.title()).toBe('Settings – Vellum');
  expect(await page.locator('nav[aria-label="Settings"] a').allInnerTexts()).toEqual(['Account', 'Publishing', 'Notifications', 'Membership and payment', 'Security and apps']);
  for (const anchor of ['profileInformation', 'username', 'email']) expect(await page.locator(`#${anchor}`).count()).toBe(1);
  // An anchor of another tab opens that tab.
  await page.goto(`${baseURL}/me/settings#updateBilling`);
  await page.waitForSelector('#updateBilling');
  // The anchor opens redemption itself: the form, not a link to it (issue 28 point 4).
  expect(await page.locator('#redeemGiftMembership input').count()).toBeGreaterThan(0);
  expect(await page.locator('#redeemGiftMembership a[href="/redeem"]').count()).toBe(0);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('changes the name (the profile shows it) and the username (the old address redirects)', async () => {
  const account = newAccount();
  const { context, page } = await open(account.sessions[0]!, '/me/settings');
  await page.fill('#settings-name', 'Renamed Reader');
  await page.fill('#settings-bio', 'Reads on trains.');
  await page.click('#profileInformation button[type="submit"]');
  await page.waitForSelector('#profileInformation .settings-status:has-text("Saved.")');
  await page.goto(`${baseURL}/@${account.username}`);
  expect(await page.locator('h1, h2').allInnerTexts()).toContain('Renamed Reader');

  await page.goto(`${baseURL}/me/settings`);
  await waitForHydration(page);
  // Reserved and taken names are refused with the sign-up messages.
  await page.fill('#settings-username', 'admin');
  await page.click('#username button[type="submit"]');
  await page.waitForSelector('#username .settings-status.is-error');
  await page.fill('#settings-username', 'ada');
  await page.click('#username button[type="submit"]');
  await page.waitForSelector('#username .settings-status.is-error');
  const renamed = `${account.username}_new`;
  await page.fill('#settings-username', renamed);
  await page.click('#username button[type="submit"]');
  await page.waitForSelector(`#username .settings-status:has-text("@${renamed}")`);
  const response = await page.goto(`${baseURL}/@${account.username}`);
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(`/@${renamed}`);
  expect(await page.locator('h1, h2').allInnerTexts()).toContain('Renamed Reader');
  await context.close();
});

// A 2×2 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

it('uploads a photo: the profile shows it', async () => {
  const account = newAccount();
  const { context, page, watch } = await open(account.sessions[0]!, '/me/settings');
  // Before: the initial on a tinted disc, no picture.
  expect(await page.locator('#profileInformation img.avatar').count()).toBe(0);
  await page.setInputFiles('#settings-photo', { name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.waitForSelector('#profileInformation .settings-status:has-text("Your new photo is on your profile.")');
  const src = await page.locator('#profileInformation img.avatar').getAttribute('src');
  const imageId = /([0-9a-f]{24}\.png)/.exec(src ?? '')?.[1];
  expect(imageId).toBeTruthy();
  await page.goto(`${baseURL}/@${account.username}`);
  const profileImages = await page.locator('img.avatar').evaluateAll((images) => images.map((i) => (i as HTMLImageElement).src));
  expect(profileImages.some((src) => src.includes(imageId!))).toBe(true);
  // The picture is the uploaded bytes.
  const served = await page.request.get(profileImages.find((src) => src.includes(imageId!))!);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('changes the email only after the link mailed to the new address is followed', async () => {
  const account = newAccount();
  const { context, page } = await open(account.sessions[0]!, '/me/settings');
  const newEmail = `new_${account.username}@vellum.test`;
  await page.fill('#settings-new-email', newEmail);
  await page.click('#email button[type="submit"]');
  await page.waitForSelector(`#email .settings-status:has-text("${newEmail}")`);
  await page.reload();
  expect(await page.locator('[data-testid="settings-email"]').innerText()).toBe(account.email);

  const mailbox = await page.request.get(`${baseURL}/_/dev/mailbox?to=${encodeURIComponent(newEmail)}`, { headers: { accept: 'application/json' } });
  const { messages } = (await mailbox.json()) as { messages: { text: string }[] };
  const link = /https?:\/\/\S+\/m\/account\/confirm\/\S+/.exec(messages[0]!.text)![0];
  await page.goto(link);
  await page.click('button[type="submit"]');
  await page.waitForURL(baseURL + '/');
  await page.goto(`${baseURL}/me/settings`);
  expect(await page.locator('[data-testid="settings-email"]').innerText()).toBe(newEmail);
  await context.close();
});

it('"Sign out of all other sessions" signs a second browser out', async () => {
  const account = newAccount(2);
  const first = await open(account.sessions[0]!, '/me/settings/security');
  const second = await open(account.sessions[1]!, '/me/settings/security');
  expect(await second.page.locator('[data-testid="settings-sessions"] li').count()).toBe(2);
  await first.page.click('#sessions button:has-text("Sign out of all other sessions")');
  await first.page.waitForSelector('#sessions .settings-status:has-text("Signed out of all other sessions.")');
  // Signed out: the settings page sends the visitor to sign in and back (docs/reader.md, "Fixes of issue 18").
  await second.page.reload();
  expect(new URL(second.page.url()).pathname).toBe('/m/signin');
  await first.page.reload();
  expect(await first.page.locator('[data-testid="settings-sessions"] li').count()).toBe(1);
  await Promise.all([first.context.close(), second.context.close()]);
});

it('deletes the account: confirmed by the username, signed out, the profile gone', async () => {
  const account = newAccount();
  const { context, page } = await open(account.sessions[0]!, '/me/settings');
  await page.click('#deleteAccount button:has-text("Delete account")');
  await page.fill('#settings-delete-confirm', 'someone-else');
  await page.click('#deleteAccount button:has-text("Delete my account")');
  await page.waitForSelector('#deleteAccount .settings-status.is-error');
  await page.fill('#settings-delete-confirm', account.username);
  await page.click('#deleteAccount button:has-text("Delete my account")');
  await page.waitForURL(`${baseURL}/goodbye`);
  expect((await context.cookies(baseURL)).some((c) => c.name === 'sid')).toBe(false);
  // A deleted account's profile answers 410 Gone (the profile pages' existing rule).
  const profile = await page.goto(`${baseURL}/@${account.username}`);
  expect(profile?.status()).toBe(410);
  // The old session cookie is worthless too.
  await context.addCookies([{ name: 'sid', value: account.sessions[0]!.token, url: baseURL }]);
  await page.goto(`${baseURL}/me/settings`);
  expect(new URL(page.url()).pathname).toBe('/m/signin');
  await context.close();
});

it('opens the custom domain setting from Publishing; a reader who is not a member is told it is for members', async () => {
  const account = newAccount();
  const { context, page, watch } = await open(account.sessions[0]!, '/me/settings/publishing');
  await page.click('#customDomain a:has-text("Connect a domain")');
  await page.waitForURL(`${baseURL}/me/settings/custom-domain`);
  await waitForHydration(page);
  expect(await page.title()).toBe('Custom domain – Vellum');
  await page.fill('#custom-domain-input', 'not a domain');
  await page.click('button:has-text("Continue")');
  await page.waitForSelector('[data-testid="custom-domain-status"]:has-text("valid domain name")');
  await page.fill('#custom-domain-input', `${account.username.replace(/_/g, '-')}.test`);
  await page.click('button:has-text("Continue")');
  await page.waitForSelector('[data-testid="custom-domain-status"]:has-text("Custom domains are available to members.")');
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
