// Two-factor authentication in Chromium (issue 26 point 6; docs/adr/0162-two-factor-authentication.md):
// a reader (@lapsed) sets up an authenticator app in Settings › Security and apps, confirms with a
// code computed from the key the page shows, and gets recovery codes; signed out, they sign in
// with the emailed link and are asked for the app's code before the session starts; a fresh code
// signs them in. At the end two-factor authentication is turned off again (one shared database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const EMAIL = 'lapsed@vellum.test';
let browser: Browser;
let session: DemoSession;
let recoveryCode: string | null = null;

async function graphqlAs(query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, { __typename: string } | null> };
}

async function linkTo(email: string, after: number): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${baseURL}/_/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
    const { messages } = (await response.json()) as { messages: { text: string; createdAt: number }[] };
    const link = messages.filter((m) => m.createdAt >= after).map((m) => /(https?:\/\/\S+\/m\/callback\/email\?token=\S+)/.exec(m.text)?.[1])[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${email}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = createDemoSessions(['lapsed']).lapsed!;
});
afterAll(async () => {
  if (recoveryCode) await graphqlAs('mutation($c: String!) { disableTwoFactorAuth(code: $c) { __typename } }', { c: recoveryCode });
  await browser?.close();
});

it('a reader turns on an authenticator app and then signs in with its code', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(`${baseURL}/me/settings/security`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toContain('That verification code was incorrect.');
  await page.getByLabel('Verification code').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes');
  await codes.waitFor({ timeout: 15_000 });
  expect(await codes.locator('li').count()).toBe(10);
  recoveryCode = (await codes.locator('li').first().textContent())!.trim();
  await page.screenshot({ path: '.tmp/e2e-two-factor-settings.png' });
  await context.close();

  // Signed out: the emailed link proves the email, then the app's code is asked for.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const signIn = await visitor.newPage();
  await signIn.goto(baseURL + '/');
  await waitForHydration(signIn);
  const after = Date.now() - 1000;
  const sent = await signIn.evaluate(async (email) => {
    const response = await fetch('/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' },
      body: JSON.stringify({ query: 'mutation($e: String!) { sendAcctAuthEmail(email: $e, operation: "login") { __typename } }', variables: { e: email } }),
    });
    return response.status;
  }, EMAIL);
  expect(sent).toBe(200);
  await signIn.goto(await linkTo(EMAIL, after));
  await Promise.all([signIn.waitForURL(`${baseURL}/m/two-factor`), signIn.click('button:text-is("Sign in")')]);
  expect(await signIn.getByRole('heading', { level: 1 }).textContent()).toBe('Two-factor authentication');
  expect((await visitor.cookies()).some((c) => c.name === 'sid')).toBe(false);
  // The next step's code: the one that confirmed the enrolment may still be this step's, and a code is good once.
  await signIn.getByLabel('Verification code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await signIn.screenshot({ path: '.tmp/e2e-two-factor-code.png' });
  await Promise.all([signIn.waitForURL(`${baseURL}/`), signIn.getByRole('button', { name: 'Verify' }).click()]);
  await waitForHydration(signIn);
  const state = await signIn.evaluate(() => (window as unknown as { __PRELOADED_STATE__: { session: { isLoggedInCookie: boolean }; viewer: { username: string } | null } }).__PRELOADED_STATE__);
  expect(state.session.isLoggedInCookie).toBe(true);
  expect(state.viewer?.username).toBe('lapsed');
  await visitor.close();
}, 120_000);
