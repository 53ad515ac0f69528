// Builds the browser bundle ahead of time: content-hashed file names under
// dist/client/assets (served by Workers Static Assets with immutable caching) and a
// manifest the worker imports to write the right <script> and <link> tags.
import { build } from 'esbuild';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/client/assets');
const production = process.env.NODE_ENV !== 'development';

await rm(path.join(root, 'dist/client'), { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { entry: 'client/entry.tsx', app: 'client/styles/app.css' },
  bundle: true,
  format: 'esm',
  splitting: true,
  target: ['es2022'],
  platform: 'browser',
  jsx: 'automatic',
  minify: production,
  sourcemap: true,
  metafile: true,
  outdir,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  logLevel: 'warning',
});

// The manifest (read by client/server/document.ts): the entry, its stylesheet, the chunks the
// entry imports statically (needed on every page), and per page chunk (each page module
// of client/pages/registry.ts is a dynamic-import entry, named after its file) the files
// it needs beyond those, so a page's HTML can modulepreload exactly what it will load.
const outputs = result.metafile.outputs;
const urlOf = (file) => '/' + path.relative(path.join(root, 'dist/client'), path.join(root, file)).split(path.sep).join('/');
/** A chunk and every chunk it imports statically, transitively. */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && outputs[imported.path]) staticClosure(imported.path, seen);
  return seen;
}
const manifest = { js: '', css: '', preload: [], pages: {} };
let entryFile = '';
for (const [file, output] of Object.entries(outputs)) {
  if (output.entryPoint === 'client/entry.tsx') entryFile = file;
  else if (output.entryPoint === 'client/styles/app.css' && file.endsWith('.css')) manifest.css = urlOf(file);
}
manifest.js = urlOf(entryFile);
const shell = staticClosure(entryFile);
manifest.preload = [...shell].filter((file) => file !== entryFile).map(urlOf);
for (const [file, output] of Object.entries(outputs)) {
  const page = /^client\/pages\/([A-Za-z]+)\.tsx$/.exec(output.entryPoint ?? '')?.[1];
  if (!page || !file.endsWith('.js')) continue;
  manifest.pages[page] = [...staticClosure(file)].filter((chunk) => !shell.has(chunk)).map(urlOf);
}

// Unhashed files (favicons) are copied as they are.
await cp(path.join(root, 'client/public'), path.join(root, 'dist/client'), { recursive: true });

// Hashed names never change content: let browsers and the edge keep them for a year.
await writeFile(
  path.join(root, 'dist/client/_headers'),
  '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
);
await mkdir(path.join(root, 'worker/generated'), { recursive: true });
await writeFile(path.join(root, 'worker/generated/asset-manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
const size = (await readFile(path.join(root, 'dist/client', manifest.js))).length;
console.log(`client bundle: ${manifest.js} (${(size / 1024).toFixed(1)} KiB), ${Object.keys(manifest.pages).length} page chunks, ${manifest.css}`);
if (process.env.VELLUM_BUNDLE_REPORT) await writeFile(path.join(root, '.tmp/client-metafile.json'), JSON.stringify(result.metafile));
