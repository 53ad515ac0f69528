// `npm run schema`: writes the printed schema and the client's introspection
// (scripts/printed-schema.ts). Run it after changing the schema, and commit both files.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, printedSchemaFiles } from './printed-schema.ts';

await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
for (const [file, contents] of Object.entries(await printedSchemaFiles())) {
  await writeFile(path.join(ROOT, file), contents);
  console.log(`wrote ${file}`);
}
