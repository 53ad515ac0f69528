// Onboarding in Chromium (docs/product/2-sign-in-notices-cache-routing.md §2.1, §4.1;
// docs/adr/0081-sign-up-context-and-onboarding.md): a visitor on a writer's profile presses Follow, signs up with
// the link mailed to them, is taken through /get-started/topics (topics, then writers), and ends
// up following the chosen topics and that writer; home's Following tab shows their stories.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function linkMailedTo(email: string): Promise<string> {
  for (let i = 0; i < 40; i += 1) {
    const response = await fetch(`${baseURL}/_/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    const link = messages[0] ? /https?:\/\/\S+\/m\/callback\/email\?token=\S+/.exec(messages[0].text)?.[0] : undefined;
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${email}`);
}

it('a new reader signs up from a writer profile, picks topics and writers, and follows them and that writer', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const watch = watchPage(page);
  const stamp = Date.now().toString(36);
  const email = `onboard-${stamp}@vellum.test`;

  // The profile of Grace (the subdomain writer) on the main host; Follow asks a visitor to sign up.
  await page.goto(`${baseURL}/@grace`);
  await waitForHydration(page);
  await page.locator('.profile-sidebar-actions button.follow-button').first().click();
  await page.waitForSelector('[data-testid="susi-dialog"]');
  await page.click('[data-testid="susi-email-option"]');
  await page.fill('[data-testid="susi-email-field"] input', email);
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid="susi-dialog"][data-step="CHECK_YOUR_INBOX"]');

  await page.goto(await linkMailedTo(email));
  await Promise.all([page.waitForURL(`${baseURL}/registration-form`), page.click('button:text-is("Continue")')]);
  await waitForHydration(page);
  await page.fill('[data-testid="registration-name"] input', 'Onboarded Reader');
  await page.fill('[data-testid="registration-username"] input', `onboard_${stamp}`);
  await Promise.all([page.waitForURL(`${baseURL}/get-started/topics?redirect=%2F%40grace`), page.click('[data-testid="registration-submit"]')]);
  await waitForHydration(page);

  // Topics: Continue needs three.
  const chips = page.locator('.onboarding-topics button.topic-chip');
  const continueButton = page.locator('button:text-is("Continue")');
  const slugs: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    expect(await continueButton.isDisabled()).toBe(true);
    await chips.nth(i).click();
    slugs.push((await chips.nth(i).getAttribute('data-tag-slug'))!);
  }
  await continueButton.click();
  await page.waitForSelector('[data-testid="onboarding-writers"]');
  // Writers: one more, from the suggestions for the topics.
  const suggestedRow = page.locator('[data-testid="onboarding-writers"] [data-testid^="user-row-"]').first();
  const suggestedUsername = (await suggestedRow.getAttribute('data-testid'))!.replace('user-row-', '');
  expect(suggestedUsername).not.toBe('grace');
  const suggestedText = await suggestedRow.innerText();
  await suggestedRow.locator('button.follow-button:text-is("Follow")').click();
  await page.waitForSelector(`[data-testid="user-row-${suggestedUsername}"] button.follow-button:text-is("Following")`);
  await Promise.all([page.waitForURL(`${baseURL}/@grace`), page.locator('button:text-is("Continue")').click()]);
  await waitForHydration(page);
  // Back on the profile it started from, already following that writer.
  expect(await page.locator('.profile-sidebar-actions button.follow-button').first().innerText()).toBe('Following');

  // Refine recommendations lists what the reader follows now.
  await page.goto(`${baseURL}/me/following`);
  await waitForHydration(page);
  expect(await page.locator('[data-testid="user-row-grace"]').count()).toBe(1);
  expect(await page.locator(`[data-testid="user-row-${suggestedUsername}"]`).count()).toBe(1);
  for (const slug of slugs) expect(await page.locator(`main [href$="/tag/${slug}"]`).count(), slug).toBeGreaterThan(0);

  // Home shows the followed writer's stories.
  await page.goto(`${baseURL}/`);
  await waitForHydration(page);
  await page.click('#home-tab-FOLLOWING');
  await page.waitForSelector('#home-panel-FOLLOWING .story-card');
  const writers = await page.locator('#home-panel-FOLLOWING .story-card-writer').allInnerTexts();
  // The writer picked in onboarding publishes the most in the picked topics: their stories lead.
  expect(writers.some((name) => suggestedText.includes(name))).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
