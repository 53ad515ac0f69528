import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import { imageUrl } from '../../shared/urls/image-urls.ts';
import { findPublicationFavicon } from '../publications/publication-favicon.ts';

/**
 * Publication favicons are cropped to this square
 * (docs/product/2-sign-in-notices-cache-routing.md §9).
 */
export const PUBLICATION_FAVICON_SIZE = 128;

/** The product's favicon differs per environment so a staging tab is never mistaken for production. */
export function defaultFaviconUrl(env: Pick<Env, 'ENVIRONMENT'>): string {
  const variant = ['development', 'staging'].includes(env.ENVIRONMENT) ? env.ENVIRONMENT : 'production';
  return `/favicon-${variant}.svg`;
}

/** On publication routes the publication's own favicon, cropped to 128×128; else the product's. */
export async function faviconUrl(
  db: D1Database,
  env: Pick<Env, 'ENVIRONMENT'>,
  publication: string | null,
  imageOrigin: string,
): Promise<string> {
  if (publication) {
    const favicon = await findPublicationFavicon(db, publication);
    if (favicon?.faviconId) {
      return imageUrl(favicon.faviconId, {
        strategy: 'crop',
        width: PUBLICATION_FAVICON_SIZE,
        height: PUBLICATION_FAVICON_SIZE,
        origin: imageOrigin,
      });
    }
  }
  return defaultFaviconUrl(env);
}
