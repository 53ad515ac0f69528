// The official algoliasearch v5 client, pointed at the worker itself: its requester hands each
// request to the worker's fetch (no network), exactly as the browser's would reach the site.
import { algoliasearch } from 'algoliasearch';
import type { EndRequest, Requester, Response } from '@algolia/client-common';
import { testEnv, workerFetch } from './graphql-client.ts';

export const SEARCH_HOST = 'localhost:8787';

/** A requester that sends to the worker, optionally with extra headers (a session cookie). */
export function workerRequester(extraHeaders: Record<string, string> = {}): Requester {
  return {
    async send(request: EndRequest): Promise<Response> {
      const response = await workerFetch(request.url, {
        method: request.method,
        headers: { ...request.headers, ...extraHeaders },
        ...(request.data !== undefined ? { body: request.data as string } : {}),
      });
      return { content: await response.text(), status: response.status, isTimedOut: false };
    },
  };
}

/** A search client for the local service, as the site's pages configure it. */
export function searchClient(options: { apiKey?: string; appId?: string; cookie?: string } = {}) {
  return algoliasearch(options.appId ?? testEnv.SEARCH_APP_ID, options.apiKey ?? testEnv.SEARCH_API_KEY, {
    hosts: [{ url: SEARCH_HOST, accept: 'readWrite', protocol: 'http' }],
    requester: workerRequester(options.cookie ? { cookie: options.cookie } : {}),
  });
}

export const indexName = (kind: 'post' | 'user' | 'collection' | 'tag') => `${testEnv.SEARCH_INDEX_PREFIX}${kind}`;
