// Names the tests that passed only when retried (vitest.config.ts gives browser tests one retry):
// such a pass is a race to fix, not a pass to forget, so the run ends by listing them
// (tests/README.md "Retries").
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedTestsReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (testCase.diagnostic()?.flaky) this.retried.push(`${path.relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`);
  }

  onTestRunEnd(): void {
    if (this.retried.length === 0) return;
    console.log(`\nPassed only when retried — a race to fix (tests/README.md "Retries"):\n${this.retried.map((name) => `  - ${name}`).join('\n')}\n`);
  }
}
