// The story editor stays out of the worker bundle (docs/adr/0094-editor-not-in-the-worker-bundle.md):
// nothing the worker imports, statically or lazily, reaches client/editor/StoryEditor.tsx or
// Tiptap/ProseMirror. The editor page loads it through client/editor/story-editor-loader.ts,
// whose browser variant (story-editor-loader.browser.ts) is the only importer of the editor.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const { default: config } = (await import(pathToFileURL(path.join(root, '.dependency-cruiser.mjs')).href)) as { default: IConfiguration };

describe('the worker bundle', () => {
  it('reaches no editor code, through static or dynamic imports', async () => {
    const result = await cruise(['worker/index.ts'], { ...config.options, baseDir: root });
    const { modules } = result.output as ICruiseResult;
    // What the bundler keeps: type-only imports are erased, so they do not count.
    const edges = new Map(modules.map((module) => [module.source, module.dependencies.filter((d) => !d.dependencyTypes.some((t) => t.startsWith('type-'))).map((d) => d.resolved)]));
    const reached: string[] = [];
    const seen = new Set<string>();
    const visit = (source: string) => {
      if (seen.has(source)) return;
      seen.add(source);
      reached.push(source);
      for (const next of edges.get(source) ?? []) visit(next);
    };
    visit('worker/index.ts');
    expect(reached.filter((source) => /@tiptap|prosemirror|client\/editor\/StoryEditor\.tsx|\.browser\.tsx?$/.test(source))).toEqual([]);
    expect(reached).toContain('client/pages/EditorPage.tsx'); // the page itself is server-rendered
    expect(reached).toContain('client/editor/story-editor-loader.ts');
  }, 60_000);
});
