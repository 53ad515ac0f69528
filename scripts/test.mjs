// `npm test`: everything, in order of cost — type check, the runtime dependencies' audit, unit, integration (workerd + D1),
// browser end-to-end (Chromium). Installs Debian's chromium first when it is missing and
// we are allowed to (root with apt-get), as on a fresh CI machine.
import { existsSync } from 'node:fs';
import { run } from './lib/run.mjs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian chromium for the browser tests…');
    await run('sh', ['-c', 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium']);
  } else {
    console.error(`Browser tests need ${CHROMIUM}: install Debian's chromium (apt-get install chromium).`);
    process.exit(1);
  }
}

await run('node', ['scripts/build-client.mjs']);
// The e2e setup builds the bundle when run alone; this run just did.
process.env.VELLUM_CLIENT_BUILT = '1';
// One project per side (tsconfig.json lists them); the boundary check runs with the unit tests.
await run('tsc', ['-b', 'tsconfig.json']);
// No high or critical advisory in a runtime dependency (skipped, with a message, without a registry).
await run('node', ['scripts/audit.mjs']);
await run('vitest', ['run', '--project', 'unit']);
await run('vitest', ['run', '--project', 'integration']);
await run('vitest', ['run', '--project', 'e2e']);
