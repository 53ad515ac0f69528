// The data service's schema, printed from the executable schema itself
// (worker/graphql/schema.ts), so the printed copies cannot drift from the resolvers:
//   worker/graphql/schema.graphql     the SDL, for reading and review
//   client/app/graphql-env.d.ts   the introspection gql.tada infers document types from
// `npm run schema` (scripts/print-schema.ts) writes them; tests/unit/graphql/printed-schema.test.ts
// fails when a checked-in copy differs. docs/adr/0044-gql-tada-and-known.md says why the
// introspection is written here rather than by gql.tada's own CLI.
import { outputIntrospectionFile } from '@gql.tada/internal';
import { build } from 'esbuild';
import type { IntrospectionQuery } from 'graphql';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');

// The worker's modules use TypeScript that Node cannot strip (parameter properties) and
// import the client asset manifest, which may not be built yet and which nothing in the
// schema's shape depends on: bundle them first, with their packages, printing inside the bundle, so that one copy
// of graphql both builds and prints the schema (graphql refuses types from another copy).
const PRINTER = `
  import { introspectionFromSchema, printSchema } from 'graphql';
  import { schema } from './worker/graphql/schema.ts';
  export const sdl = printSchema(schema) + '\\n';
  export const introspection = introspectionFromSchema(schema);
`;

interface Printed {
  sdl: string;
  introspection: IntrospectionQuery;
}

async function printFromExecutableSchema(): Promise<Printed> {
  const dir = await mkdtemp(path.join(ROOT, '.tmp', 'schema-'));
  try {
    const outfile = path.join(dir, 'schema.mjs');
    await build({
      absWorkingDir: ROOT,
      stdin: { contents: PRINTER, resolveDir: ROOT, loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile,
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
    return (await import(/* @vite-ignore */ pathToFileURL(outfile).href)) as Printed;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The printed files, by path from the repository root. */
export async function printedSchemaFiles(): Promise<Record<string, string>> {
  const { sdl, introspection } = await printFromExecutableSchema();
  return {
    'worker/graphql/schema.graphql': sdl,
    'client/app/graphql-env.d.ts': outputIntrospectionFile(introspection, { fileType: '.d.ts', shouldPreprocess: true }),
  };
}
