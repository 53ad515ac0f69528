// The story page's start-up JavaScript by module (docs/adr/0217-start-up-bytes-by-module.md): for
// each file a logged-out story page loads at start (the entry, the shell chunks, the page's chunks,
// from worker/generated/asset-manifest.json) a source-map pass gives every source its minified
// bytes; a file's gzip size (-9) is shared out in proportion. `node scripts/startup-bytes.mjs
// [root] [group|flat] [rows]` after `node scripts/build-client.mjs`; `group` sums by package and
// by folder.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const m = JSON.parse(readFileSync(path.join(root, 'worker/generated/asset-manifest.json'), 'utf8'));
const files = [...new Set([m.js, ...m.preload, ...m.pages.PostPage])];
const rows = new Map();
let total = 0;
for (const url of files) {
  const file = path.join(root, 'dist/client', url);
  const code = readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '');
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  let map = null;
  try {
    map = new TraceMap(readFileSync(file + '.map', 'utf8'));
  } catch {
    // rolldown's runtime chunk has no source map.
  }
  if (!map) {
    const r = rows.get('(runtime, no map)') ?? { min: 0, gz: 0, files: new Set() };
    r.min += code.length;
    r.gz += gz;
    r.files.add(path.basename(url));
    rows.set('(runtime, no map)', r);
    continue;
  }
  const lines = code.split('\n');
  const segs = [];
  eachMapping(map, (s) => segs.push(s));
  const per = new Map();
  let attributed = 0;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i], n = segs[i + 1];
    const end = n && n.generatedLine === s.generatedLine ? n.generatedColumn : lines[s.generatedLine - 1].length;
    const len = end - s.generatedColumn;
    const src = s.source ? path.relative(root, path.resolve(path.dirname(file), s.source)) : '(no source)';
    per.set(src, (per.get(src) ?? 0) + len);
    attributed += len;
  }
  const unmapped = code.length - attributed;
  if (unmapped > 0) per.set('(unmapped: glue)', (per.get('(unmapped: glue)') ?? 0) + unmapped);
  for (const [src, len] of per) {
      const key = src;
    const r = rows.get(key) ?? { min: 0, gz: 0, files: new Set() };
    r.min += len; r.gz += (len / code.length) * gz; r.files.add(path.basename(url).replace(/-[^-]+\.js$/, ''));
    rows.set(key, r);
  }
}
const group = process.argv[3] === 'group';
const out = new Map();
for (const [src, r] of rows) {
  let key = src;
  if (group) {
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src);
    key = nm ? nm[1] : src.replace(/\/[^/]+$/, '/');
  }
  const o = out.get(key) ?? { min: 0, gz: 0, files: new Set() };
  o.min += r.min; o.gz += r.gz; r.files.forEach((f) => o.files.add(f));
  out.set(key, o);
}
const sorted = [...out].sort((a, b) => b[1].gz - a[1].gz);
console.log(`files: ${files.join(' ')}  total gzip ${(total / 1024).toFixed(1)} KiB`);
for (const [k, r] of sorted.slice(0, Number(process.argv[4] ?? 60))) console.log(`${(r.gz / 1024).toFixed(2).padStart(6)} KiB gz  ${(r.min / 1024).toFixed(1).padStart(6)} KiB min  ${k}  [${[...r.files].join(',')}]`);
