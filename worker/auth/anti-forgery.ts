import { timingSafeEqual } from 'hono/utils/buffer';
import type { RequestViewer } from '../session/viewer.ts';

/** Header every state-changing GraphQL call carries (the client sets it from the page's session.xsrf). */
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_REFUSED_MESSAGE = 'Missing or invalid anti-forgery token.';

/**
 * Whether a request may run mutations. Signed in: the header must equal the session's
 * anti-forgery value (a cross-site page cannot read it). Logged out (sign-in calls): the
 * header must be present — a custom header cannot be sent cross-site without a CORS
 * preflight, which this endpoint never grants.
 */
export async function mayMutate(request: Request, viewer: RequestViewer): Promise<boolean> {
  const sent = request.headers.get(XSRF_HEADER);
  if (!sent) return false;
  if (!viewer.sessionIdHash) return true;
  return viewer.xsrf !== null && (await timingSafeEqual(sent, viewer.xsrf));
}
