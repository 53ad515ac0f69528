// Client error reporting (docs/product/3-routes-data-calls-constants.md §8): the app-wide error
// boundary and the global error handlers report here from the page's first script on. Bots never
// report. What a record says of the moment (the client build, the route, the address, the time) is
// taken here when the error is reported; the records, their limits and the send are a chunk of
// their own (error-report-queue.ts), imported with the page's first error, so a page without
// errors never loads it. Errors reported before it is in wait for it, in their order
// (docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
import type { ErrorPlace } from './error-report-queue.ts';

export type { ErrorPlace };

const context = { build: null as string | null, route: null as string | null, isBot: false, xsrf: '1' };

let reportQueue: Promise<typeof import('./error-report-queue.ts')> | null = null;

/** Set once at start-up: the client build, whether the reader is a bot and the anti-forgery value. */
export function configureErrorReports(options: { build: string | null; isBot: boolean; xsrf: string | null }): void {
  context.build = options.build;
  context.isBot = options.isBot;
  context.xsrf = options.xsrf ?? '1';
}

/** The route being shown (the app sets it on each page). */
export function setReportRoute(routeName: string | null): void {
  context.route = routeName;
}

export function reportError(error: Error, place: ErrorPlace = {}): void {
  console.error(error);
  if (typeof window === 'undefined' || context.isBot) return;
  const moment = { build: context.build, route: context.route, url: window.location.href, timestamp: Date.now() };
  const xsrf = context.xsrf;
  reportQueue ??= import('./error-report-queue.ts');
  void reportQueue.then(
    (queue) => queue.queueErrorReport(error, place, moment, xsrf),
    () => {
      // The chunk could not load (the network): this error goes unreported; the next one asks again.
      reportQueue = null;
    },
  );
}
