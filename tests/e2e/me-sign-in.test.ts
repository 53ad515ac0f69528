// Issue 18 point 2 (docs/reader.md, "Signed-out visits to /me pages"): a visitor who opens one
// of the viewer's own pages is asked to sign in, signs in through the development mailbox, and
// lands on the page they asked for.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** The newest mail to `email` in the development mailbox newer than `after`: its code and link. */
async function mailTo(email: string, after: number): Promise<{ code: string; link: string }> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${baseURL}/_/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
    const { messages } = (await response.json()) as { messages: { text: string; createdAt: number }[] };
    const mail = messages.find((m) => m.createdAt >= after);
    if (mail) {
      return {
        code: /code: (\d{6})/.exec(mail.text)![1]!,
        link: /(https?:\/\/\S+\/m\/callback\/email\?token=\S+)/.exec(mail.text)![1]!,
      };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${email}`);
}

it.each([
  { screen: 'wide (the link in the mail)', viewport: { width: 1280, height: 900 }, by: 'link' as const },
  { screen: 'narrow (the six-digit code)', viewport: { width: 400, height: 800 }, by: 'code' as const },
])('a visitor opening /me/lists signs in and lands on /me/lists: $screen', async ({ viewport, by }) => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const watch = watchPage(page);
  const email = 'reader@vellum.test';

  await page.goto(baseURL + '/me/lists');
  // Asked to sign in, with the page asked for carried along.
  expect(page.url()).toBe(`${baseURL}/m/signin?redirect=%2Fme%2Flists`);
  await waitForHydration(page);
  await page.click('[data-testid="susi-email-option"]');
  await page.fill('[data-testid="susi-email-field"] input', email);
  const sentAt = Date.now() - 1000;
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="susi-dialog"][data-step="CHECK_YOUR_INBOX"]');
  const mail = await mailTo(email, sentAt);

  if (by === 'link') {
    await page.goto(mail.link);
    await Promise.all([page.waitForURL(`${baseURL}/me/lists`), page.click('button:text-is("Sign in")')]);
  } else {
    await page.locator('[data-testid="susi-code-field"] input').fill(mail.code);
    await Promise.all([page.waitForURL(`${baseURL}/me/lists`), page.click('[data-testid="susi-ok"]')]);
  }
  await waitForHydration(page);
  const state = await page.evaluate(() => (window as unknown as { __PRELOADED_STATE__: any }).__PRELOADED_STATE__);
  expect(state.session.isLoggedInCookie).toBe(true);
  // The reader's own lists page, not the signed-out notice.
  expect(await page.locator('.signed-out-notice').count()).toBe(0);
  expect(await page.locator('.catalog-card').count()).toBeGreaterThan(0);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('never follows a redirect off the site: a foreign address lands on the home page', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = 'member@vellum.test';
  await page.goto(`${baseURL}/m/signin?redirect=${encodeURIComponent('//evil.example/me/lists')}`);
  await waitForHydration(page);
  await page.click('[data-testid="susi-email-option"]');
  await page.fill('[data-testid="susi-email-field"] input', email);
  const sentAt = Date.now() - 1000;
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="susi-dialog"][data-step="CHECK_YOUR_INBOX"]');
  const mail = await mailTo(email, sentAt);
  await page.goto(mail.link);
  await Promise.all([page.waitForURL(`${baseURL}/`), page.click('button:text-is("Sign in")')]);
  expect(new URL(page.url()).origin).toBe(baseURL);
  await context.close();
});
