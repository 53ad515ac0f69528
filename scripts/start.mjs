// `npm start`: build the client, bring the local D1 to the current schema, seed the demo
// world on first start, then serve the site on http://localhost:8787 with wrangler dev.
import { run, localUserCount, applyLocalMigrations, localSearchRecordCount } from './lib/run.mjs';
import { developmentVarArgs } from './lib/development-vars.mjs';

const port = process.env.PORT ?? '8787';

await run('node', ['scripts/build-client.mjs']);
await applyLocalMigrations();
if ((await localUserCount()) === 0) {
  console.log('New local database: seeding the demo world (1,000 stories)…');
  await run('node', ['scripts/seed.ts']);
} else if ((await localSearchRecordCount()) === 0) {
  // A database seeded before search existed: build its index once (the seed builds it otherwise).
  console.log('Building the search index of the local database…');
  await run('node', ['scripts/search-reindex.ts']);
}
console.log(`\nVellum is starting on http://localhost:${port}  (demo accounts: see README.md)\n`);
// wrangler.toml's [vars] are production's: the development values go on top (docs/adr/0049-production-values-by-default.md).
await run('wrangler', ['dev', '--port', port, '--ip', '127.0.0.1', ...developmentVarArgs({ port }), ...process.argv.slice(2)]);
