import { renderToReadableStream } from 'react-dom/server';
import { Client, Provider, cacheExchange, ssrExchange } from 'urql';
import { executeExchange } from '@urql/exchange-execute';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { App } from '../../client/app/App.tsx';
import { NavigationProvider, parseLocation } from '../../client/app/navigation.tsx';
import type { PageDefinition } from '../../client/pages/page-definition.ts';
import type { ResolvedPage } from '../../client/app/resolve-page.ts';
import { schema } from '../graphql/schema.ts';
import type { GraphQLContext } from '../graphql/context.ts';
import { concatHtmlStream } from './concat-stream.ts';
import { documentHead, documentTail, GRAPHQL_PATH } from './document.ts';

export interface RenderRequest {
  url: URL;
  state: PreloadedState;
  resolved: ResolvedPage | null;
  definition: PageDefinition;
  graphql: GraphQLContext;
  faviconUrl: string;
  /** Forced status (e.g. 404 for the not-found page); otherwise the page's data decides. */
  status?: number;
}

export interface RenderedPage {
  status: number;
  body: ReadableStream<Uint8Array>;
}

export class PageDataError extends Error {
  override name = 'PageDataError';
}

/**
 * Renders a page: its GraphQL query runs in-process first (so the status code can follow
 * the data and the client's cache is seeded with exactly these results), then React
 * streams the markup.
 */
export async function renderPage({ url, state, resolved, definition, graphql, faviconUrl, status }: RenderRequest): Promise<RenderedPage> {
  const ssr = ssrExchange({ isClient: false });
  const client = new Client({
    url: GRAPHQL_PATH,
    exchanges: [cacheExchange, ssr, executeExchange({ schema, context: () => graphql })],
  });

  let data: unknown;
  const request = definition.query?.(resolved?.params ?? {});
  if (request) {
    const result = await client.query(request.query, request.variables).toPromise();
    if (!result.data) throw new PageDataError(result.error?.message ?? 'The page query returned no data');
    data = result.data;
  }

  const errors: unknown[] = [];
  const stream = await renderToReadableStream(
    <Provider value={client}>
      <NavigationProvider initialLocation={parseLocation(url.pathname + url.search)} canRenderInPlace={() => false}>
        <App state={state} />
      </NavigationProvider>
    </Provider>,
    {
      onError(error) {
        errors.push(error);
        console.error('render error', error);
      },
    },
  );

  const head = documentHead({
    title: definition.title(data, state),
    head: definition.head?.(data, state),
    faviconUrl,
    state,
    apolloState: ssr.extractData(),
  });
  return {
    status: status ?? (data !== undefined && definition.status ? definition.status(data) : 200),
    body: concatHtmlStream(head, stream, documentTail()),
  };
}
