// The page of a story address that holds no story for this reader (PostOutcome.tsx): on the
// server, the part in the Suspense boundary the browser's variant (post-outcome-part.browser.ts,
// scripts/build-client.mjs BROWSER_VARIANTS) hydrates once its chunk is in
// (docs/adr/0232-the-story-end-hydrated-after-start-up.md).
import { serverPart } from '../../app/deferred-part.tsx';
import { PostOutcomePage } from './PostOutcome.tsx';

export const PostOutcomePart = serverPart(PostOutcomePage);
