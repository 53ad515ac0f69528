// The boundary check of .dependency-cruiser.mjs (docs/adr/0040-boundaries-checked.md,
// docs/adr/0018-layers.md): the repository passes it, and a fixture tree with one forbidden
// import of each kind fails it with exactly those violations.
//
// Folder loops: dependency-cruiser's folder rule (no-folder-cycle, what `npm run
// check:boundaries` prints) follows a loop only back through the folder it left from, so a loop
// that enters a folder's sub-folder and leaves from elsewhere in that folder escapes it. Here
// every module counts as its first-level folder (FOLDER_LEVEL: worker/graphql/modules/x.ts is
// worker/graphql) and each import between two folders of one strongly connected group is
// reported under the same rule name, type-only and dynamic imports included.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration, type IModule, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// The same configuration `npm run check:boundaries` uses (a plain JavaScript module).
const { default: config, FOLDER_LEVEL } = (await import(pathToFileURL(path.join(root, '.dependency-cruiser.mjs')).href)) as {
  default: IConfiguration;
  FOLDER_LEVEL: string;
};
const FOLDER_CYCLE_RULE = 'no-folder-cycle';

const folderOf = (file: string): string | null => new RegExp(FOLDER_LEVEL).exec(file)?.[0] ?? null;

/** Imports between first-level folders that lie on a loop: `from → to` for each such pair. */
function folderLoops(modules: readonly IModule[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (to && to !== from) edges.get(from)!.add(to);
    }
  }
  // Tarjan's strongly connected components: two folders are on a loop when they share one.
  const group = new Map<string, number>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let counter = 0;
  const connect = (folder: string) => {
    index.set(folder, counter);
    low.set(folder, counter++);
    stack.push(folder);
    onStack.add(folder);
    for (const next of edges.get(folder) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.set(member, index.get(folder)!);
      } while (member !== folder);
    }
  };
  for (const folder of edges.keys()) if (!index.has(folder)) connect(folder);
  return [...edges].flatMap(([from, targets]) => [...targets].filter((to) => group.get(to) === group.get(from)).map((to) => `${from} → ${to}`));
}

/** A violation as the tests list it; a package is named from its node_modules folder on. */
const describeViolation = (violation: IViolation) => `${violation.rule.name}: ${violation.from} → ${violation.to.replace(/^.*?(?=node_modules\/)/, '')}`;

async function check(baseDir: string): Promise<{ violations: string[]; folderRuleSees: string[]; modules: number }> {
  const { forbidden, options } = config;
  const result = await cruise(['worker', 'client', 'shared'], { ...options, baseDir, validate: true, ruleSet: { forbidden } });
  const { summary, modules } = result.output as ICruiseResult;
  // dependency-cruiser's own folder findings, as first-level pairs: the exact check below must hold them all.
  const folderRuleSees = summary.violations
    .filter((violation) => violation.rule.name === FOLDER_CYCLE_RULE)
    .map((violation) => `${violation.from} → ${folderOf(violation.to) ?? violation.to}`);
  const loops = folderLoops(modules);
  const violations = [
    ...summary.violations.filter((violation) => violation.rule.name !== FOLDER_CYCLE_RULE).map(describeViolation),
    ...[...new Set([...loops, ...folderRuleSees])].map((pair) => `${FOLDER_CYCLE_RULE}: ${pair}`),
  ];
  return { violations, folderRuleSees: [...new Set(folderRuleSees)].sort(), modules: summary.totalCruised };
}

describe('worker / client / shared boundaries', () => {
  it('the repository keeps them', async () => {
    const { violations, modules } = await check(root);
    expect(violations).toEqual([]);
    // Parsed for real (TypeScript and JSX through swc), not an empty pass.
    expect(modules).toBeGreaterThan(200);
  }, 60_000);

  it('a forbidden import of each kind is reported (tests/fixtures/boundaries)', async () => {
    const { violations, folderRuleSees } = await check(path.join(root, 'tests/fixtures/boundaries'));
    expect(violations.sort()).toEqual([
      'browser-code-does-not-import-the-server-render: client/app/App.tsx → client/server/render.tsx',
      'browser-code-does-not-import-the-server-render: client/pages/Profile.tsx → client/server/render.tsx',
      'capability-records-what-changed: worker/claps/clap.ts → worker/cache/purge.ts',
      'capability-speaks-no-graphql: worker/claps/refusal.ts → node_modules/graphql/index.js',
      'client-app-imports-no-layer-above: client/app/App.tsx → client/components/Button.tsx',
      'client-app-imports-no-layer-above: client/app/App.tsx → client/server/render.tsx',
      'client-components-imports-no-layer-above: client/components/Button.tsx → client/layouts/Shell.tsx',
      'client-does-not-import-worker: client/app/clock.ts → worker/lib/ids.ts',
      'client-layouts-imports-no-layer-above: client/layouts/Shell.tsx → client/pages/Home.tsx',
      'client-pages-imports-no-layer-above: client/pages/Profile.tsx → client/server/render.tsx',
      'graphql-is-only-the-api: worker/graphql/schema.ts → node_modules/drizzle-orm/index.cjs',
      'graphql-is-only-the-api: worker/graphql/schema.ts → worker/db/orm.ts',
      'no-folder-cycle: shared/routing → shared/urls',
      'no-folder-cycle: shared/urls → shared/routing',
      'no-folder-cycle: worker/claps → worker/follows',
      'no-folder-cycle: worker/follows → worker/claps',
      'only-the-entries-know-the-page-registry: client/pages/Profile.tsx → client/pages/registry.ts',
      'shared-imports-neither-side: shared/greeting.ts → worker/pages/handler.ts',
      'worker-capabilities-imports-no-layer-above: worker/claps/clap.ts → worker/graphql/schema.ts',
      'worker-consequences-imports-no-layer-above: worker/consequences/consequences.ts → worker/pages/handler.ts',
      'worker-enters-client-through-the-door: worker/pages/handler.ts → client/app/App.tsx',
      'worker-folder-has-a-layer: worker/gadgets/gadget.ts → worker/lib/ids.ts',
      'worker-folder-has-a-layer: worker/pipeline/page-pipeline.ts → worker/gadgets/gadget.ts',
      'worker-foundation-imports-no-layer-above: worker/lib/ids.ts → worker/session/viewer.ts',
      'worker-surfaces-imports-no-layer-above: worker/graphql/schema.ts → worker/pipeline/page-pipeline.ts',
    ]);
    // What `npm run check:boundaries` prints of them: the loop that comes back through the folder it left from.
    expect(folderRuleSees).toEqual(['shared/routing → shared/urls', 'shared/urls → shared/routing']);
  }, 60_000);
});
