// The story's end in the browser (docs/adr/0232-the-story-end-hydrated-after-start-up.md): its
// code is a chunk of its own, loaded once the page is idle after hydration or when the reader
// points at, focuses or types into it. Its props are the page's results, which the normalized
// cache answers again in new objects once it takes over (docs/adr/0224-start-up-work-in-slices.md):
// props holding the same values are the same props, so a boundary not hydrated yet is left as the
// server drew it.
import { deferredPart } from '../app/deferred-part.tsx';
import { sameResultValues } from '../app/same-result-values.ts';
import type { StoryEndProps } from './story-end.tsx';

export const StoryEndPart = deferredPart<StoryEndProps>(() => import('./story-end.tsx').then((module) => module.StoryEnd), '.story-end-part', sameResultValues);
