import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { PAGES } from '../pages/registry.ts';
import { resolvePageForState } from './resolve-page.ts';

/**
 * A client-side navigation renders in place only for a page this bundle has; anything
 * else (redirects, unknown paths, endpoints) is left to the server, which answers with
 * the right status code.
 */
export function canRenderInPlace(state: PreloadedState, pathname: string): boolean {
  const resolved = resolvePageForState(state, pathname);
  return Boolean(resolved && !resolved.redirects && resolved.pageName && PAGES[resolved.pageName]);
}
