// `npm run bench [name]`: runs bench/*.bench.mjs (or the one named) one after another.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { run } from './lib/run.mjs';

const dir = path.resolve(import.meta.dirname, '../bench');
const only = process.argv[2];
await run('node', ['scripts/build-client.mjs']);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.mjs')).sort()) {
  if (only && !file.startsWith(only)) continue;
  console.log(`\n# ${file}`);
  await run('node', [path.join(dir, file)]);
}
