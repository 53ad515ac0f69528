// The checked-in schema.graphql and the client's introspection (graphql-env.d.ts, which
// types every client document) are printed from the executable schema; a change to the
// schema must come with both reprinted (`npm run schema`), or the client's types describe a
// schema that no longer exists.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, printedSchemaFiles } from '../../../scripts/printed-schema.ts';

describe('printed schema', async () => {
  await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
  const files = await printedSchemaFiles();
  it.each(Object.keys(files))('%s is current (run `npm run schema` after changing the schema)', async (file) => {
    const checkedIn = await readFile(path.join(ROOT, file), 'utf8').catch(() => '(missing)');
    expect(checkedIn === files[file], `${file} is stale: run \`npm run schema\``).toBe(true);
  });
});
