import { Client, Provider, cacheExchange, ssrExchange } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { App } from '../layouts/App.tsx';
import { queryParams, type CurrentPage } from '../app/current-page.ts';
import { NavigationProvider } from '../app/navigation.tsx';
import { concatHtmlStream } from './concat-stream.ts';
import { renderMarkup, renderStream } from './render-markup.ts';
import { AFTER_PAINT_SCRIPT, documentHead, documentTail, GRAPHQL_PATH, startupScript } from './document.ts';
import { executorExchange, type ExecuteGraphQL } from './executor-exchange.ts';
import { withholdRenderedText } from '../app/hydration-state.ts';
import { withRoutePathsUsed } from '../../shared/routing/route-paths.ts';

export interface RenderRequest {
  url: URL;
  state: PreloadedState;
  /** The page, resolved once by the worker (see pageFor in client/entry.server.tsx). */
  page: CurrentPage;
  /** The worker's in-process GraphQL executor for this request (its viewer, its loaders). */
  execute: ExecuteGraphQL;
  faviconUrl: string;
}

export interface RenderedPage {
  status: number;
  /** The whole document as one string, or as a stream when a part of the page suspended. */
  body: string | ReadableStream<Uint8Array>;
  /** The text of the inline scripts written for this page (the worker's CSP allows each by its hash). */
  inlineScripts: string[];
  /** The inline scripts every page runs with the same text: hashed once per isolate. */
  fixedInlineScripts: readonly string[];
}

export class PageDataError extends Error {
  override name = 'PageDataError';
}

/**
 * Renders a page: its GraphQL query runs in-process first (so the status code can follow
 * the data and the client's cache is seeded with exactly these results), then React
 * renders the markup (client/server/render-markup.ts).
 */
export async function renderPage({ url, state, page, execute, faviconUrl }: RenderRequest): Promise<RenderedPage> {
  const ssr = ssrExchange({ isClient: false });
  const client = new Client({ url: GRAPHQL_PATH, exchanges: [cacheExchange, ssr, executorExchange(execute)] });
  const { definition } = page;

  let data: unknown;
  const request = definition.query?.(queryParams(page), page.isNotFound ? null : (page.resolved?.routeName ?? null), new URLSearchParams(page.location.search));
  if (request) {
    const result = await client.query(request.query, request.variables).toPromise();
    if (!result.data) throw new PageDataError(result.error?.message ?? 'The page query returned no data');
    data = result.data;
  }

  const tree = (
    <Provider value={client}>
      <NavigationProvider initialPage={page}>
        <App state={state} />
      </NavigationProvider>
    </Provider>
  );
  // The routes the markup links to go with the document: the browser hydrates with their paths
  // before it has the route table (docs/adr/0221-the-page-module-named-by-the-document.md). A
  // streamed page (something suspended) names none: its browser loads the table first.
  const rendered = withRoutePathsUsed(() => renderMarkup(tree));
  const markup = rendered.result ?? (await renderStream(tree));
  const parts = {
    title: definition.title(data, state),
    head: definition.head?.(data, state),
    faviconUrl,
    state,
    // The story's text is in the markup: the state leaves it out (client/app/hydration-state.ts).
    apolloState: withholdRenderedText(ssr.extractData(), typeof markup === 'string' ? markup : undefined),
    resolution: page.resolved,
    pageChunk: page.module.chunk,
    pageExportName: page.module.exportName,
    routePaths: rendered.result === null ? null : rendered.paths,
    isNotFound: page.isNotFound,
    startupParts: data !== undefined && definition.startupParts ? definition.startupParts(data) : [],
    markup: typeof markup === 'string' ? markup : undefined,
  };
  const script = startupScript(parts);
  const head = documentHead(parts, script);
  // A page without a query (a fixed notice) decides its status without data.
  const hasData = data !== undefined || !definition.query;
  const status = page.isNotFound ? 404 : hasData && definition.status ? definition.status(data) : 200;
  return {
    status,
    body: typeof markup === 'string' ? head + markup + documentTail() : concatHtmlStream(head, markup, documentTail()),
    inlineScripts: [script],
    fixedInlineScripts: [AFTER_PAINT_SCRIPT],
  };
}
