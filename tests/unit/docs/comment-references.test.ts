// Every reference a source file makes to a document must resolve inside the repository
// (issue 9): a cited `docs/….md` exists, a cited `§N.N` is a heading of it, a cited `#anchor`
// is one of its headings, and nothing cites the product specification or design document
// that live outside the repository — a newcomer cannot open those. Old-style citations are
// rewritten into docs/product/ by `node scripts/cite-product-notes.mjs`
// (docs/product/README.md says how to cite).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TREES = ['worker', 'client', 'shared', 'scripts', 'bench', 'tests', 'migrations'];
const EXTENSIONS = /\.(ts|tsx|mjs|js|sql|css)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.wrangler']);
const SKIPPED_PATHS = new Set(['worker/generated']);
/** This file holds the refused patterns themselves (in the self-test's fixture). */
const SELF = 'tests/unit/docs/comment-references.test.ts';

export interface Violation {
  file: string;
  line: number;
  text: string;
  problem: string;
}

/** A document of the repository as the checker sees it: does it exist, and its headings. */
export interface DocLookup {
  headings(path: string): string[] | null;
}

// `docs/…md`, not part of a URL or a longer path (resend.com/docs/… is not ours).
const DOC_REFERENCE = /(?<![\w./-])docs\/[\w./-]+?\.md\b/g;
// Between a reference and its sections: spaces, and a comment's leader when a citation wraps.
const GAP = String.raw`(?:\s|\/\/|\*|--|#(?=\s))*`;
const SECTION = String.raw`§\s*(\d+(?:\.\d+)*)`;
const SECTIONS_AFTER = new RegExp(String.raw`^${GAP}${SECTION}`);
const MORE_SECTIONS = new RegExp(String.raw`^${GAP}(?:,|;|–|-|and|or|to)${GAP}${SECTION}`);
const ANCHOR_AFTER = /^#([\w-]+)/;

/** Citations of documents outside the repository; each names what it cites. */
const OUTSIDE: Array<[RegExp, string]> = [
  [/\b[Ss]pec [123]\b/g, 'cites the outside specification (spec N); cite docs/product/ instead'],
  [/\bSPEC [123] §/g, 'cites the outside specification; cite docs/product/ instead'],
  [/(?:\.\.\/)+shared\/spec\b|\/work\/shared\b/g, 'points outside the repository'],
  [/\bDESIGN(?:\.md\b| ")/g, 'cites the outside design document; cite docs/ instead'],
];

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function lineText(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end === -1 ? undefined : end).trim();
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Does a heading start with the section number `N.N` (or `N.` / `N ` for a section)? */
export function headingHasSection(headings: string[], section: string): boolean {
  const escaped = section.replace(/\./g, '\\.');
  const pattern = new RegExp(`^${escaped}(?:\\.?(?:\\s|$))`);
  return headings.some((h) => pattern.test(h.trim()));
}

export function markdownHeadings(markdown: string): string[] {
  const headings: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m) headings.push(m[1] ?? '');
  }
  return headings;
}

/** Checks one file's text: its `docs/` references resolve, and it cites nothing outside. */
export function scanText(file: string, text: string, docs: DocLookup): Violation[] {
  const violations: Violation[] = [];
  const report = (index: number, problem: string) =>
    violations.push({ file, line: lineOf(text, index), text: lineText(text, index), problem });

  for (const match of text.matchAll(DOC_REFERENCE)) {
    const path = match[0];
    const index = match.index ?? 0;
    const headings = docs.headings(path);
    if (headings === null) {
      report(index, `${path} does not exist`);
      continue;
    }
    let rest = text.slice(index + path.length);
    const anchor = ANCHOR_AFTER.exec(rest);
    const slug = anchor?.[1];
    if (slug && !headings.some((h) => headingAnchor(h) === slug.toLowerCase())) {
      report(index, `${path}#${slug}: no heading has that anchor`);
    }
    let section = SECTIONS_AFTER.exec(rest);
    while (section) {
      const number = section[1] ?? '';
      if (!headingHasSection(headings, number)) report(index, `${path} has no section §${number}`);
      rest = rest.slice(section[0].length);
      section = MORE_SECTIONS.exec(rest);
    }
  }

  for (const [pattern, problem] of OUTSIDE) {
    for (const match of text.matchAll(pattern)) report(match.index ?? 0, `${problem}: "${match[0]}"`);
  }
  return violations.sort((a, b) => a.line - b.line);
}

