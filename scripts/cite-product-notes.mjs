#!/usr/bin/env node
// Rewrites, in place, every citation of the outside product specification ("spec N §X.Y",
// "Spec N §X.Y", "spec N §X, §Y", "spec N §X and spec M §Y", "spec N" alone) and of the
// outside design document (the word DESIGN and a quoted heading) in the source trees into a citation of the
// repository's own notes: docs/product/<note N>.md §X.Y (docs/product/README.md).
//
//   node scripts/cite-product-notes.mjs            rewrite, print a count per file
//   node scripts/cite-product-notes.mjs --check    change nothing; exit 1 if anything is left
//
// Idempotent: a second run finds nothing to do. What it cannot rewrite it lists, so a
// person can. tests/unit/docs/comment-references.test.ts is the check that nothing is left.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TREES = ['worker', 'client', 'shared', 'scripts', 'bench', 'tests', 'migrations'];
const EXTENSIONS = /\.(ts|tsx|mjs|js|sql|css)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.wrangler']);
const SKIPPED_PATHS = new Set([
  'worker/generated',
  // Holds the refused patterns as test data, built so that they are not citations.
  'tests/unit/docs/comment-references.test.ts',
  'scripts/cite-product-notes.mjs',
]);

export const NOTES = {
  1: 'docs/product/1-product-screens-membership-header-search.md',
  2: 'docs/product/2-sign-in-notices-cache-routing.md',
  3: 'docs/product/3-routes-data-calls-constants.md',
};

// A citation without a section ("spec N multiVote"): the section its neighbourhood points at.
const SECTION_BY_TOPIC = {
  1: [[/ShowPartnerDashboard|route names?|named routes?/, '2.3'], [/pages?\b|names three/, '2.1']],
  2: [[/\bBook\b|cache entit|Viewer\b|post-retrieval/, '3'], [/layout|home-lo|lists them|\blists\b/, '2.3']],
  3: [[/multiVote|client state|post types?\b|paragraph|markup/, '3'], [/route|path/, '2']],
};

// A heading of the outside design document → the repository's own record of the same decision.
const DESIGN_TARGETS = [
  [/^Edge cache$/i, () => 'docs/adr/0019-edge-cache-on-the-cache-api.md'],
  [/^Sign-in and\s+(?:\/\/\s*|\*\s*|--\s*)?sessions$/i, () => 'docs/sign-in.md'],
  [/^GraphQL$/i, () => `${NOTES[2]} §8`],
  [/^every operation in[\s\S]*rate limits$/i, (text) => `docs/sign-in.md#rate-limits-and-lockouts: ${text}`],
];

// Between a citation and its sections: spaces, and a comment's leader when a citation wraps.
const GAP = String.raw`(?:[ \t]|\n[ \t]*(?:\/\/|\*|--|#)?[ \t]*)*`;
const NUMBER = String.raw`\d+(?:\.\d+)*`;
const SECTION_LIST = new RegExp(String.raw`^${GAP}§${NUMBER}(?:${GAP}(?:,|;|–|-|and|or|to)${GAP}§${NUMBER})*`);
const CITATION = /\b([Ss])pec ([123])\b/g;
// (Built from a string so that this file does not match what it rewrites.)
const DESIGN = new RegExp(String.raw`( ?)\bDESIGN` + ' "([^"]+)"', 'g');
/**
 * One name right after a section, ending the citation: `§3 Blocking)` → `§3 (Blocking))`, so the
 * name does not read as part of the file's. Not for a list of names (`§4.4 VERIFY_EMAIL, …`).
 */
