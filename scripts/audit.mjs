// `npm run audit:prod` (also run by `npm test`, so by CI): the runtime dependencies have no
// known high or critical vulnerability (`npm audit --omit=dev`). Fails on one, listing them.
// When the registry's advisory service cannot be reached (no network, a registry mirror that
// does not serve audits) the check is skipped, and says so: it cannot tell either way.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const FAILING = ['high', 'critical'];

function audit() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (error) => resolve({ stdout: '', stderr: String(error) }));
    child.on('exit', () => resolve({ stdout, stderr }));
  });
}

// `node scripts/audit.mjs report.json` judges a saved `npm audit --json` report instead (to check this script).
const { stdout, stderr } = process.argv[2] ? { stdout: readFileSync(process.argv[2], 'utf8'), stderr: '' } : await audit();
let report = null;
try {
  report = JSON.parse(stdout);
} catch {
  // no JSON at all: npm could not run the audit
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why = report?.message ?? report?.error?.summary ?? stderr.split('\n').find((line) => /error|ENOTFOUND|EAI_AGAIN|ECONN|ETIMEDOUT/i.test(line)) ?? 'no report';
  console.log(`npm audit --omit=dev: SKIPPED, the registry's advisory service could not be reached (${String(why).trim()}).`);
  process.exit(0);
}
const failing = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) => FAILING.includes(v.severity));
if (failing.length > 0) {
  console.error(`npm audit --omit=dev: ${failing.length} runtime dependenc${failing.length === 1 ? 'y has' : 'ies have'} high or critical advisories:`);
  for (const [name, v] of failing) {
    const titles = (v.via ?? []).filter((via) => typeof via === 'object').map((via) => `${via.title} (${via.url})`);
    console.error(`  ${name} ${v.range} [${v.severity}]${v.fixAvailable ? ' — fix available: npm audit fix' : ''}\n    ${titles.join('\n    ')}`);
  }
  process.exit(1);
}
const summary = Object.entries(counts).map(([severity, n]) => `${n} ${severity}`).join(', ');
console.log(`npm audit --omit=dev: no high or critical advisories (${summary}).`);
