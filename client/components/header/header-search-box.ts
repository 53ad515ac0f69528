// The header's search box (docs/adr/0209-parts-hydrated-after-start-up.md): on the server, the
// search box in the Suspense boundary the browser's variant (header-search-box.browser.ts,
// scripts/build-client.mjs BROWSER_VARIANTS) hydrates once its chunk is in.
import { serverPart } from '../../app/deferred-part.tsx';
import { SearchBox } from '../search/SearchBox.tsx';

export const HeaderSearchBox = serverPart(SearchBox);