/** The repository's documents, read from disk (and remembered). */
export function repositoryDocs(root: string): DocLookup {
  const cache = new Map<string, string[] | null>();
  return {
    headings(path) {
      if (!cache.has(path)) {
        const full = join(root, path);
        cache.set(path, existsSync(full) && statSync(full).isFile() ? markdownHeadings(readFileSync(full, 'utf8')) : null);
      }
      return cache.get(path) ?? null;
    },
  };
}

export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir + '/' + entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !SKIPPED_PATHS.has(path)) walk(path);
      } else if (EXTENSIONS.test(entry.name) && path !== SELF) {
        files.push(path);
      }
    }
  };
  for (const tree of TREES) if (existsSync(join(root, tree))) walk(tree);
  return files.sort();
}

function scanRepository(): Violation[] {
  const docs = repositoryDocs(ROOT);
  return sourceFiles(ROOT).flatMap((file) => scanText(file, readFileSync(join(ROOT, file), 'utf8'), docs));
}

function listing(violations: Violation[]): string {
  return violations.map((v) => `${v.file}:${v.line}: ${v.problem}\n    ${v.text}`).join('\n');
}

describe('references in comments resolve inside the repository', () => {
  const violations = scanRepository();
  const outside = (v: Violation) => /outside/.test(v.problem);

  it('scans the source trees', () => {
    const files = sourceFiles(ROOT);
    expect(files).toContain('worker/index.ts');
    expect(files).toContain('tests/unit/routing/route-table.test.ts');
    expect(files.some((f) => f.startsWith('migrations/') && f.endsWith('.sql'))).toBe(true);
    expect(files).not.toContain(SELF);
    expect(files.every((f) => !f.split('/').includes('node_modules'))).toBe(true);
  });

  it('every cited docs/…md exists and every cited § is a heading of it', () => {
    const broken = violations.filter((v) => !outside(v));
    expect(broken.length, `broken references:\n${listing(broken)}`).toBe(0);
  });

  it('no comment cites the specification or design document outside the repository (fix: node scripts/cite-product-notes.mjs)', () => {
    const offenders = violations.filter(outside);
    expect(offenders.length, `citations of documents outside the repository:\n${listing(offenders)}`).toBe(0);
  });

  it('the product notes mirror the numbering they are cited by', () => {
    const docs = repositoryDocs(ROOT);
    for (const note of [
      'docs/product/1-product-screens-membership-header-search.md',
      'docs/product/2-sign-in-notices-cache-routing.md',
      'docs/product/3-routes-data-calls-constants.md',
    ]) {
      const headings = docs.headings(note);
      expect(headings, note).not.toBeNull();
      for (let n = 1; n <= 9; n++) expect(headingHasSection(headings!, String(n)), `${note} §${n}`).toBe(true);
    }
    const two = docs.headings('docs/product/2-sign-in-notices-cache-routing.md')!;
    for (const s of ['2.1', '2.3', '4.1', '4.4', '4.7', '4.9']) expect(headingHasSection(two, s), `note 2 §${s}`).toBe(true);
    const three = docs.headings('docs/product/3-routes-data-calls-constants.md')!;
    for (const s of ['2.1', '2.9', '2.11', '7.1', '7.6']) expect(headingHasSection(three, s), `note 3 §${s}`).toBe(true);
  });
});

