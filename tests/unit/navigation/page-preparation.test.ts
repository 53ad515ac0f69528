// Code for links in view loads within a budget (client/app/page-preparation.ts;
// docs/adr/0219-navigation-code-in-view-data-on-intent.md): each page chunk once, at most
// CODE_IN_VIEW_BUDGET chunks per document, never a page's data, nothing for a bot. A visitor's
// navigation reads its data from the page's document when it is theirs.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'urql';
import { browserPagePreparation, CODE_IN_VIEW_BUDGET } from '../../../client/app/page-preparation.ts';
import { parseLocation, type PageChoice } from '../../../client/app/current-page.ts';
import type { PageDefinition } from '../../../client/app/page-definition.ts';
import type { PreloadedState } from '../../../shared/preloaded-state.ts';
import type { PageResolution } from '../../../shared/routing/resolve-page.ts';
import type { PageDocument } from '../../../client/app/page-document.ts';

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
  const choosePage = (resolved: PageResolution | null): PageChoice => {
    const chunk = resolved?.pageName ?? 'none';
    return {
      resolved,
      isNotFound: resolved === null,
      module: { chunk, exportName: 'page', load: async () => (loads.push(chunk), { query: () => ({ query: {}, variables: {} }) } as unknown as PageDefinition) },
    };
  };
  return { preparation: browserPagePreparation(stateFor(isBot), client, chooserOf(choosePage)), loads, queries: () => queries };
}

/** The registry's chooser as the entry passes it, here already in. */
function chooserOf(choosePage: (resolved: PageResolution | null) => PageChoice) {
  return { load: async () => choosePage, loaded: () => choosePage };
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

describe('a visitor’s data from the page’s document (docs/adr/0223-a-visitors-navigation-data-from-the-edge-cached-page.md)', () => {
  const STORY = '/@ada/a-story-0123456789ab';
  const results = { '42': { data: '{"postResult":null}', hasNext: false } };

  /** A preparation whose documents are answered by `answer` (per address), recording fetches and restores. */
  function withDocuments(
    options: { viewer?: boolean; isBot?: boolean; answer?: (address: string, routeName: string) => PageDocument | null; startAddress?: string } = {},
  ) {
    const fetched: string[] = [];
    const restored: unknown[] = [];
    let queries = 0;
    const client = { query: () => ({ toPromise: async () => (queries++, {}) }) } as unknown as Client;
    const choosePage = (resolved: PageResolution | null): PageChoice => ({
      resolved,
      isNotFound: resolved === null,
      module: { chunk: resolved?.pageName ?? 'none', exportName: 'page', load: async () => ({ query: () => ({ query: {}, variables: {} }) }) as unknown as PageDefinition },
    });
    const state = { ...stateFor(options.isBot ?? false), viewer: options.viewer ? { id: 'u1' } : null } as unknown as PreloadedState;
    const answer =
      options.answer ??
      ((_address: string, routeName: string) => ({
        results,
        cacheStatus: 'HIT',
        globals: { preloadedState: { viewer: null }, resolution: { routeName, pageName: 'post' } } as unknown as PageDocument['globals'],
      }));
    const preparation = browserPagePreparation(state, client, chooserOf(choosePage), {
      restore: (given) => restored.push(given),
      fetch: async (address) => (fetched.push(address), answer(address, 'ShowPostUnderUser')),
      startAddress: options.startAddress,
    });
    return { preparation, fetched, restored, queries: () => queries };
  }

  it('fetches the page’s own address and gives its results to the data client as the server’s', async () => {
    const { preparation, fetched, restored } = withDocuments();
    const page = await preparation.prepare(parseLocation(STORY + '?source=home'));
    expect(page?.resolved?.pageName).toBe('post');
    expect(fetched).toEqual([STORY + '?source=home']);
    expect(restored).toEqual([results]);
  });

  it('fetches once for an intent and the click that follows it, and not again for a page whose data is held (back)', async () => {
    const { preparation, fetched, restored } = withDocuments();
    preparation.prefetch(parseLocation(STORY));
    await preparation.prepare(parseLocation(STORY));
    await settle();
    expect(fetched).toEqual([STORY]);
    await preparation.prepare(parseLocation('/@ada'));
    await preparation.prepare(parseLocation(STORY));
    expect(fetched).toEqual([STORY, '/@ada']);
    expect(restored.length).toBeGreaterThanOrEqual(2);
  });

  it('fetches no document for the address the page started from, named by the entry (its data is held)', async () => {
    // The preparation's code loads after start-up (client/app/lazy-page-preparation.ts): by then the
    // window may show another address (back), so the entry names the one its document holds.
    const { preparation, fetched, queries } = withDocuments({ startAddress: STORY });
    await preparation.prepare(parseLocation(STORY));
    expect(fetched).toEqual([]);
    expect(queries()).toBe(1);
    await preparation.prepare(parseLocation('/@ada'));
    expect(fetched).toEqual(['/@ada']);
  });

  it('an intent starts the document in its own task once the resolver is in', async () => {
    const { preparation, fetched } = withDocuments();
    await preparation.prepare(parseLocation('/@ada'));
    preparation.prefetch(parseLocation(STORY));
    // Not awaited: the request is already on its way.
    expect(fetched).toEqual(['/@ada', STORY]);
    await settle();
  });

  it('a signed-in reader and a bot ask GraphQL, as before', async () => {
    for (const options of [{ viewer: true }, { isBot: true }]) {
      const { preparation, fetched, restored, queries } = withDocuments(options);
      await preparation.prepare(parseLocation(STORY));
      expect(fetched).toEqual([]);
      expect(restored).toEqual([]);
      expect(queries()).toBe(1);
    }
  });

  it('uses no document that is not the visitor’s page: none, another route, or a viewer in it', async () => {
    const documents: (PageDocument | null)[] = [
      null,
      { results, cacheStatus: 'HIT', globals: { preloadedState: { viewer: null }, resolution: { routeName: 'ShowUser', pageName: 'user' } } } as unknown as PageDocument,
      { results, cacheStatus: 'DYNAMIC', globals: { preloadedState: { viewer: { id: 'u1' } }, resolution: { routeName: 'ShowPostUnderUser', pageName: 'post' } } } as unknown as PageDocument,
    ];
    for (const document of documents) {
      const { preparation, restored, queries } = withDocuments({ answer: () => document });
      const page = await preparation.prepare(parseLocation(STORY));
      // The navigation goes on: its query asks GraphQL.
      expect(page?.resolved?.pageName).toBe('post');
      expect(restored).toEqual([]);
      expect(queries()).toBe(1);
    }
  });

  it('a route whose document was rendered fresh (DYNAMIC) asks GraphQL from then on', async () => {
    const fresh = { results, cacheStatus: 'DYNAMIC', globals: { preloadedState: { viewer: null }, resolution: { routeName: 'ShowPostUnderUser', pageName: 'post' } } } as unknown as PageDocument;
    const { preparation, fetched, restored } = withDocuments({ answer: () => fresh });
    await preparation.prepare(parseLocation(STORY));
    await preparation.prepare(parseLocation('/@ada/another-story-0123456789ac'));
    expect(fetched).toEqual([STORY]);
    expect(restored).toEqual([results]);
  });
});
