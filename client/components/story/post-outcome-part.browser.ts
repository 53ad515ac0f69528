// A story address's outcome page in the browser (docs/adr/0232-the-story-end-hydrated-after-start-up.md):
// a reader who gets a story never needs its code, so it is a chunk of its own. The outcome's
// document declares that chunk with its start-up modules (PostPage's startupParts); its import
// starts with the part's first render and React hydrates the part once it is in. Its props are
// the page's results, which the normalized cache answers again in new objects.
import { deferredPart } from '../../app/deferred-part.tsx';
import { sameResultValues } from '../../app/same-result-values.ts';
import type { PostOutcomePage } from './PostOutcome.tsx';

type PostOutcomePageProps = Parameters<typeof PostOutcomePage>[0];

export const PostOutcomePart = deferredPart<PostOutcomePageProps>(
  () => import('./PostOutcome.tsx').then((module) => module.PostOutcomePage),
  '.error-page',
  sameResultValues,
  'once-rendered',
);
