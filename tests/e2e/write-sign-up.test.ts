// A newcomer who clicks "Write" signs up and ends in the editor they asked for, after
// onboarding, welcomed as new — not "Welcome back." (issue 29 point 8).
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function linkMailedTo(email: string): Promise<string> {
  for (let i = 0; i < 60; i += 1) {
    const response = await fetch(`${baseURL}/_/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    const link = messages[0] ? /https?:\/\/\S+\/m\/callback\/email\?token=\S+/.exec(messages[0].text)?.[0] : undefined;
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${email}`);
}

it('signs up from Write, is welcomed as new, goes through onboarding and lands in the editor', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const stamp = Date.now().toString(36);
  const email = `writer-${stamp}@vellum.test`;

  await page.goto(`${baseURL}/`);
  await waitForHydration(page);
  await page.locator('header [data-testid="header-write"]:visible').first().click();
  await page.waitForSelector('[data-testid="susi-dialog"]');
  await page.click('[data-testid="susi-email-option"]');
  await page.fill('[data-testid="susi-email-field"] input', email);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="susi-dialog"][data-step="CHECK_YOUR_INBOX"]');

  await page.goto(await linkMailedTo(email));
  await Promise.all([page.waitForURL(`${baseURL}/registration-form`), page.click('button:text-is("Continue")')]);
  await waitForHydration(page);
  await page.fill('[data-testid="registration-name"] input', 'New Writer');
  await page.fill('[data-testid="registration-username"] input', `writer_${stamp}`);
  await Promise.all([page.waitForURL(`${baseURL}/get-started/topics?redirect=%2Fnew-story`), page.click('[data-testid="registration-submit"]')]);
  await waitForHydration(page);

  const toast = page.locator('[data-testid="toast"][data-style="SIGN_IN_CONFIRMATION"]');
  await toast.waitFor({ timeout: 10_000 });
  expect(await toast.innerText()).toContain(`Welcome to Vellum. You are signed in as ${email}`);
  expect(await toast.innerText()).not.toContain('Welcome back');

  const chips = page.locator('.onboarding-topics button.topic-chip');
  for (let i = 0; i < 3; i += 1) await chips.nth(i).click();
  await page.locator('button:text-is("Continue")').click();
  await page.waitForSelector('[data-testid="onboarding-writers"]');
  await Promise.all([page.waitForURL(`${baseURL}/new-story`, { timeout: 30_000 }), page.locator('button:text-is("Continue")').click()]);
  await waitForHydration(page);
  await page.locator('[contenteditable="true"]').first().waitFor({ timeout: 30_000 });
  await context.close();
});
