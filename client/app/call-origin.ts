// Where the data client's calls are made from, for their headers
// (docs/product/2-sign-in-notices-cache-routing.md §7): the route's metric name — the route
// table's name of the page being shown or prepared — and the path with its query. Set at
// start-up from the server's resolution and by each navigation before it asks for data
// (page-preparation.ts), so a call for the next page names that page.
import type { CallOrigin } from './batch-exchange.ts';

let current: CallOrigin = { routeMetric: null, path: '/' };

export function setCallOrigin(routeMetric: string | null | undefined, path: string): void {
  current = { routeMetric: routeMetric ?? null, path };
}

export function callOrigin(): CallOrigin {
  return current;
}
