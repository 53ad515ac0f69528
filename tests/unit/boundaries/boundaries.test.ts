// The boundary check of .dependency-cruiser.mjs: the repository passes it, and a fixture
// tree with one forbidden import of each kind fails it with exactly those violations.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// The same configuration `npm run check:boundaries` uses (a plain JavaScript module).
const { default: config } = (await import(pathToFileURL(path.join(root, '.dependency-cruiser.mjs')).href)) as { default: IConfiguration };

async function check(baseDir: string): Promise<{ violations: IViolation[]; modules: number }> {
  const { forbidden, options } = config;
  const result = await cruise(['worker', 'client', 'shared'], { ...options, baseDir, validate: true, ruleSet: { forbidden } });
  const { summary } = result.output as ICruiseResult;
  return { violations: summary.violations, modules: summary.totalCruised };
}

const describeViolation = (violation: IViolation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`;

describe('worker / client / shared boundaries', () => {
  it('the repository keeps them', async () => {
    const { violations, modules } = await check(root);
    expect(violations.map(describeViolation)).toEqual([]);
    // Parsed for real (TypeScript and JSX through swc), not an empty pass.
    expect(modules).toBeGreaterThan(200);
  }, 60_000);

  it('a forbidden import of each kind is reported (tests/fixtures/boundaries)', async () => {
    const { violations } = await check(path.join(root, 'tests/fixtures/boundaries'));
    expect(violations.map(describeViolation).sort()).toEqual([
      'browser-code-does-not-import-the-server-render: client/app/App.tsx → client/server/render.tsx',
      'shared-imports-neither-side: shared/greeting.ts → worker/pages/handler.ts',
      'worker-enters-client-through-the-door: worker/pages/handler.ts → client/app/App.tsx',
    ]);
  }, 60_000);
});
