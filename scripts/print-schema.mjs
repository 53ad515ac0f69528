// Prints the data service's schema where tools and readers can see it, from the executable
// schema itself (worker/graphql/schema.ts), so it cannot drift from the resolvers:
//   worker/graphql/schema.graphql     the SDL, for reading and review
//   client/graphql/graphql-env.d.ts   the introspection gql.tada infers document types from
// Both are checked in; tests/integration/printed-schema.test.ts fails when either is stale.
// Run `npm run schema` after changing the schema. docs/adr/0006-graphql-documents.md says why
// the introspection is written here rather than by gql.tada's own CLI.
import { outputIntrospectionFile } from '@gql.tada/internal';
import { build } from 'esbuild';
import { introspectionFromSchema, printSchema } from 'graphql';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, '.tmp/print-schema/schema.mjs');

// The schema's modules are TypeScript for the worker (parameter properties, JSON imports),
// which Node cannot run as they are: bundle them first. Nothing the schema's shape depends
// on comes from the client asset manifest, which may not be built yet.
await mkdir(path.dirname(bundle), { recursive: true });
await build({
  absWorkingDir: root,
  stdin: { contents: "export { schema } from './worker/graphql/schema.ts';", resolveDir: root, loader: 'ts' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  packages: 'external',
  outfile: bundle,
  logLevel: 'warning',
  plugins: [
    {
      name: 'no-asset-manifest',
      setup(b) {
        b.onResolve({ filter: /asset-manifest\.json$/ }, () => ({ path: 'asset-manifest', namespace: 'stub' }));
        b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: '{}', loader: 'json' }));
      },
    },
  ],
});
const { schema } = await import(pathToFileURL(bundle).href);
await rm(path.dirname(bundle), { recursive: true, force: true });

const printedSchema = printSchema(schema) + '\n';
await writeFile(path.join(root, 'worker/graphql/schema.graphql'), printedSchema);
await writeFile(
  path.join(root, 'client/graphql/graphql-env.d.ts'),
  outputIntrospectionFile(introspectionFromSchema(schema), { fileType: '.d.ts', shouldPreprocess: true }),
);
console.log('wrote worker/graphql/schema.graphql and client/graphql/graphql-env.d.ts');
