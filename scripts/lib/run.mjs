// Small helpers the project's scripts share: run a command, ask the local D1.
import { spawn } from 'node:child_process';

/** Runs a command with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

/** Runs a command and returns its standard output. */
export function capture(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}: ${out}`))));
  });
}

/** Number of users in the local D1 (0 when the database is new). */
export async function localUserCount(persistArgs = []) {
  const out = await capture('wrangler', ['d1', 'execute', 'DB', '--local', ...persistArgs, '--json', '--command', 'SELECT count(*) AS n FROM users']);
  const parsed = JSON.parse(out);
  return Number(parsed?.[0]?.results?.[0]?.n ?? 0);
}

/** Records in the local search index (0 when it was never built). */
export async function localSearchRecordCount(persistArgs = []) {
  const out = await capture('wrangler', ['d1', 'execute', 'DB', '--local', ...persistArgs, '--json', '--command', 'SELECT count(*) AS n FROM search_records']);
  return Number(JSON.parse(out)?.[0]?.results?.[0]?.n ?? 0);
}

export async function applyLocalMigrations(persistArgs = []) {
  await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs]);
}
