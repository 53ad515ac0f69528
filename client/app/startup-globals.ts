import type { SSRData } from 'urql';
import type { PreloadedState } from '../../shared/preloaded-state.ts';

export interface StartupGlobals {
  preloadedState: PreloadedState;
  graphqlUri: string;
  apolloState: SSRData;
}

/**
 * Reads the start-up globals; their absence fails start-up with the spec's messages
 * (docs/product/3-routes-data-calls-constants.md §8).
 */
export function readStartupGlobals(scope: Record<string, unknown>): StartupGlobals {
  const preloadedState = scope.__PRELOADED_STATE__;
  if (!preloadedState) throw new Error('Expected window.__PRELOADED_STATE__ to exist.');
  const graphqlUri = scope.__GRAPHQL_URI__;
  if (!graphqlUri) throw new Error('Expected window.__GRAPHQL_URI__ to exist.');
  const apolloState = scope.__APOLLO_STATE__;
  if (!apolloState) throw new Error('Expected window.__APOLLO_STATE__ to exist.');
  return {
    preloadedState: preloadedState as PreloadedState,
    graphqlUri: String(graphqlUri),
    apolloState: apolloState as SSRData,
  };
}
