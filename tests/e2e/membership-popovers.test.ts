// The member-only star popover in the browser (docs/product/1-product-screens-membership-header-search.md
// §2.7): a visitor gets the upsell, a member only the title, the story's writer the paywall
// text. The star is a button beside the story link, never inside it, and the page the edge
// cache shares carries none of the popover's words (they are drawn in the browser).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const PROFILE = '/@partner';
const CARD_WITH_STAR = '.story-card:has([data-testid="member-star"])';
let browser: Browser;
let sessions: Record<string, DemoSession>;

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = createDemoSessions(['member', 'partner']);
});
afterAll(async () => {
  await browser?.close();
});

async function openProfile(session?: DemoSession): Promise<{ page: Page; context: BrowserContext; watch: ReturnType<typeof watchPage> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (session) await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + PROFILE);
  await waitForHydration(page);
  return { page, context, watch };
}

/** Opens the first card's star popover by keyboard (focus + Enter) and returns its text. */
async function starPopoverText(page: Page): Promise<string> {
  const star = page.locator(`${CARD_WITH_STAR} [data-testid="member-star"]`).first();
  await star.focus();
  await page.keyboard.press('Enter');
  const popover = page.locator('[data-testid="member-star-popover"]').first();
  await popover.waitFor();
  expect(await star.getAttribute('aria-expanded')).toBe('true');
  return popover.innerText();
}

describe('member-only star popover', () => {
  it('is a button beside the story link, and the shared page holds none of its words', async () => {
    const html = await (await fetch(baseURL + PROFILE)).text();
    expect(html).toContain('data-testid="member-star"');
    expect(html).not.toContain('data-testid="member-star-popover"');
    for (const words of ['Get unlimited access', 'Learn more', 'eligible to earn money']) expect(html).not.toContain(words);
    // No button inside a link anywhere on the card list.
    const { page, context } = await openProfile();
    expect(await page.locator('a button, a [role="button"]').count()).toBe(0);
    expect(await page.locator(`${CARD_WITH_STAR} .story-card-link`).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('offers a visitor unlimited access and closes on Escape', async () => {
    const { page, context, watch } = await openProfile();
    const text = await starPopoverText(page);
    expect(text).toContain('Member-only story');
    const popover = page.locator('[data-testid="member-star-popover"]').first();
    expect(await popover.locator('a:text-is("Get unlimited access")').getAttribute('href')).toBe('/plans');
    expect(await popover.locator('a:text-is("Learn more")').getAttribute('href')).toBe('/membership');
    expect(text).not.toContain('eligible to earn money');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows a member only the title', async () => {
    const { page, context } = await openProfile(sessions.member);
    const text = await starPopoverText(page);
    expect(text.trim()).toBe('Member-only story');
    await context.close();
  });

  it('tells the story’s writer it is behind the paywall and eligible to earn money', async () => {
    const { page, context } = await openProfile(sessions.partner);
    const text = await starPopoverText(page);
    expect(text).toContain('Member-only story');
    expect(text).toContain('This story is behind the paywall and is eligible to earn money.');
    expect(text).not.toContain('Get unlimited access');
    await context.close();
  });
});
