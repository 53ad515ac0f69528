// The header's search box in the browser (docs/adr/0209-parts-hydrated-after-start-up.md): its
// code is a chunk of its own, loaded once the page is idle after hydration or when the reader
// points at, focuses or types into it; until then the server's input and form stay as they are.
import { deferredPart } from '../../app/deferred-part.tsx';
import type { SearchBoxProps } from '../search/SearchBox.tsx';

export const HeaderSearchBox = deferredPart<SearchBoxProps>(() => import('../search/SearchBox.tsx').then((module) => module.SearchBox), '.search-box-header');
