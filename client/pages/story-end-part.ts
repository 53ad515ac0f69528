// The story's end (story-end.tsx; docs/adr/0232-the-story-end-hydrated-after-start-up.md): on the
// server, the part in the Suspense boundary the browser's variant (story-end-part.browser.ts,
// scripts/build-client.mjs BROWSER_VARIANTS) hydrates once its chunk is in.
import { serverPart } from '../app/deferred-part.tsx';
import { StoryEnd } from './story-end.tsx';

export const StoryEndPart = serverPart(StoryEnd);
