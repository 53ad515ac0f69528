// Client app support states of docs/product/3-routes-data-calls-constants.md §4 (SUPPORTED,
// DEPRECATED, DROPPED, INVALID_VERSION) and what the browser's shell does in each
// (docs/entities.md "Client app support"). A client's version is its build: the name of the
// entry chunk it was loaded from ("entry-BPBbEDFp"), the name the worker serves pages with.

export const CLIENT_APP_SUPPORT_STATES = ['SUPPORTED', 'DEPRECATED', 'DROPPED', 'INVALID_VERSION'] as const;

export type ClientAppSupportState = (typeof CLIENT_APP_SUPPORT_STATES)[number];

/** A build name as the bundler writes it: entry- and its content hash. */
const BUILD = /^entry-[A-Za-z0-9_-]{4,64}$/;

export function isClientBuild(version: string): boolean {
  return BUILD.test(version);
}

/**
 * The state of a client build against the one the worker serves now:
 * - the same build: SUPPORTED;
 * - a build the operators withdrew (DROPPED_CLIENT_BUILDS, e.g. one with a broken page): DROPPED;
 * - any other build (a tab opened before a deploy): DEPRECATED — what it has loaded works, but the
 *   page chunks it has not loaded yet are the old deploy's and may be gone;
 * - not a build name at all: INVALID_VERSION.
 */
export function clientAppSupportStateOf(version: string, current: string | null, dropped: readonly string[]): ClientAppSupportState {
  if (!isClientBuild(version)) return 'INVALID_VERSION';
  if (version === current) return 'SUPPORTED';
  if (dropped.includes(version)) return 'DROPPED';
  return 'DEPRECATED';
}

/**
 * What the shell does (client/app/client-app-support.ts): nothing while supported or when the
 * answer cannot be acted on; a deprecated tab's next navigation is a full page load (so it
 * arrives on the new build); a dropped build reloads the page at once.
 */
export type ClientAppSupportAction = 'NONE' | 'FULL_LOAD_NEXT_NAVIGATION' | 'RELOAD_NOW';

export function clientAppSupportAction(state: ClientAppSupportState): ClientAppSupportAction {
  if (state === 'DROPPED') return 'RELOAD_NOW';
  if (state === 'DEPRECATED') return 'FULL_LOAD_NEXT_NAVIGATION';
  return 'NONE';
}
