// Issue 27 point 4 (docs/product/2-sign-in-notices-cache-routing.md §4.4): toast styles raised
// where their event happens, as a reader meets them in Chromium (several styles per file to keep
// the run short; one journey per test) —
// - Follow on a page opened before the reader followed that writer elsewhere (another tab)
//   says SUBSCRIBED_ALREADY, "You're already following {name}", not the new-follow toast.
// - "Show less like this" on a home-feed card raises USER_NEGATIVE_SIGNAL; its Undo brings the
//   story back with "Undone. This story has been added back.".
// - A writer asks for their subscriber list by email: EXPORT_EMAIL_SUBSCRIBERS, and the mail with
//   the zip's link arrives.
// - A story opened from a newsletter email sent to another account raises ALTERNATE_USER with
//   Switch account.
// - A publication editor pins a story to the publication's homepage:
//   POST_PINNED_TO_COLLECTION_HOMEPAGE, and the story shows under Pinned.
// - Deactivating a writer's subdomain when the call does not go through: UNCLAIM_SUBDOMAIN_ERROR.
// - Signing in from a network that is locked out raises ACCOUNT_LOCKOUT from inside the sign-in
//   dialog (the dialog is drawn inside the toast provider).
import { createHash } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { createDemoSessions, executeSql } from './support/e2e-database.ts';
import { openSignedIn, storiesByOtherWriters } from './support/other-writers.ts';
import { waitForHydration } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

const toast = (page: Page, style: string) => page.locator(`[data-style="${style}"]`);

it('following a writer already followed in another tab says so', { timeout: 180_000 }, async () => {
  const stories = await storiesByOtherWriters(baseURL);
  const story = stories[2] ?? stories[0];
  if (!story) throw new Error('no story by a seeded writer');
  // The reader: another seeded writer (its follows are this test's own).
  const readers = [...new Map(stories.map((p) => [p.creator.username, p.creator])).values()].filter((u) => u.id !== story.creator.id);
  const reader = readers.at(-3) ?? readers[0];
  if (!reader) throw new Error('a second seeded writer is needed');
  const session = createDemoSessions([reader.username])[reader.username]!;
  const forget = `DELETE FROM follows WHERE follower_id = '${reader.id}' AND target_type = 'USER' AND target_id = '${story.creator.id}'`;
  executeSql(forget);
  const { context, page } = await openSignedIn(browser, baseURL, session, `/p/${story.id}`);
  try {
    const follow = page.locator('.story-byline button.follow-button, button.follow-button').first();
    await expect.poll(() => follow.innerText(), { timeout: 15_000 }).toBe('Follow');
    // Another tab follows the writer after this page was rendered.
    executeSql(`INSERT INTO follows (follower_id, target_type, target_id, created_at) VALUES ('${reader.id}', 'USER', '${story.creator.id}', ${Date.now()})`);
    await follow.click();
    await expect.poll(() => toast(page, 'SUBSCRIBED_ALREADY').innerText(), { timeout: 15_000 }).toContain(`You're already following ${story.creator.name}`);
    expect(await toast(page, 'SUBSCRIBE_SUCCESS').count()).toBe(0);
  } finally {
    await context.close();
    executeSql(forget);
  }
});

it('signing in from a locked-out network shows the lockout toast', { timeout: 180_000 }, async () => {
  // The local site gives every caller one address ("local", worker/auth/client-address.ts); the
  // loopback names cover a runtime that passes CF-Connecting-IP through.
  const subjects = ['local', '127.0.0.1', '::1'].map((a) => `address:${createHash('sha256').update(a).digest('hex').slice(0, 32)}`);
  const now = Date.now();
  const unlock = `DELETE FROM auth_lockouts WHERE subject IN (${subjects.map((s) => `'${s}'`).join(', ')})`;
  executeSql(unlock);
  executeSql(`INSERT INTO auth_lockouts (subject, kind, locked_until, created_at) VALUES ${subjects.map((s) => `('${s}', 'NETWORK', ${now + 2 * 86_400_000 - 60_000}, ${now})`).join(', ')}`);
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('header a:visible:text-is("Sign in")').first().click();
    await page.click('[data-testid="susi-email-option"]');
    await page.fill('[data-testid="susi-email-field"] input', 'locked-out-reader@example.com');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => toast(page, 'ACCOUNT_LOCKOUT').innerText(), { timeout: 20_000 })
      .toContain('For security reasons, you cannot sign in from this network for 2 day(s).');
  } finally {
    executeSql(unlock);
    await context.close();
  }
});

it('showing less like a story on the home feed, then undoing it', { timeout: 180_000 }, async () => {
  const session = createDemoSessions(['reader']).reader!;
  executeSql(`DELETE FROM negative_signals WHERE user_id = (SELECT id FROM users WHERE username = 'reader')`);
  const { context, page } = await openSignedIn(browser, baseURL, session, '/');
  try {
    const item = page.locator('.home-feed-item').first();
    await item.waitFor({ timeout: 20_000 });
    const postId = await item.locator('.story-card').getAttribute('data-post-id');
    const card = page.locator(`.home-feed-item:has(.story-card[data-post-id="${postId}"])`);
    await item.locator('button[aria-label="More"]').click();
    await page.locator('[role="menuitem"]:text-is("Show less like this")').click();
    await expect.poll(() => toast(page, 'USER_NEGATIVE_SIGNAL').innerText(), { timeout: 15_000 }).toContain("Got it. We'll show you fewer stories like this.");
    expect(await card.count()).toBe(0);
    await toast(page, 'USER_NEGATIVE_SIGNAL').locator('button:text-is("Undo")').click();
    await expect.poll(() => page.locator('[data-testid="toast"]').innerText(), { timeout: 15_000 }).toContain('Undone. This story has been added back.');
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
  } finally {
    await context.close();
  }
});

