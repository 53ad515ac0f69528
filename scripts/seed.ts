// Seeds the LOCAL D1 database with the demo world.
//
//   node scripts/seed.ts [--stories N] [--seed S] [--now DATE] [--reset] [--persist-to DIR]
//                        [--subscribers N] [--followers N]
//
// --subscribers / --followers (issue 17, docs/scale.md): the demo writer (ada) gets N newsletter
// subscribers and N followers more, made-up readers fan1@fans.vellum.test … (the first of them
// both subscribe and follow), so the fan-out of publishing is measured at scale, not assumed:
// e.g. --subscribers 100000 --followers 50000. They are generated in SQL by the database itself.
//
// The world is generated relative to the moment it is seeded (--now, default: now): the
// same seed gives the same content, with every time moved so the demo accounts are in
// their stated states that day (scripts/demo-world/generate.ts).
//
// Applies migrations (idempotent), generates the world, writes it as SQL under .tmp/
// (.tmp/seed.sql, or .tmp/seed-{DIR name}.sql with --persist-to) and loads it with
// `wrangler d1 execute DB --local --file`. Seeding always replaces the rows
// of the demo tables (and sessions, which point at users), so it is repeatable; --reset is
// accepted for clarity. Large worlds are split into files of about 64 MB, each loaded by
// its own `wrangler d1 execute` (one batch, one transaction): wrangler holds a whole file
// as one string and one batch, and 50,000 stories are ~475 MB of SQL, close to V8's
// ~512 MB string limit.

import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAN_OUT_WRITER, fanOutStatements } from './demo-world/fan-out.ts';
import { DEFAULT_SEED, TABLES_IN_FK_ORDER, deleteStatements, generateWorld, insertStatements, type World } from './demo-world/index.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TMP = join(ROOT, '.tmp');
const WRANGLER = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
/** Bytes of SQL per file handed to one `wrangler d1 execute`. */
const PART_BYTES = 64 * 1024 * 1024;

interface Options {
  stories: number;
  seed: number;
  reset: boolean;
  persistTo: string | null;
  /** The world's present, epoch ms. */
  now: number;
  /** Made-up newsletter subscribers of the demo writer (0: none). */
  subscribers: number;
  /** Made-up followers of the demo writer (0: none). */
  followers: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { stories: 1000, seed: DEFAULT_SEED, reset: false, persistTo: null, now: Date.now(), subscribers: 0, followers: 0 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] as string).split('=', 2) as [string, string | undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) fail(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--stories': options.stories = integerAtLeast(1, flag, value()); break;
      case '--seed': options.seed = integerAtLeast(0, flag, value()); break;
      case '--now': options.now = instant(flag, value()); break;
      case '--reset': options.reset = true; break;
      case '--persist-to': options.persistTo = resolve(value()); break;
      case '--subscribers': options.subscribers = integerAtLeast(0, flag, value()); break;
      case '--followers': options.followers = integerAtLeast(0, flag, value()); break;
      case '--help': case '-h':
        console.log('Usage: node scripts/seed.ts [--stories N] [--seed S] [--now DATE] [--reset] [--persist-to DIR] [--subscribers N] [--followers N]');
        process.exit(0);
        break;
      default: fail(`unknown option ${flag} (try --help)`);
    }
  }
  return options;
}

function integerAtLeast(min: number, flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) fail(`${flag} must be an integer of at least ${min}, got "${text}"`);
  return n;
}

/** An ISO date or date-time ("2026-12-24", "2026-12-24T10:00:00Z"). */
function instant(flag: string, text: string): number {
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) fail(`${flag} must be a date like 2026-12-24, got "${text}"`);
  return ms;
}

function fail(message: string): never {
  console.error(`seed: ${message}`);
  process.exit(1);
}