const QUALIFIER = /^ ((?:`[^`\n]+`)|(?:[A-Za-z_][\w.]*))(?=[);:]|\.(?:\s|$)|[ \t]*\n)/;
const SENTENCE_START = /(?:^|\n)[ \t]*(?:\/\/|\/\*\*?|\*|--|#)?[ \t]*"?$|[.!?][ \t]+$/;
/** "Spec N §3 catalog visibility." → "Catalog visibility of docs/product/N-….md §3." */
const LEADING_PHRASE = /^ ([a-z][a-z-]*(?: [a-z][a-z-]*){0,2})(?=[.:;,]|\s\(|$|\n)/;
const VERBS = new Set(['names', 'says', 'lists', 'gives', 'has', 'puts', 'also', 'is', 'calls']);

/** Rewrites one file's text; answers the new text, the count, and what it left alone. */
export function rewrite(text) {
  let count = 0;
  const left = [];
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    const start = match.index;
    if (start < last) continue;
    const note = NOTES[match[2]];
    let end = start + match[0].length;
    let after = text.slice(end);
    const sections = SECTION_LIST.exec(after);
    let citation = note;
    if (sections) {
      citation += sections[0];
      end += sections[0].length;
      after = text.slice(end);
    } else {
      const neighbourhood = text.slice(Math.max(0, start - 80), start) + after.slice(0, 80);
      const topic = SECTION_BY_TOPIC[match[2]].find(([pattern]) => pattern.test(neighbourhood));
      if (topic) citation += ` §${topic[1]}`;
    }
    const qualifier = QUALIFIER.exec(after);
    if (qualifier && /[A-Z_.`(]/.test(qualifier[1]) && citation.includes('§')) {
      citation += ` (${qualifier[1]})`;
      end += qualifier[0].length;
      after = text.slice(end);
    }
    const before = text.slice(last, start);
    const phrase = LEADING_PHRASE.exec(after);
    if (
      match[1] === 'S' &&
      SENTENCE_START.test(text.slice(Math.max(0, start - 12), start)) &&
      phrase &&
      !VERBS.has(phrase[1].split(' ')[0]) &&
      citation.includes('§')
    ) {
      const words = phrase[1];
      out += before + words[0].toUpperCase() + words.slice(1) + ' of ' + citation;
      end += phrase[0].length;
    } else {
      out += before + citation;
    }
    last = end;
    count++;
  }
  out += text.slice(last);

  out = out.replace(DESIGN, (whole, space, heading) => {
    const flat = heading.replace(/\s*\n\s*(?:\/\/|\*|--|#)?\s*/g, ' ');
    const target = DESIGN_TARGETS.find(([pattern]) => pattern.test(flat));
    if (!target) {
      left.push(whole.trim());
      return whole;
    }
    count++;
    // A heading that wrapped keeps its line break, so the comment keeps its shape: a quoted
    // phrase keeps its words; a bare reference moves to the next line.
    const lineBreak = /\n[ \t]*(?:\/\/|\*|--|#)?[ \t]*/.exec(heading);
    if (!lineBreak) return space + target[1](flat);
    if (/^every operation/i.test(flat)) return space + target[1](heading);
    return lineBreak[0] + target[1](flat);
  });

  for (const m of out.matchAll(/\bDESIGN\.md\b|(?:\.\.\/)+shared\/spec\b/g)) left.push(m[0]);
  return { text: count > 0 ? reflow(text, out) : out, count, left };
}

const WIDTH = 100;
const LIST_ITEM = /^(?:[-*•] |\d+[.)] )/;
const DRAWING = /[─│┌┐└┘├┤▶◀]/;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The comment paragraph that starts at line i: the prefix of each of its lines, their words'
 * text, and whether its last line closes a block comment. Null for code, strings, drawings and
 * lists' neighbours. Kinds: whole-line comments (//, * inside a block, --, #), and the first
 * line of a block comment (/* or /**) followed by ` * ` lines or by indented lines (CSS).
 */
function paragraphAt(lines, i) {
  const line = lines[i];
  // Drawings, and heading rules such as `// ---- Mutations ----`, keep their shape.
  if (DRAWING.test(line) || /-{4,}\s*$/.test(line)) return null;
  let first = /^([ \t]*)(\/\/|\*|--|#)( +)(\S.*)$/.exec(line);
  let contPrefix;
  let prefix;
  let text;
  if (first && !/\*\/\s*$/.test(line)) {
    const [, indent, leader, gap] = first;
    text = first[4];
    prefix = indent + leader + gap;
    contPrefix = prefix + ' '.repeat(LIST_ITEM.exec(text)?.[0].length ?? 0);
  } else {
    first = /^([ \t]*)(\/\*\*?)( +)(\S.*)$/.exec(line);
    if (!first || line.includes('*/')) return null;
    const [, indent] = first;
    text = first[4];
    prefix = indent + first[2] + first[3];
    const next = lines[i + 1] ?? '';
    if (new RegExp(`^${escape(indent)} \\* \\S`).test(next)) contPrefix = `${indent} * `;
    else if (first[2] === '/*' && new RegExp(`^${escape(indent)}   \\S`).test(next)) contPrefix = `${indent}   `;
    else return null;
  }
  const prefixes = [prefix];
  const texts = [text];
  let close = false;
  for (let j = i + 1; j < lines.length && !close; j++) {
    const l = lines[j];
    if (!l.startsWith(contPrefix) || /^\s/.test(l.slice(contPrefix.length)) || DRAWING.test(l)) break;
    let t = l.slice(contPrefix.length);
    if (!t.trim() || LIST_ITEM.test(t) || /^\*\//.test(t)) break;
    if (/\*\/\s*$/.test(t)) {
      close = true;
      t = t.replace(/\s*\*\/\s*$/, '');
    }
    prefixes.push(contPrefix);
    texts.push(t);
  }
  return { prefixes, texts, contPrefix, close };
}

/**
 * Keeps rewritten comments within the width the code uses: the words a longer citation pushes
 * past WIDTH (or past the line's old length, if it was longer) move to the start of the next
 * line of the same comment paragraph, and so on down; a paragraph that still overflows at its
 * end gets one more line. A one-line doc comment that grew too long becomes a block. A
 * citation (`… .md §4.7`) is never split. Code and strings are left as they are.
 */
export function reflow(before, after) {
  const old = before.split('\n');
  const lines = after.split('\n');
  const sameShape = old.length === lines.length;
  const limitAt = (k) => Math.max(WIDTH, sameShape && k < old.length ? old[k].length : 0);
  const insert = (k, ...added) => {
    lines.splice(k, 0, ...added);
    if (sameShape) old.splice(k, 0, ...added.map(() => ''));
  };
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].length <= limitAt(i) || (sameShape && lines[i] === old[i])) continue;
    const oneLine = /^([ \t]*)\/\*\* +(.*?) *\*\/\s*$/.exec(lines[i]);
    if (oneLine) {
      const [, indent, text] = oneLine;
      lines[i] = `${indent}/**`;
      if (sameShape) old[i] = lines[i];
      insert(i + 1, `${indent} * ${text}`, `${indent} */`);
      continue; // the loop reaches the new middle line next
    }
    const paragraph = paragraphAt(lines, i);
    if (!paragraph) continue;
    const { prefixes, texts, contPrefix, close } = paragraph;
    const last = texts.length - 1;
    let carry = [];
    for (let n = 0; ; n++) {
      const k = i + n;
      const suffix = close && n >= last ? ' */' : '';
      const words = [...carry, ...(n <= last ? tokens(texts[n]) : [])];
      const lead = n <= last ? prefixes[n] : contPrefix;
      carry = [];
      while (words.length > 1 && (lead + words.join(' ') + suffix).length > limitAt(k)) carry.unshift(words.pop());
      const body = lead + words.join(' ');
      if (n <= last) lines[k] = carry.length && suffix ? body : body + suffix;
      else insert(k, carry.length && suffix ? body : body + suffix);
      if (carry.length === 0) break;
    }
  }
  return lines.join('\n');
}

/** Words of a comment, for wrapping. */
function tokens(text) {
  const words = text.split(' ').filter((w) => w !== '');
  const out = [];
  for (const w of words) {
    const previous = out[out.length - 1] ?? '';
    // A citation keeps its section, and a number its unit (`… .md §4.7`, `678 px`).
    if ((/^§/.test(w) && /\.md$/.test(previous)) || (/^(?:px|ms|s|KiB|MB)\b/.test(w) && /\d$/.test(previous))) {
      out[out.length - 1] += ' ' + w;
    } else {
      out.push(w);
    }
  }
  return out;
}

function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (SKIPPED_PATHS.has(path)) continue;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path);
      } else if (EXTENSIONS.test(entry.name)) {
        files.push(path);
      }
    }
  };
  for (const tree of TREES) if (existsSync(join(ROOT, tree))) walk(tree);
  return files.sort();
}

function lineOf(text, needle) {
  const index = text.indexOf(needle);
  return index < 0 ? '?' : text.slice(0, index).split('\n').length;
}

function main() {
  const check = process.argv.includes('--check');
  let total = 0;
  let files = 0;
  const leftovers = [];
  for (const file of sourceFiles()) {
    const original = readFileSync(join(ROOT, file), 'utf8');
    const { text, count, left } = rewrite(original);
    for (const l of left) leftovers.push(`${file}:${lineOf(text, l)}: ${l}`);
    if (count === 0) continue;
    total += count;
    files++;
    console.log(`${String(count).padStart(4)}  ${file}`);
    if (!check) writeFileSync(join(ROOT, file), text);
  }
  console.log(`${check ? 'would rewrite' : 'rewrote'} ${total} citation(s) in ${files} file(s)`);
  if (leftovers.length) {
    console.log(`left for a person (${leftovers.length}):`);
    for (const l of leftovers) console.log(`  ${l}`);
  }
  if (check && (total > 0 || leftovers.length > 0)) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