it('a writer exports their email subscribers by mail', { timeout: 180_000 }, async () => {
  const session = createDemoSessions(['grace']).grace!;
  const { context, page } = await openSignedIn(browser, baseURL, session, '/me/subscribers/import');
  try {
    const csvLink = await page.locator('a[href*="/subscribers/csv-export"]').first().getAttribute('href');
    const newsletterId = decodeURIComponent(/\/newsletters\/([^/]+)\/subscribers/.exec(csvLink ?? '')?.[1] ?? '');
    expect(newsletterId).not.toBe('');
    const since = Date.now();
    await page.goto(`${baseURL}/export/newsletters/${encodeURIComponent(newsletterId)}`);
    await waitForHydration(page);
    await page.locator('[data-testid="export-by-email"]').click();
    await expect
      .poll(() => toast(page, 'EXPORT_EMAIL_SUBSCRIBERS').innerText(), { timeout: 20_000 })
      .toContain("Your list is being prepared. We'll email you a link to download it as a zip file when it's ready.");
    const mailbox = (await (await fetch(`${baseURL}/_/dev/mailbox`, { headers: { accept: 'application/json' } })).json()) as { messages: { subject: string; text: string; createdAt: number }[] };
    const mail = mailbox.messages.find((m) => m.subject === 'Your subscriber list of grace' && m.createdAt >= since);
    const link = /(https?:\/\/\S+\/me\/export\/[0-9a-f]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeTruthy();
    // The link is the writer's own: it downloads the zip for them.
    const download = await page.request.get(link!.replace(/^https?:\/\/[^/]+/, baseURL));
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('application/zip');
  } finally {
    await context.close();
  }
});

it('a story opened from an email sent to another account offers to switch account', { timeout: 180_000 }, async () => {
  const stories = await storiesByOtherWriters(baseURL);
  const story = stories[0];
  if (!story) throw new Error('no story by a seeded writer');
  const session = createDemoSessions(['reader']).reader!;
  // The email went to the story's writer; the browser is signed in as the reader.
  const { context, page } = await openSignedIn(browser, baseURL, session, `/p/${story.id}?source=email-${story.creator.id}-newsletter`);
  try {
    const notice = toast(page, 'ALTERNATE_USER');
    await expect
      .poll(() => notice.innerText(), { timeout: 20_000 })
      .toContain('You are signed in with a different account than the member account your digest email was sent to.');
    expect(await notice.locator('button:text-is("Switch account")').count()).toBe(1);
  } finally {
    await context.close();
  }
});

it('a publication editor pins a story to its homepage', { timeout: 180_000 }, async () => {
  const session = createDemoSessions(['editor']).editor!;
  const forget = `DELETE FROM publication_pins WHERE collection_id = (SELECT id FROM collections WHERE slug = 'signal-and-noise')`;
  executeSql(forget);
  const { context, page } = await openSignedIn(browser, baseURL, session, '/signal-and-noise');
  try {
    const pin = page.locator('.publication-stories:not(.publication-pinned) [data-testid="pin-story"]').first();
    await pin.waitFor({ timeout: 20_000 });
    expect(await pin.innerText()).toBe('Pin to homepage');
    await pin.click();
    await expect.poll(() => toast(page, 'POST_PINNED_TO_COLLECTION_HOMEPAGE').innerText(), { timeout: 15_000 }).toMatch(/Story pinned to the .+ homepage\./);
    expect(await page.locator('[data-testid="pinned-stories"] .story-card').count()).toBe(1);
  } finally {
    await context.close();
    executeSql(forget);
  }
});

it('deactivating a subdomain that fails says so', { timeout: 180_000 }, async () => {
  const session = createDemoSessions(['friend']).friend!;
  executeSql(`UPDATE users SET has_subdomain = 1 WHERE username = 'friend'`);
  const { context, page } = await openSignedIn(browser, baseURL, session, '/me/settings');
  try {
    // The call never arrives (the network drops it).
    await page.route('**/_/graphql**', (route) => (route.request().postData()?.includes('UnclaimSubdomain') ? route.abort() : route.continue()));
    const button = page.locator('[data-testid="unclaim-subdomain"]');
    await button.waitFor({ timeout: 20_000 });
    await button.click();
    await expect
      .poll(() => toast(page, 'UNCLAIM_SUBDOMAIN_ERROR').innerText(), { timeout: 15_000 })
      .toContain('Something went wrong deactivating your subdomain. Please try again.');
    expect(await page.locator('[data-testid="subdomain-status"]').count()).toBe(0);
  } finally {
    await context.close();
    executeSql(`UPDATE users SET has_subdomain = 0 WHERE username = 'friend'`);
  }
});
