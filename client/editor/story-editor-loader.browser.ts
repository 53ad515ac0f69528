// The browser's body editor: Tiptap, loaded after hydration as a chunk of its own. Stands in
// for story-editor-loader.ts in the browser bundle (scripts/build-client.mjs, BROWSER_VARIANTS);
// the worker bundle never sees this module, so it never carries the editor.
import { lazy } from 'react';

export const StoryEditor = lazy(() => import('./StoryEditor.tsx'));
