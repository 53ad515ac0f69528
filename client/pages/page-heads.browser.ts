// page-heads.ts as the browser bundle gets it (scripts/build-client.mjs swaps the module):
// a page definition's head() runs on the server only (client/server/render-page.tsx writes
// the tags), so in the browser the builders are stand-ins that are never called, and the
// description, canonical, Open Graph and JSON-LD code stays out of the page chunks.
import type * as heads from './page-heads.ts';

export { PAYWALLED_CONTENT_CLASS, storyTitle } from './page-titles.ts';

function serverOnly(): never {
  throw new Error('Page head tags are built on the server only.');
}

export const homeHead: typeof heads.homeHead = serverOnly;
export const storyHead: typeof heads.storyHead = serverOnly;
export const profileHead: typeof heads.profileHead = serverOnly;
export const tagHead: typeof heads.tagHead = serverOnly;
export const publicationHead: typeof heads.publicationHead = serverOnly;
