// The server's stand-in for the body editor (docs/adr/0094-editor-not-in-the-worker-bundle.md).
// The editor page renders the editor only after hydration (EditorPage's `mounted`), so the
// server never draws it; importing StoryEditor here, even lazily, would still pull Tiptap and
// ProseMirror into the worker bundle. The browser bundle gets story-editor-loader.browser.ts
// in this module's place (scripts/build-client.mjs, BROWSER_VARIANTS), which loads the real
// editor as a chunk of its own.
import type { ComponentType } from 'react';
import type { StoryEditorProps } from './StoryEditor.tsx';

export const StoryEditor: ComponentType<StoryEditorProps> = () => null;
