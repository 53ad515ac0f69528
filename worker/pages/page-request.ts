// What the request pipeline (pipeline.ts) knows about a page request once host, viewer and
// route are resolved: the one description the edge cache (worker/pipeline/edge-cache.ts)
// decides on and the renderer (render-response.ts) renders.
import type { Env } from '../env.ts';
import type { HostContext } from '../host/resolve-host.ts';
import type { RequestViewer } from '../session/viewer.ts';
import type { CountingD1 } from '../db/counting-d1.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { readSignInConfirmation } from '../membership/sign-in-confirmation.ts';
import type { ResolvedPage } from '../../shared/routing/resolve-page.ts';

/** The sign-in confirmation of the first page after a sign-in, and the cookie that clears it. */
export type SignInConfirmationRead = NonNullable<Awaited<ReturnType<typeof readSignInConfirmation>>>;

export interface PageRequest {
  url: URL;
  env: Env;
  host: HostContext;
  viewer: RequestViewer;
  /** Global flags (configuration). */
  flags: ReadonlySet<string>;
  /** null: no route matched, or a redirect could not be built — the not-found page. */
  resolved: ResolvedPage | null;
  /** D1 for this request, counted (x-d1-queries). */
  d1: CountingD1;
  /**
   * The request's GraphQL context, created on first use (a HIT never creates one): the
   * cache controllers and the render share its loaders.
   */
  graphql(): RequestContext;
  /**
   * The sign-in confirmation (the first page after a sign-in: the toast, and the cookie to
   * clear), read on first use; null for everyone else.
   */
  signIn(): Promise<SignInConfirmationRead | null>;
  /**
   * Work that finishes after the response is sent (the runtime's waitUntil): the reading-history
   * write. Absent (a caller without an execution context): the renderer awaits it before answering.
   */
  waitUntil?: (promise: Promise<unknown>) => void;
}
