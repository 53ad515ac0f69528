// /_/oh-noes (docs/product/3-routes-data-calls-constants.md §2.10): who may make the page crash
// while rendering, to check the render-error page and error reporting end to end.
import type { RequestContext } from '../context/request-context.ts';

/** Staff only, and not while acting as another account. */
export function ohNoesAllowed(ctx: RequestContext): boolean {
  return ctx.viewer.user?.isStaff === true && !ctx.viewer.isSpoofed;
}
