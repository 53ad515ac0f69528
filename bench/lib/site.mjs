// Starts the site for a benchmark: wrangler dev on its own seeded local D1 (state kept in
// .tmp/bench-state-<stories> so repeated runs skip the seed).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { workerdPids } from './workerd-cpu.mjs';
import { developmentVars } from '../../scripts/lib/development-vars.mjs';

const root = path.resolve(import.meta.dirname, '../..');

function runToEnd(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `config`: another wrangler config than the project's (e.g. bench/d1-replay/wrangler.toml).
 * `copyOfState`: serve a fresh copy of the seeded state under this name, so two sites can
 * run at once without sharing database files.
 * `beforeStart(stateDir)`: setup of that copy's database before the site opens it.
 * `inspectorPort`: where workerd's DevTools protocol listens (bench/lib/request-coverage.mjs).
 */
export async function startSite({ stories = 1000, vars = {}, config, copyOfState, beforeStart, inspectorPort } = {}) {
  const seededDir = path.join(root, `.tmp/bench-state-${stories}`);
  if (!existsSync(path.join(seededDir, '.seeded'))) {
    const seededPersist = ['--persist-to', seededDir];
    await runToEnd('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...seededPersist]);
    await runToEnd('node', ['scripts/seed.ts', '--stories', String(stories), '--reset', ...seededPersist]);
    await runToEnd('touch', [path.join(seededDir, '.seeded')]);
  }
  let stateDir = seededDir;
  if (copyOfState) {
    stateDir = `${seededDir}-${copyOfState}`;
    rmSync(stateDir, { recursive: true, force: true });
    cpSync(seededDir, stateDir, { recursive: true });
    if (beforeStart) await beforeStart(stateDir);
  }
  const persist = ['--persist-to', stateDir, ...(config ? ['--config', config] : []), ...(inspectorPort ? ['--inspector-port', String(inspectorPort)] : [])];
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const varArgs = Object.entries({ ...developmentVars({ port }), ...vars }).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
  const child = spawn('wrangler', ['dev', '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false', ...persist, ...varArgs], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG: 'error' },
    // Its own process group, stopped whole: signalled alone, wrangler leaves its esbuild service
    // mid-build, which then prints a Go deadlock trace after the bench's figures.
    detached: true,
  });
  // Detached, it no longer hears the terminal's Ctrl-C: the bench passes it on.
  const stopGroup = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // the group has already gone
    }
  };
  process.once('exit', stopGroup);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => (stopGroup(), process.exit(130)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/_/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('site did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    /** The wrangler state directory the site serves (its local D1, for setup and checks). */
    stateDir,
    /** The workerd processes serving the site (for CPU per request: bench/lib/workerd-cpu.mjs). */
    workerdPids: () => workerdPids(child.pid),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      stopGroup();
      await exited;
    },
  };
}
