// A newcomer's first click, in a stock Chromium (no --host-resolver-rules, no hosts file;
// issue 29 points 6 and 7, docs/adr/0130-custom-domains-in-development.md): the home page's first
// trending story by a writer or publication with a custom domain opens on that domain's
// development name (`ada.test.localhost:{port}`) and reads; signing in from there brings the
// reader back to that story on that domain, signed in.
import { expect, inject, it } from 'vitest';
import { READER_AGENT, useBrowser, waitForHydration } from './support/browser.ts';

const baseURL = inject('baseURL');
const port = new URL(baseURL).port;
// An account no other browser test signs out with.
const EMAIL = 'author@vellum.test';
const browser = useBrowser();

/** The newest sign-in link mailed to `email` since `after`. */
async function signInLink(email: string, after: number): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const answer = await fetch(`${baseURL}/_/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
    const { messages } = (await answer.json()) as { messages: { text: string; createdAt: number }[] };
    const link = messages
      .filter((m) => m.createdAt >= after)
      .map((m) => /(https?:\/\/\S+\/m\/callback\/email\?token=\S+)/.exec(m.text)?.[1])
      .find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No sign-in mail to ${email}`);
}

it('opens the first trending story on a custom domain, reads it, signs in there and stays there', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ userAgent: READER_AGENT });
  const page = await context.newPage();
  await page.goto(baseURL + '/');
  await waitForHydration(page);

  const onOwnDomain = page.locator(`.trending-item .trending-title[href*=".test.localhost:${port}/"]`).first();
  const title = (await onOwnDomain.innerText()).trim();
  const href = (await onOwnDomain.getAttribute('href'))!;
  const storyOrigin = new URL(href).origin;
  expect(storyOrigin).toMatch(new RegExp(`^http://[a-z0-9-]+\\.test\\.localhost:${port}$`));

  await Promise.all([page.waitForURL((url) => url.origin === storyOrigin, { timeout: 30_000 }), onOwnDomain.click()]);
  await waitForHydration(page);
  expect(await page.locator('h1').first().innerText()).toBe(title);
  expect((await page.locator('article p').first().innerText()).length).toBeGreaterThan(20);
  const storyAddress = page.url();

  // Signs in from the story, on its domain.
  await page.locator('header a:visible:text-is("Sign in")').first().click();
  await page.waitForSelector('[data-testid="susi-dialog"]');
  await page.click('[data-testid="susi-email-option"]');
  await page.fill('[data-testid="susi-email-field"] input', EMAIL);
  const sentAt = Date.now() - 1000;
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="susi-dialog"][data-step="CHECK_YOUR_INBOX"]');
  const link = await signInLink(EMAIL, sentAt);

  // The mail's link, followed in the same browser: back on the story, on its domain, signed in.
  await page.goto(link);
  await Promise.all([page.waitForURL((url) => url.href === storyAddress, { timeout: 30_000 }), page.click('button:text-is("Sign in")')]);
  await waitForHydration(page);
  await page.locator('[data-testid="avatar-menu-button"]').waitFor();
  expect(await page.locator('header a:visible:text-is("Sign in")').count()).toBe(0);
  expect((await context.cookies(storyOrigin)).some((c) => c.name === 'sid')).toBe(true);

  // And stays signed in there on the next page of that domain.
  await page.goto(storyOrigin + '/');
  await waitForHydration(page);
  await page.locator('[data-testid="avatar-menu-button"]').waitFor();
  await context.close();
});