/** Runs wrangler under this Node (22+), quietly; on failure shows its output and exits. */
function wrangler(args: string[], options: Options): string {
  const fullArgs = [WRANGLER, ...args, ...(options.persistTo ? ['--persist-to', options.persistTo] : [])];
  const result = spawnSync(process.execPath, fullArgs, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // CI=1: never prompt (migrations apply asks for confirmation on a terminal).
    env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    fail(`wrangler ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
  return result.stdout;
}

/**
 * Writes the SQL in parts of about PART_BYTES, the deletes at the head of the first;
 * returns the file paths. `.tmp/seed.sql` for the default database; a seed into
 * --persist-to DIR writes `.tmp/seed-{DIR name}.sql`, so seeds of different databases
 * (e2e, benchmarks, a developer's) can run at the same time.
 */
function writeSqlFiles(world: World, options: Options): string[] {
  mkdirSync(TMP, { recursive: true });
  const base = options.persistTo ? `seed-${basename(options.persistTo).replace(/[^\w.-]+/g, '_')}` : 'seed';
  const ours = new RegExp(`^${base.replaceAll('.', '\\.')}(\\.part-\\d+)?\\.sql$`);
  for (const name of readdirSync(TMP)) if (ours.test(name)) rmSync(join(TMP, name));

  const files: string[] = [];
  let fd = -1;
  let written = 0;
  let buffer = '';
  const flush = (): void => {
    if (buffer) writeSync(fd, buffer);
    buffer = '';
  };
  const open = (): void => {
    if (fd >= 0) { flush(); closeSync(fd); }
    const file = join(TMP, files.length === 0 ? `${base}.sql` : `${base}.part-${String(files.length + 1).padStart(3, '0')}.sql`);
    files.push(file);
    fd = openSync(file, 'w');
    written = 0;
  };
  const append = (statement: string): void => {
    if (fd < 0 || (written > 0 && written + statement.length > PART_BYTES)) open();
    buffer += statement + '\n';
    written += statement.length + 1;
    if (buffer.length > 1 << 20) flush();
  };

  open();
  append('-- Vellum demo world. Generated by scripts/seed.ts; safe to delete.');
  for (const statement of deleteStatements()) append(statement);
  for (const statement of insertStatements(world)) append(statement);
  flush();
  closeSync(fd);
  return files;
}

/** Row counts in the local D1, one query for all tables. */
function countRowsInD1(options: Options): Record<string, number> {
  // One row of scalar subqueries: D1 caps compound SELECTs (UNION ALL) at a handful of terms.
  const query = `SELECT ${TABLES_IN_FK_ORDER.map((t) => `(SELECT COUNT(*) FROM ${t}) AS ${t}`).join(', ')}`;
  const out = wrangler(['d1', 'execute', 'DB', '--local', '--json', '--command', query], options);
  const parsed = JSON.parse(out.slice(out.indexOf('['))) as { results: Record<string, number>[] }[];
  return parsed[0]?.results[0] ?? {};
}

function seconds(fromMs: number): string {
  return `${((performance.now() - fromMs) / 1000).toFixed(1)} s`;
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(WRANGLER)) fail('wrangler is not installed (run npm install)');
  const started = performance.now();

  let t = performance.now();
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local'], options);
  console.log(`Migrations applied (${seconds(t)}).`);

  t = performance.now();
  const world = generateWorld({ stories: options.stories, seed: options.seed, now: options.now });
  console.log(`Generated ${options.stories} stories with seed ${options.seed}, as of ${new Date(options.now).toISOString()} (${seconds(t)}).`);

  t = performance.now();
  const files = writeSqlFiles(world, options);
  console.log(`Wrote ${files.map((f) => relative(ROOT, f)).join(', ')} (${seconds(t)}).`);

  t = performance.now();
  files.forEach((file, i) => {
    const part = performance.now();
    wrangler(['d1', 'execute', 'DB', '--local', '--file', file, '--yes'], options);
    if (files.length > 1) console.log(`  loaded part ${i + 1}/${files.length} (${seconds(part)})`);
  });
  console.log(`Loaded into the local D1${options.persistTo ? ` at ${options.persistTo}` : ''} (${seconds(t)}).`);

  const inD1 = countRowsInD1(options);
  console.log('\nTable                 Generated    In D1');
  let mismatch = false;
  for (const table of TABLES_IN_FK_ORDER) {
    const generated = world[table].length;
    const loaded = inD1[table] ?? 0;
    mismatch ||= generated !== loaded;
    console.log(`${table.padEnd(20)} ${String(generated).padStart(10)} ${String(loaded).padStart(8)}${generated === loaded ? '' : '  <- differs'}`);
  }
  console.log(`\nDone in ${seconds(started)}.`);
  if (mismatch) fail('the local D1 does not hold what was generated');
  if (options.subscribers > 0 || options.followers > 0) {
    const t = performance.now();
    const file = join(TMP, `fan-out-${options.persistTo ? basename(options.persistTo).replace(/[^\w.-]+/g, '_') : 'local'}.sql`);
    const fd = openSync(file, 'w');
    writeSync(fd, fanOutStatements(options.subscribers, options.followers, options.now).join(';\n') + ';\n');
    closeSync(fd);
    wrangler(['d1', 'execute', 'DB', '--local', '--file', file, '--yes'], options);
    console.log(`The demo writer (${FAN_OUT_WRITER}) has ${options.subscribers} more subscribers and ${options.followers} more followers (${seconds(t)}).`);
  }

}

main();
