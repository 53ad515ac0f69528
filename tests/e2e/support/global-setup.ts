// Starts the site the way `npm start` does — wrangler dev on a real local D1, migrated and
// seeded with a small deterministic demo world — in a state directory of its own, so the
// browser tests never touch the developer's database.
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { developmentVarArgs } from '../../../scripts/lib/development-vars.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const stateDir = path.join(root, '.tmp/e2e-state');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function runToEnd(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The site did not answer ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  // The browser must get the bundle of the code the server renders, or hydration fails on
  // any page changed since the last build. `npm test` has just built it (and says so);
  // `npm run test:e2e` alone builds nothing else.
  if (process.env.VELLUM_CLIENT_BUILT !== '1') await runToEnd('node', ['scripts/build-client.mjs']);
  await rm(stateDir, { recursive: true, force: true });
  const persist = ['--persist-to', stateDir];
  await runToEnd('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...persist]);
  await runToEnd('node', ['scripts/seed.ts', '--stories', '120', ...persist]);

  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const child = spawn(
    'wrangler',
    ['dev', '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false', ...persist, ...developmentVarArgs({ port })],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  try {
    await waitForHealth(`${baseURL}/_/health`, child, 60_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  project.provide('baseURL', baseURL);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
