// The author's tools on the story page (StoryAuthorTools.tsx): on the server, the part in the
// Suspense boundary the browser's variant (story-author-tools.browser.ts, scripts/build-client.mjs
// BROWSER_VARIANTS) hydrates once its chunk is in (docs/adr/0232-the-story-end-hydrated-after-start-up.md).
import { serverPart } from '../../app/deferred-part.tsx';
import { StoryAuthorTools } from './StoryAuthorTools.tsx';

export const StoryAuthorToolsPart = serverPart(StoryAuthorTools);