describe('the checker itself can fail', () => {
  const fixtureDocs: DocLookup = {
    headings: (path) =>
      path === 'docs/notes.md' ? ['Notes', '2. Screens', '2.1 Page identifiers', '2.11 URL builders', 'Open questions'] : null,
  };
  // Built from pieces so that this file does not cite the outside documents itself.
  const spec = 'sp' + 'ec';
  const fixture = [
    '// Fine: docs/notes.md §2.1, §2.11 and docs/notes.md §2 and docs/notes.md#open-questions.',
    '// Missing section: docs/notes.md §2.2 (and a wrapped one: docs/notes.md §2.1,',
    '// §4.7).',
    '/* Missing file: docs/nowhere.md §1 */',
    '-- Bad anchor: docs/notes.md#closed-questions',
    `// Outside: ${spec} 2 §4.7, S${spec.slice(1)} 3 §2.11 and ${spec} 1, §2.6; see ../shared/${spec}/ and DESIGN.md.`,
    '// A URL is not ours: https://resend.com/docs/api-reference/emails.md',
  ].join('\n');
  const found = scanText('fixture.ts', fixture, fixtureDocs);

  it('finds a missing section, a missing file and a bad anchor, with their lines', () => {
    expect(found.filter((v) => !/outside/.test(v.problem)).map((v) => [v.line, v.problem])).toEqual([
      [2, 'docs/notes.md has no section §2.2'],
      [2, 'docs/notes.md has no section §4.7'],
      [4, 'docs/nowhere.md does not exist'],
      [5, 'docs/notes.md#closed-questions: no heading has that anchor'],
    ]);
  });

  it('finds every citation of the outside documents on its line', () => {
    const outside = found.filter((v) => /outside/.test(v.problem));
    expect(outside.map((v) => v.line)).toEqual([6, 6, 6, 6, 6]);
    expect(listing(outside)).toContain('fixture.ts:6:');
  });

  it('section numbers match whole numbers only', () => {
    expect(headingHasSection(['2.11 URL builders'], '2.1')).toBe(false);
    expect(headingHasSection(['2.1 Page identifiers'], '2.1')).toBe(true);
    expect(headingHasSection(['4. States'], '4')).toBe(true);
    expect(headingHasSection(['4.7 Edge-cache decision'], '4')).toBe(false);
    expect(headingAnchor('4.7 Edge-cache decision')).toBe('47-edge-cache-decision');
  });
});

describe('the rewrite tool (scripts/cite-product-notes.mjs)', async () => {
  type Rewrite = (text: string) => { text: string; count: number; left: string[] };
  const tool = (await import(pathToFileURL(join(ROOT, 'scripts/cite-product-notes.mjs')).href)) as { rewrite: Rewrite };
  const spec = 'sp' + 'ec';
  const Spec = 'S' + spec.slice(1);
  const one = 'docs/product/1-product-screens-membership-header-search.md';
  const two = 'docs/product/2-sign-in-notices-cache-routing.md';
  const three = 'docs/product/3-routes-data-calls-constants.md';
  const cases: Array<[string, string]> = [
    [`// Toasts (${spec} 2 §2.3, §4.4).`, `// Toasts (${two} §2.3, §4.4).`],
    [`// Both (${spec} 1 §2.6 and ${spec} 2 §4.4).`, `// Both (${one} §2.6 and ${two} §4.4).`],
    [`// Every path of ${spec} 3 §2.1–§2.10.`, `// Every path of ${three} §2.1–§2.10.`],
    [`/** The viewer blocked them (${spec} 2 §3 Blocking). */`, `/** The viewer blocked them (${two} §3 (Blocking)). */`],
    [`  "${Spec} 3 §3 catalog visibility."`, `  "Catalog visibility of ${three} §3."`],
    [`// ${Spec} 2 §4.7: the rules.`, `// ${two} §4.7: the rules.`],
    [`// Closed (${spec} 2\n// §8 message).`, `// Closed (${two}\n// §8 message).`],
    [`// The multiVote state (${spec} 3).`, `// The multiVote state (${three} §3).`],
  ];

  // A line the citation makes longer than 100 columns is wrapped; compare the words.
  const unwrapped = (text: string) => text.replace(/\n\/\/ (?=[^§])/g, ' ');

  it.each(cases)('rewrites %j', (before, after) => {
    const { text, count } = tool.rewrite(before);
    expect(unwrapped(text)).toBe(after);
    expect(count).toBe(before.split(spec).length - 1 + (before.split(Spec).length - 1));
  });

  it('is idempotent, and what it writes resolves', () => {
    const docs = repositoryDocs(ROOT);
    for (const [before] of cases) {
      const once = tool.rewrite(before).text;
      expect(tool.rewrite(once)).toMatchObject({ text: once, count: 0 });
      expect(listing(scanText('case.ts', once, docs))).toBe('');
    }
  });

  it('keeps a rewritten comment within 100 columns, a citation in one piece', () => {
    const before = `// The trash (${spec} 2 §9: retention 14 days). DeletePost moves a story to the trash; a\n// daily job deletes it.`;
    const lines = tool.rewrite(before).text.split('\n');
    expect(lines.every((l) => l.length <= 100)).toBe(true);
    expect(lines.join(' ')).toContain(`${two} §9`);
    expect(lines.join(' ').replace(/\s*\/\/\s*/g, ' ')).toContain('DeletePost moves a story to the trash; a daily job deletes it.');
  });
});
