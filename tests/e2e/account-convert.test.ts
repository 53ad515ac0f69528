// An invited reader finishes their account (docs/newsletters.md "Finishing an invited account";
// docs/adr/0198-finishing-an-invited-account.md): a writer's import invites an address with no
// account (set up over HTTP, as the import page does); its owner confirms from the email, follows
// "Choose your name and username", picks them, and lands signed in on their new profile. The
// account and the import are removed at the end (browser tests share one database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, executeSql, type DemoSession } from './support/e2e-database.ts';
import { mailTo } from './support/mailbox.ts';

const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const invitee = `convert.${stamp}@example.com`;
const username = `finch_${stamp}`;
let browser: Browser;
let writer: DemoSession;

beforeAll(async () => {
  browser = await launchBrowser();
  writer = createDemoSessions(['ada']).ada!;
  const headers = { cookie: `sid=${writer.token}`, 'x-xsrf-token': writer.xsrf };
  const me = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ viewer { id } }' }),
  });
  const adaId = ((await me.json()) as { data: { viewer: { id: string } } }).data.viewer.id;
  const form = new FormData();
  form.set('file', new File([`email,name\n${invitee},Robin Finch\n`], 'list.csv', { type: 'text/csv' }));
  form.set('confirm', 'yes');
  form.set('consent', 'yes');
  const made = await fetch(`${baseURL}/_/api/newsletters/${adaId}/import/process-unvalidated-files`, { method: 'POST', headers, body: form });
  expect(made.status).toBe(201);
}, 60_000);

afterAll(async () => {
  executeSql(`DELETE FROM users WHERE email = '${invitee}'; DELETE FROM newsletter_invitations WHERE email = '${invitee}'`);
  await browser?.close();
});

it('confirms the invitation, chooses a name and username, and sees the new profile signed in', async () => {
  let mail = await mailTo(baseURL, invitee, "Subscribe to Ada Lindqvist's newsletter?");
  for (let i = 0; !mail && i < 100; i++) {
    await new Promise((r) => setTimeout(r, 200));
    mail = await mailTo(baseURL, invitee, "Subscribe to Ada Lindqvist's newsletter?");
  }
  expect(mail, 'the invitation arrived').toBeDefined();
  const link = /https?:\/\/\S+\/_\/newsletter-invitation\/[\w-]+/.exec(mail!.text)![0];

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(baseURL + new URL(link).pathname);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await page.getByRole('heading', { name: "You're subscribed" }).waitFor();
  await page.getByRole('link', { name: 'Choose your name and username' }).click();

  await page.getByRole('heading', { name: 'Finish your account' }).waitFor();
  expect(await page.getByLabel('Your name').inputValue()).toBe('Robin Finch');
  await page.screenshot({ path: 'tests/e2e/screenshots/account-convert-form.png', fullPage: true });
  // A username the rules refuse is explained, in the spec's words.
  await page.getByLabel('Username').fill('robin finch');
  await page.locator('form').evaluate((form: HTMLFormElement) => form.setAttribute('novalidate', ''));
  await page.getByRole('button', { name: 'Finish account' }).click();
  await page.getByText('Usernames can only contain letters, numbers and underscores.').waitFor();

  await page.getByLabel('Your name').fill('Robin A. Finch');
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Finish account' }).click();
  await page.waitForURL(`${baseURL}/@${username}`);
  const watch = watchPage(page);
  await waitForHydration(page);
  await page.getByRole('heading', { name: 'Robin A. Finch' }).first().waitFor();
  // Signed in as the new account: the session belongs to it.
  const viewer = await page.evaluate(async () => {
    const answer = await fetch('/_/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' }, body: JSON.stringify({ query: '{ viewer { username name } }' }) });
    return ((await answer.json()) as { data: { viewer: { username: string; name: string } | null } }).data.viewer;
  });
  expect(viewer).toEqual({ username, name: 'Robin A. Finch' });
  await page.screenshot({ path: 'tests/e2e/screenshots/account-convert-profile.png', fullPage: true });
  expect(watch.consoleErrors).toEqual([]);

  await context.close();
});
