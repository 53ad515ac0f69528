// The author's tools in the browser (docs/adr/0232-the-story-end-hydrated-after-start-up.md): only
// an author's page draws them, so their code is a chunk of its own, loaded once the page is idle
// after hydration or when the author points at or focuses them. Their props are plain strings.
import { deferredPart } from '../../app/deferred-part.tsx';
import type { StoryAuthorToolsProps } from './StoryAuthorTools.tsx';

export const StoryAuthorToolsPart = deferredPart<StoryAuthorToolsProps>(
  () => import('./StoryAuthorTools.tsx').then((module) => module.StoryAuthorTools),
  '.story-author-tools',
);
