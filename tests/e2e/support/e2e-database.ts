// Direct access to the e2e site's local D1 (the state directory tests/e2e/support/global-setup.ts
// starts wrangler dev on), for tests that need a signed-in viewer or a particular state
// without going through the sign-in flow: they insert a session row for a demo account and
// give the browser its cookie (sid). Only the SHA-256 of a session token is stored.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const stateDir = path.join(root, '.tmp/e2e-state');
const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

/** Runs SQL against the e2e database (statements separated by semicolons). */
export function executeSql(sql: string): void {
  // The running site holds the same SQLite file: a write of ours can meet its lock
  // (SQLITE_BUSY). That is the file being busy, not the SQL being wrong: try again briefly.
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(process.execPath, [wrangler, 'd1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--command', sql], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    if (result.status === 0) return;
    const busy = /SQLITE_BUSY|database is locked/.test(`${result.stdout}${result.stderr}`);
    if (!busy || attempt >= 5) throw new Error(`wrangler d1 execute failed:\n${result.stdout}\n${result.stderr}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
  }
}

export interface DemoSession {
  username: string;
  /** The sid cookie value. */
  token: string;
  xsrf: string;
}

/** SQL text literal (the values here are our own: usernames and random tokens). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The SQL that creates a 30-day session for a demo account by username. */
export function sessionSql(username: string, now = Date.now()): { session: DemoSession; sql: string } {
  const token = randomBytes(32).toString('base64url');
  const xsrf = randomBytes(16).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const sql =
    `INSERT INTO sessions (id_hash, user_id, xsrf, created_at, expires_at) ` +
    `SELECT ${literal(hash)}, id, ${literal(xsrf)}, ${now}, ${now + 30 * 86_400_000} FROM users WHERE username = ${literal(username)}`;
  return { session: { username, token, xsrf }, sql };
}

/** Signs demo accounts in (one database call for all of them). */
export function createDemoSessions(usernames: readonly string[], extraSql: readonly string[] = []): Record<string, DemoSession> {
  const made = usernames.map((username) => sessionSql(username));
  executeSql([...made.map((m) => m.sql), ...extraSql].join(';\n'));
  return Object.fromEntries(made.map((m) => [m.session.username, m.session]));
}

/** A new reader account (no membership, no history) signed in: `username` must be new to the world. */
export function createNewReader(username: string, name: string): DemoSession {
  const made = sessionSql(username);
  const id = randomBytes(6).toString('hex');
  executeSql(
    `INSERT INTO users (id, username, name, email, bio, created_at) VALUES (${literal(id)}, ${literal(username)}, ${literal(name)}, ${literal(`${username}@vellum.test`)}, '', ${Date.now()});\n${made.sql}`,
  );
  return made.session;
}
