// The registrar hand-off in Chromium (docs/adr/0182-registrar-hand-off.md): a member with a
// pending custom domain clicks "Set them up at your registrar", connects on the local registrar's
// page, and is back on the settings page with the domain live.
import { expect, inject, it } from 'vitest';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createNewReader, executeSql } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

it('a member sets their domain up at the registrar and comes back to it live', { timeout: 120_000 }, async () => {
  // A new member of our own (a custom domain changes every link to its holder: no shared demo
  // account), who asked for a domain as the settings form does: pending until the records exist.
  const stamp = Date.now().toString(36);
  const username = `dora_${stamp}`;
  const domain = `dora-${stamp}.example.org`;
  const session = createNewReader(username, 'Dora Domain');
  const now = Date.now();
  executeSql(
    `INSERT INTO memberships (id, user_id, tier, plan, payment_provider, currency, amount, started_at, current_period_ends_at, is_cancelled) SELECT 'm-${stamp}', id, 'MEMBER', 'MONTHLY', 'STRIPE', 'USD', 500, ${now}, ${now + 20 * 86_400_000}, 0 FROM users WHERE username = '${username}';\n` +
      `UPDATE users SET custom_domain = '${domain}', custom_domain_state = 'PENDING' WHERE username = '${username}'`,
  );
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`${baseURL}/me/settings/custom-domain`);
  await waitForHydration(page);
  expect(await page.getByTestId('custom-domain-state').innerText()).toBe('Pending verification');
  await page.getByRole('link', { name: 'Set them up at your registrar' }).click();

  await page.waitForURL(/\/_\/dev\/registrar\/v2\/domainTemplates\/providers\/vellum\/services\/custom-domain\/apply\?/);
  expect(await page.getByRole('heading', { name: `Connect ${domain} to` }).isVisible()).toBe(true);
  await page.screenshot({ path: 'tests/e2e/screenshots/registrar-apply-390.png', fullPage: true });
  await page.getByRole('button', { name: 'Connect' }).click();

  await page.waitForURL(`${baseURL}/me/settings/custom-domain?registrar=LIVE`);
  await waitForHydration(page);
  expect(await page.getByTestId('custom-domain-status').innerText()).toBe(`Your registrar set up the records: ${domain} is live.`);
  expect(await page.getByTestId('custom-domain-state').innerText()).toBe('Live');
  await page.screenshot({ path: 'tests/e2e/screenshots/registrar-live-390.png', fullPage: true });
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
