// Code for links in view loads within a budget (client/app/page-preparation.ts;
// docs/adr/0219-navigation-code-in-view-data-on-intent.md): each page chunk once, at most
// CODE_IN_VIEW_BUDGET chunks per document, never a page's data, nothing for a bot.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'urql';
import { browserPagePreparation, CODE_IN_VIEW_BUDGET } from '../../../client/app/page-preparation.ts';
import { parseLocation, type PageChoice } from '../../../client/app/current-page.ts';
import type { PageDefinition } from '../../../client/app/page-definition.ts';
import type { PreloadedState } from '../../../shared/preloaded-state.ts';

function stateFor(isBot: boolean): PreloadedState {
  return {
    client: { isBot },
    navigation: { hostKind: 'default', hostUsername: null, hostCollectionSlug: null },
    session: { isLoggedInCookie: false, xsrf: null },
    flags: [],
    viewer: null,
  } as unknown as PreloadedState;
}

/** A preparation whose pages are chunks named after the first path segment, counting loads and queries. */
function preparationFor(isBot = false) {
  const loads: string[] = [];
  let queries = 0;
  const client = { query: () => ({ toPromise: async () => (queries++, {}) }) } as unknown as Client;
  const choosePage = (resolved: Parameters<Awaited<ReturnType<Parameters<typeof browserPagePreparation>[2]>>>[0]): PageChoice => {
    const chunk = resolved?.pageName ?? 'none';
    return {
      resolved,
      isNotFound: resolved === null,
      module: { chunk, exportName: 'page', load: async () => (loads.push(chunk), { query: () => ({ query: {}, variables: {} }) } as unknown as PageDefinition) },
    };
  };
  return { preparation: browserPagePreparation(stateFor(isBot), client, async () => choosePage), loads, queries: () => queries };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

// The resolver is a chunk of its own, imported on first use: in before the clock matters.
beforeAll(async () => {
  await import('../../../shared/routing/resolve-page.ts');
});

describe('code for links in view', () => {
  it('loads each page chunk once and no data', async () => {
    const { preparation, loads, queries } = preparationFor();
    for (const path of ['/@ada/a-story-0123456789ab', '/@ada/another-story-0123456789ac', '/@grace/third-0123456789ad']) preparation.preloadCode(parseLocation(path));
    await settle();
    expect(loads).toEqual(['post']);
    expect(queries()).toBe(0);
  });

  it(`loads at most ${CODE_IN_VIEW_BUDGET} page chunks per document`, async () => {
    const { preparation, loads } = preparationFor();
    for (const path of ['/@ada/a-story-0123456789ab', '/@ada', '/tag/poetry', '/search', '/plans', '/about']) {
      preparation.preloadCode(parseLocation(path));
      await settle();
    }
    expect(new Set(loads).size).toBe(CODE_IN_VIEW_BUDGET);
    expect(loads.length).toBe(CODE_IN_VIEW_BUDGET);
  });

  it('loads nothing for a bot', async () => {
    const { preparation, loads } = preparationFor(true);
    preparation.preloadCode(parseLocation('/@ada/a-story-0123456789ab'));
    await settle();
    expect(loads).toEqual([]);
  });

  it('the reader’s intent loads the code and asks for the data', async () => {
    const { preparation, loads, queries } = preparationFor();
    preparation.prefetch(parseLocation('/@ada/a-story-0123456789ab'));
    await settle();
    expect(loads).toEqual(['post']);
    expect(queries()).toBe(1);
  });
});
