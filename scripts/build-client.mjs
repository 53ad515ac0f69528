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

const manifest = { js: '', css: '', preload: [] };
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.map')) continue;
  const url = '/' + path.relative(path.join(root, 'dist/client'), path.join(root, file)).split(path.sep).join('/');
  if (output.entryPoint === 'client/entry.tsx') manifest.js = url;
  else if (output.entryPoint === 'client/styles/app.css' && file.endsWith('.css')) manifest.css = url;
  else if (file.endsWith('.js') && !output.entryPoint) manifest.preload.push(url);
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

// The stylesheet's text, for the page head to inline (docs/web-quality.md: at ~7 KB gzip the
// whole of it rides in the first round trip with the page, so nothing blocks first paint).
// A file of its own: the manifest is hashed into every cache key (worker/cache/version.ts).
const cssText = (await readFile(path.join(root, 'dist/client', manifest.css), 'utf8')).replace(/\n\/\*# sourceMappingURL=.*\*\/\s*$/, '');
if (/<\/style/i.test(cssText)) throw new Error('The stylesheet contains "</style": it cannot be inlined');
await writeFile(path.join(root, 'worker/generated/inline-css.json'), JSON.stringify({ cssText }) + '\n');
const size = (await readFile(path.join(root, 'dist/client', manifest.js))).length;
console.log(`client bundle: ${manifest.js} (${(size / 1024).toFixed(1)} KiB), ${manifest.css}`);
