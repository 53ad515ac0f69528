// Issue 27 point 6 (docs/product/1-product-screens-membership-header-search.md §7; docs/entities.md
// "Named queries"): the page sends the spec's named queries where the spec uses them, under the
// spec's operation names —
// - PublicationNavigationContextQuery: the search box on a publication's page names it;
// - UserSearchQuery: the search box on a writer's profile names them;
// - UseReactivateMembershipUpsellQuery: a cancelled member's reactivate banner;
// - CanSwitchPlanQuery: a Member opening a Friend's badge popover.
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function open(path: string, sid?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (sid) await context.addCookies([{ name: 'sid', value: sid, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + path);
  await waitForHydration(page);
  return { page, watch, context };
}

/** The operations the page sent (a POST may carry a batch). */
const operations = (requests: string[]) =>
  requests.flatMap((body) => [JSON.parse(body) as { operationName?: string } | { operationName?: string }[]].flat()).map((op) => op.operationName);

async function searchService(requests: Record<string, unknown>[]): Promise<{ hits: Record<string, any>[] }[]> {
  const response = await fetch(`${baseURL}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': 'VELLUMLOCAL', 'x-algolia-api-key': 'local-search-only-key' },
    body: JSON.stringify({ requests }),
  });
  return ((await response.json()) as { results: { hits: Record<string, any>[] }[] }).results;
}

const headerInput = (page: Page) => page.locator('[data-testid="search-box-header"] input');
const popover = (page: Page) => page.locator('[data-testid="search-popover"]');

describe('the search box names what it searches', () => {
  it('on a publication’s page, with PublicationNavigationContextQuery', async () => {
    const [publications] = await searchService([{ indexName: 'vellum_collection', query: '', hitsPerPage: 100 }]);
    const local = publications!.hits.filter((p) => !p.domain && !p.customDomainState?.live).slice(0, 8);
    const scoped = await searchService(local.map((p) => ({ indexName: 'vellum_post', query: 'hab', hitsPerPage: 8, facetFilters: [`collection.slug:${p.slug}`] })));
    const publication = local[scoped.findIndex((r) => r.hits.length > 0)];
    if (!publication) throw new Error('no publication with a story the popover finds for "hab"');
    const { page, watch, context } = await open(`/${publication.slug}`);
    try {
      // Rendering and hydrating asked nothing of it.
      expect(operations(watch.graphqlRequests)).not.toContain('PublicationNavigationContextQuery');
      await headerInput(page).click();
      await headerInput(page).pressSequentially('hab');
      await popover(page).getByText('From this Publication').waitFor({ timeout: 20_000 });
      await expect.poll(() => popover(page).locator('[data-testid="search-context"]').innerText(), { timeout: 20_000 }).toBe(publication.name);
      await page.screenshot({ path: 'tests/e2e/screenshots/search-context-publication.png' });
      const sent = watch.graphqlRequests.flatMap((body) => [JSON.parse(body)].flat()).filter((op) => op.operationName === 'PublicationNavigationContextQuery');
      expect(sent.map((op) => op.variables)).toEqual([{ domainOrSlug: publication.slug }]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('on a writer’s profile, with UserSearchQuery', async () => {
    const [posts] = await searchService([{ indexName: 'vellum_post', query: 'hab', hitsPerPage: 20 }]);
    const hit = posts!.hits.find((h) => h.creator?.username && !h.creator?.customDomainState?.live);
    if (!hit) throw new Error('no story the popover finds for "hab"');
    const username = String(hit.creator.username);
    const { page, watch, context } = await open(`/@${username}`);
    try {
      await headerInput(page).click();
      await headerInput(page).pressSequentially('hab');
      await popover(page).getByText('From this Profile').waitFor({ timeout: 20_000 });
      await expect.poll(() => popover(page).locator('[data-testid="search-context"]').innerText(), { timeout: 20_000 }).toBe(String(hit.creator.name));
      const sent = watch.graphqlRequests.flatMap((body) => [JSON.parse(body)].flat()).filter((op) => op.operationName === 'UserSearchQuery');
      expect(sent.map((op) => op.variables)).toEqual([{ username }]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('membership', () => {
  it('a cancelled member’s reactivate banner asks UseReactivateMembershipUpsellQuery', async () => {
    const session = createDemoSessions(['cancelled']).cancelled!;
    const { page, watch, context } = await open('/', session.token);
    try {
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await waitForHydration(page);
      await expect.poll(() => operations(watch.graphqlRequests), { timeout: 20_000 }).toContain('UseReactivateMembershipUpsellQuery');
      const banner = page.locator('[data-testid="membership-banner"][data-banner="reactivate"]');
      await banner.waitFor({ timeout: 20_000 });
      expect(await banner.innerText()).toContain('Your membership will expire on');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a Member opening a Friend’s badge asks CanSwitchPlanQuery', async () => {
    const session = createDemoSessions(['member']).member!;
    const { page, watch, context } = await open('/@friend', session.token);
    try {
      const badge = page.locator('[data-testid="friend-badge"]').first();
      await badge.waitFor({ timeout: 20_000 });
      expect(operations(watch.graphqlRequests)).not.toContain('CanSwitchPlanQuery');
      await badge.hover();
      await page.locator('[data-testid="friend-popover"]').waitFor({ timeout: 20_000 });
      await expect.poll(() => operations(watch.graphqlRequests), { timeout: 20_000 }).toContain('CanSwitchPlanQuery');
      expect(await page.locator('[data-testid="friend-popover"]').innerText()).toContain('is a Friend of');
    } finally {
      await context.close();
    }
  }, 120_000);
});
