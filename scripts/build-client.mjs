// Builds the browser bundle ahead of time: content-hashed file names under
// dist/client/assets (served by Workers Static Assets with immutable caching) and a
// manifest the door (client/server/document.ts) imports to write the right <script> and
// <link> tags.
//
// Code splitting (docs/adr/0043-client-build-shell-and-reading-chunks.md): every page module of
// client/pages/registry.ts is a dynamic import, so it becomes a chunk of its own. What the
// entry loads statically (React, urql, the app shell: header, layouts, router) is put in
// ONE chunk: every page needs it at start, and one file compresses better and costs one
// request instead of a dozen (esbuild's splitting cannot group chunks; rolldown's
// codeSplitting groups can). The stylesheet is built by esbuild.
import { build } from 'esbuild';
import { rolldown } from 'rolldown';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { cssRules } from './lib/css-rules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/client/assets');
const production = process.env.NODE_ENV !== 'development';
const ENTRY = path.join(root, 'client/entry.tsx');

await rm(path.join(root, 'dist/client'), { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const css = await build({
  absWorkingDir: root,
  entryPoints: { app: 'client/styles/app.css' },
  bundle: true,
  minify: production,
  sourcemap: true,
  metafile: true,
  outdir,
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  logLevel: 'warning',
});

const STORY_PAGE = path.join(root, 'client/pages/PostPage.tsx');

/** Every module the entry imports statically (transitively): the app shell. */
let shellModules = new Set();
/**
 * Modules the story page needs beyond the shell that other chunks need too (cards, buttons,
 * URL helpers, the story documents). Left to itself the bundler makes one chunk per set of
 * importers: a dozen files of 0.2–5 KiB for the story page, each compressed on its own.
 * One "reading" chunk compresses ~3 KiB better and costs one request.
 */
let readingModules = new Set();
const groupingPlugin = {
  name: 'vellum-chunk-groups',
  buildEnd() {
    const staticClosure = (start, stop = new Set()) => {
      const seen = new Set();
      const visit = (id) => {
        if (seen.has(id) || stop.has(id)) return;
        seen.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      visit(start);
      return seen;
    };
    shellModules = staticClosure(ENTRY);
    // How many lazily loaded entries (pages, dialogs, popovers) need each module at load.
    const lazyEntries = new Set();
    for (const id of this.getModuleIds()) for (const lazy of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazyEntries.add(lazy);
    const users = new Map();
    for (const lazy of lazyEntries) for (const id of staticClosure(lazy, shellModules)) users.set(id, (users.get(id) ?? 0) + 1);
    readingModules = new Set([...staticClosure(STORY_PAGE, shellModules)].filter((id) => id !== STORY_PAGE && users.get(id) > 1));
  },
};

/**
 * Modules the browser gets in a variant of its own: `X.browser.ts` beside `X.ts` (page
 * head builders: the server writes head tags, the browser never builds them; the story
 * editor's loader: only the browser loads Tiptap, so the worker bundle never carries it; parts
 * whose code loads after hydration, client/app/deferred-part.tsx).
 */
const BROWSER_VARIANTS = new Set([
  path.join(root, 'client/pages/page-heads.ts'),
  path.join(root, 'client/editor/story-editor-loader.ts'),
  // The header's search box: hydrated once its chunk is in (docs/adr/0209-parts-hydrated-after-start-up.md).
  path.join(root, 'client/components/header/header-search-box.ts'),
  // The story's end: hydrated once its chunk is in (docs/adr/0232-the-story-end-hydrated-after-start-up.md).
  path.join(root, 'client/pages/story-end-part.ts'),
  // The author's tools on the story page: the same (docs/adr/0232-the-story-end-hydrated-after-start-up.md).
  path.join(root, 'client/components/story-menu/story-author-tools.ts'),
  // A story address's outcome page: its own chunk, declared only by the outcomes' documents (the same ADR).
  path.join(root, 'client/components/story/post-outcome-part.ts'),
  // The header's notification link, signed-in only (docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
  path.join(root, 'client/components/header/notification-link.ts'),
  // Links' route paths: the document's, then the whole table after hydration (docs/adr/0221-the-page-module-named-by-the-document.md).
  path.join(root, 'shared/routing/route-paths.ts'),
]);
const browserVariantsPlugin = {
  name: 'vellum-browser-variants',
  async resolveId(source, importer, options) {
    if (!importer || !source.startsWith('.')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved && BROWSER_VARIANTS.has(resolved.id) ? resolved.id.replace(/\.ts$/, '.browser.ts') : null;
  },
};

const bundle = await rolldown({
  cwd: root,
  input: { entry: ENTRY },
  platform: 'browser',
  transform: {
    jsx: { runtime: 'automatic', development: !production },
    define: {
      'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      // The app's version, for the data client's "lite/" + version header (client/entry.tsx).
      __VELLUM_VERSION__: JSON.stringify(JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')).version),
    },
  },
  plugins: [browserVariantsPlugin, groupingPlugin],
  logLevel: 'warn',
});
const { output } = await bundle.write({
  dir: outdir,
  format: 'esm',
  minify: production,
  sourcemap: true,
  entryFileNames: '[name]-[hash].js',
  chunkFileNames: '[name]-[hash].js',
  // The entry chunk itself stays tiny (it runs start-up); the shell is one chunk beside it.
  codeSplitting: {
    groups: [
      { name: 'shell', test: (id) => shellModules.has(id) && id !== ENTRY },
      { name: 'reading', test: (id) => readingModules.has(id) },
    ],
  },
});
await bundle.close();

const chunks = new Map(output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
const urlOf = (fileName) => `/assets/${fileName}`;
/** A chunk and every chunk it imports statically, transitively. */
function staticClosure(fileName, seen = new Set()) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunks.get(fileName).imports) staticClosure(imported, seen);
  return seen;
}

// The manifest: the entry, its stylesheet, the chunks the entry imports statically (needed
// on every page), and per page chunk (named after its module file, the `chunk` of
// client/pages/registry.ts) the files it needs beyond those, its own chunk first: the document
// names that one for the browser to import (docs/adr/0221-the-page-module-named-by-the-document.md).
const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
const shell = staticClosure(entry.fileName);
const manifest = { js: urlOf(entry.fileName), css: '', preload: [...shell].filter((file) => file !== entry.fileName).map(urlOf), pages: {} };
for (const [file, output] of Object.entries(css.metafile.outputs)) {
  if (output.entryPoint === 'client/styles/app.css' && file.endsWith('.css')) manifest.css = '/' + path.relative(path.join(root, 'dist/client'), path.join(root, file));
}
for (const chunk of chunks.values()) {
  const page = chunk.isDynamicEntry ? /client\/pages\/([A-Za-z]+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
  if (page) manifest.pages[page] = [...staticClosure(chunk.fileName)].filter((file) => !shell.has(file)).map(urlOf);
}
// Chunks a page imports dynamically as soon as it mounts, to draw its content: declared with the
// page, so the browser fetches them in parallel and no start-up script is undeclared
// (docs/adr/0217-start-up-bytes-by-module.md). The search page's results come from the search
// client (client/components/search/search-client.ts imports algoliasearch's lite build).
const PAGE_START_IMPORTS = { SearchPage: [/\/node_modules\/algoliasearch\/dist\/lite\//] };
for (const [page, patterns] of Object.entries(PAGE_START_IMPORTS)) {
  for (const chunk of chunks.values()) {
    if (!chunk.isDynamicEntry || !patterns.some((pattern) => pattern.test(chunk.facadeModuleId ?? ''))) continue;
    const files = [...staticClosure(chunk.fileName)].filter((file) => !shell.has(file)).map(urlOf);
    manifest.pages[page] = [...new Set([...(manifest.pages[page] ?? []), ...files])];
  }
}

// Parts a page's document declares at start only for some data (PageDefinition.startupParts,
// client/server/document.ts): named by their module, the chunk and what it imports beyond the shell
// (docs/adr/0232-the-story-end-hydrated-after-start-up.md: a story address that holds no story).
const STARTUP_PARTS = { PostOutcome: path.join(root, 'client/components/story/PostOutcome.tsx') };
manifest.parts = {};
for (const [part, module] of Object.entries(STARTUP_PARTS)) {
  const chunk = [...chunks.values()].find((candidate) => candidate.isDynamicEntry && candidate.facadeModuleId === module);
  if (!chunk) throw new Error(`No chunk of its own for the start-up part ${part} (${module})`);
  manifest.parts[part] = [...staticClosure(chunk.fileName)].filter((file) => !shell.has(file)).map(urlOf);
}

// The files of client/public are copied as they are: the favicons, and the icon sprite, named by
// its content (client/components/sprite-icon.tsx), under /assets/ with the immutable files.
await cp(path.join(root, 'client/public'), path.join(root, 'dist/client'), { recursive: true });

// Hashed names never change content: let browsers and the edge keep them for a year.
// Files the asset store serves without the worker get the worker's always-on security headers
// too (worker/hardening/security-headers.ts; docs/adr/0052-page-content-security-policy.md).
await writeFile(
  path.join(root, 'dist/client/_headers'),
  '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n' +
    '/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n',
);
await mkdir(path.join(root, 'worker/generated'), { recursive: true });
await writeFile(path.join(root, 'worker/generated/asset-manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

// The stylesheet split into its rules, each with the classes its selectors need: a page's head
// inlines only the rules its markup can match, and loads the whole file without blocking the
// first paint (client/server/page-styles.ts; docs/adr/0095-inline-the-rules-the-markup-uses.md).
// A file of its own: the manifest is hashed into every cache key (worker/cache/version.ts).
const cssText = (await readFile(path.join(root, 'dist/client', manifest.css), 'utf8')).replace(/\n\/\*# sourceMappingURL=.*\*\/\s*$/, '');
if (/<\/style/i.test(cssText)) throw new Error('The stylesheet contains "</style": it cannot be inlined');
await writeFile(path.join(root, 'worker/generated/inline-css.json'), JSON.stringify({ rules: cssRules(cssText) }) + '\n');

const gzipKiB = async (urls) => {
  let bytes = 0;
  for (const url of urls) bytes += gzipSync(await readFile(path.join(root, 'dist/client', url)), { level: 9 }).length;
  return (bytes / 1024).toFixed(1);
};
const startup = [manifest.js, ...manifest.preload];
console.log(
  `client bundle: ${manifest.js} + ${manifest.preload.length} shell chunk(s), ${await gzipKiB(startup)} KiB gzip; ` +
    `${Object.keys(manifest.pages).length} page chunks; ${manifest.css}`,
);

// VELLUM_BUNDLE_REPORT=1: the biggest modules of the story page's start-up files (what
// bench/foundation.bench.mjs counts), sizes before minification.
if (process.env.VELLUM_BUNDLE_REPORT) {
  const files = [...new Set([...startup.map((url) => url.slice('/assets/'.length)), ...manifest.pages.PostPage.map((url) => url.slice('/assets/'.length))])];
  const modules = files.flatMap((file) =>
    Object.entries(chunks.get(file).modules).map(([id, info]) => ({ file, module: path.relative(root, id), renderedLength: info.renderedLength })),
  );
  modules.sort((a, b) => b.renderedLength - a.renderedLength);
  const fileSizes = await Promise.all(files.map(async (file) => ({ file, gzipKiB: await gzipKiB([urlOf(file)]) })));
  await mkdir(path.join(root, '.tmp'), { recursive: true });
  await writeFile(path.join(root, '.tmp/client-bundle-report.json'), JSON.stringify({ files: fileSizes, modules }, null, 2));
  console.log('story page start-up files:', fileSizes.map(({ file, gzipKiB }) => `${file} ${gzipKiB}`).join(', '));
  console.log('biggest modules (bytes before minification):');
  for (const { module, renderedLength } of modules.slice(0, 15)) console.log(`  ${String(renderedLength).padStart(7)}  ${module}`);
}
