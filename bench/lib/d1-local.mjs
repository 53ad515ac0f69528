// SQL against a benchmark site's local D1 from outside the site (wrangler d1 execute on its
// state directory): setup rows, sessions, and reading gauges while the site runs.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs SQL (a command or, with { file }, a file) and answers the result rows of the last statement. */
export function d1Execute(stateDir, sql, { file = false } = {}) {
  const args = ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--json', '--yes', file ? '--file' : '--command', sql];
  const result = spawnSync('wrangler', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' } });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr || result.stdout}`);
  const parsed = JSON.parse(result.stdout.slice(result.stdout.indexOf('[')));
  return parsed.at(-1)?.results ?? [];
}

/** A session for a user (by username) in the site's database: the cookie and the anti-forgery token. */
export function signIn(stateDir, username) {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const now = Date.now();
  d1Execute(stateDir, `INSERT INTO sessions (id_hash, user_id, xsrf, created_at, expires_at) SELECT '${hash}', id, 'bench', ${now}, ${now + 86_400_000} FROM users WHERE username = '${username}'`);
  return { cookie: `sid=${token}`, xsrf: 'bench' };
}
