import type { ComponentType, ReactNode } from 'react';
import type { TypedDocumentNode } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import type { PageHead } from './page-head.ts';

export type RouteParams = Record<string, string>;

export interface PageProps<Data> {
  params: RouteParams;
  data: Data;
}

/**
 * What a screen needs to render on both sides: its GraphQL query (run in-process by the
 * worker before the render, by urql in the browser after a client-side navigation), the
 * HTTP status its data implies, its document title and head tags, and the component.
 */
export interface PageDefinition<Data = any> {
  /**
   * routeName: where one page name serves several routes (profile tabs), the route picks the
   * query. searchParams: the address's query string (the search pages' q).
   */
  query?: (params: RouteParams, routeName: string | null, searchParams: URLSearchParams) => { query: TypedDocumentNode<Data, any>; variables: Record<string, unknown> };
  /** HTTP status implied by the data; 200 when absent. */
  status?: (data: Data) => number;
  /**
   * Parts of the page whose chunks its data calls for at start (the build's `parts`,
   * scripts/build-client.mjs): the document declares them with the start-up modules
   * (docs/adr/0232-the-story-end-hydrated-after-start-up.md).
   */
  startupParts?: (data: Data) => readonly string[];
  title: (data: Data | undefined, state: PreloadedState) => string;
  /** Meta description, canonical address, link-preview tags and JSON-LD (client/app/page-head.ts). */
  head?: (data: Data | undefined, state: PreloadedState) => PageHead | undefined;
  Component: ComponentType<PageProps<Data>>;
  /** Sidebar content for the two-column layout. */
  Sidebar?: ComponentType<PageProps<Data>>;
  /** Shown while a client-side navigation loads the page's data. */
  loading?: () => ReactNode;
}
