// A publication's custom domain in Chromium (docs/adr/0087-a-publications-custom-domain.md): its editor connects a
// domain at /{collectionSlug}/settings/custom-domain, sees the DNS records to add, the TXT record
// is published (development's DNS zone, dev_dns_records), "Check DNS records" makes it live; a
// reader signed in on the main host then opens the publication on that domain (host-resolver
// rules) and is signed in there too (the cross-host round trip). The publication is made for the
// test and removed after it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, READER_AGENT, waitForHydration, watchPage } from './support/browser.ts';
import { executeSql, sessionSql } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const port = new URL(baseURL).port;
const suffix = randomBytes(4).toString('hex');
const slug = `domain-press-${suffix}`;
const domain = `${slug}.test`;
const collectionId = `e2e${suffix}`;
const readerName = `domain_reader_${suffix}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser([`--host-resolver-rules=MAP ${domain} 127.0.0.1:${port}`]);
});
afterAll(async () => {
  await browser?.close();
  executeSql(`DELETE FROM collections WHERE id = '${collectionId}'; DELETE FROM dev_dns_records WHERE name = '_vellum-verification.${domain}'`);
});

it("an editor connects the publication's domain; a signed-in reader opens it there and is signed in", async () => {
  // The demo world's editor (a member) owns the new publication; a new reader.
  const editor = sessionSql('editor');
  const reader = sessionSql(readerName);
  executeSql(
    [
      `INSERT INTO collections (id, slug, name, description, creator_id, created_at) SELECT '${collectionId}', '${slug}', 'Domain Press ${suffix}', 'A publication on its own domain.', id, ${Date.now()} FROM users WHERE username = 'editor'`,
      `INSERT INTO collection_members (collection_id, user_id, role, created_at) SELECT '${collectionId}', id, 'OWNER', ${Date.now()} FROM users WHERE username = 'editor'`,
      `INSERT INTO users (id, username, name, email, created_at) VALUES ('r${suffix}', '${readerName}', 'Domain Reader', '${readerName}@vellum.test', ${Date.now()})`,
      editor.sql,
      reader.sql,
    ].join(';\n'),
  );

  const editorContext = await browser.newContext();
  await editorContext.addCookies([{ name: 'sid', value: editor.session.token, url: baseURL }]);
  const page = await editorContext.newPage();
  const watch = watchPage(page);
  expect((await page.goto(`${baseURL}/${slug}/settings/custom-domain`))?.status()).toBe(200);
  await waitForHydration(page);
  expect(await page.title()).toBe(`Custom domain – Domain Press ${suffix} – Vellum`);
  await page.fill('#custom-domain-input', `https://${domain}/`);
  await page.click('button:has-text("Continue")');
  await page.waitForSelector('[data-testid="custom-domain-state"]:has-text("Pending verification")');
  const txtValue = await page.locator('tr[data-record-type="TXT"] td:nth-child(3) code').innerText();
  expect(txtValue).toMatch(/^vellum-verification=[0-9a-f]{32}$/);
  expect(await page.locator('tr[data-record-type="TXT"] td:nth-child(2) code').innerText()).toBe(`_vellum-verification.${domain}`);

  // Not yet published: still pending.
  await page.click('button:has-text("Check DNS records")');
  await page.waitForSelector('[data-testid="custom-domain-status"]:has-text("48 hours")');
  // The editor publishes the TXT record at their DNS provider (development's zone).
  executeSql(`INSERT INTO dev_dns_records (name, type, value) VALUES ('_vellum-verification.${domain}', 'TXT', '${txtValue}')`);
  await page.click('button:has-text("Check DNS records")');
  await page.waitForSelector(`[data-testid="custom-domain-status"]:has-text("${domain} is live.")`);
  expect(await page.locator('[data-testid="custom-domain-state"]').innerText()).toBe('Live');
  expect(watch.consoleErrors).toEqual([]);

  // The reader, signed in on the main host, opens the publication on its domain: signed in there.
  const readerContext = await browser.newContext({ userAgent: READER_AGENT });
  await readerContext.addCookies([{ name: 'sid', value: reader.session.token, url: baseURL }]);
  const readerPage = await readerContext.newPage();
  const response = await readerPage.goto(`http://${domain}/`);
  expect(response?.status()).toBe(200);
  expect(new URL(readerPage.url()).origin).toBe(`http://${domain}`);
  const html = await readerPage.content();
  expect(html).toContain(`Domain Press ${suffix}`);
  expect(html).toMatch(new RegExp(`"viewer":\\{"id":"[^"]*","username":"${readerName}"`));
  expect((await readerContext.cookies(`http://${domain}`)).find((c) => c.name === 'sid')?.domain).toBe(domain);

  // Disconnected: the domain serves nothing any more.
  await page.click('button:has-text("Disconnect domain")');
  await page.waitForSelector('#custom-domain-input');
  await editorContext.close();
  await readerContext.close();
});
