// The page's inline stylesheet: only the rules its first screen can match (docs/adr/0095-inline-the-rules-the-markup-uses.md,
// docs/adr/0218-the-first-screen-inline-the-rest-later.md). The build splits the stylesheet into
// rules with the classes each selector needs (scripts/lib/css-rules.mjs → worker/generated/inline-css.json);
// the whole stylesheet is also one hashed, immutable file the document loads after the markup,
// for what is below the first screen or appears later (menus, dialogs, the next page).
import styles from '../../worker/generated/inline-css.json' with { type: 'json' };
import { LRUCache } from 'lru-cache';

export type CssItem =
  | { text: string; classes?: string[][]; later?: boolean; keyframes?: string }
  | { atRule: string; rules: CssItem[] };

const allRules: CssItem[] = styles.rules as CssItem[];

/**
 * How much of a column's markup the first screen shows at most: measured in Chromium at
 * 1366×940 and 390×844 on the demo world, the last element on the first screen starts within
 * 7.7 KB of the markup on home and story pages and within 2 KB of the sidebar's
 * (docs/adr/0218-the-first-screen-inline-the-rest-later.md). A short page is all first screen.
 */
export const FIRST_SCREEN_BYTES = 12_000;

/** Where a column other than the main one starts (client/layouts/Layouts.tsx): its first screen is beside the main one's. */
const COLUMN_STARTS = ['<aside class="layout-sidebar"'];

/** Every class named in the markup's class attributes (from `from`, up to `to`). */
export function markupClasses(markup: string, found = new Set<string>(), from = 0, to = markup.length): Set<string> {
  // A scan by indexOf: a regular expression over the whole markup cost several times as much.
  for (let at = markup.indexOf(' class="', from); at !== -1 && at < to; at = markup.indexOf(' class="', at)) {
    const start = at + 8;
    const end = markup.indexOf('"', start);
    if (end === -1) break;
    for (const name of markup.slice(start, end).split(' ')) if (name) found.add(name);
    at = end;
  }
  return found;
}

/**
 * The classes on the page's first screen: those in the first FIRST_SCREEN_BYTES of the markup
 * and of each side column's markup. Below it, the whole file has arrived before the reader scrolls.
 */
export function firstScreenClasses(markup: string): Set<string> {
  const found = markupClasses(markup, new Set(), 0, FIRST_SCREEN_BYTES);
  for (const column of COLUMN_STARTS) {
    const start = markup.indexOf(column, FIRST_SCREEN_BYTES);
    if (start !== -1) markupClasses(markup, found, start, start + FIRST_SCREEN_BYTES);
  }
  return found;
}

function selectedRules(present: Set<string> | null, items: CssItem[], keyframes: Map<string, string>): string {
  let css = '';
  for (const item of items) {
    if ('atRule' in item) {
      const inner = selectedRules(present, item.rules, keyframes);
      if (inner) css += `${item.atRule}{${inner}}`;
    } else if (!present) css += item.text;
    else if (item.keyframes !== undefined) keyframes.set(item.keyframes, (keyframes.get(item.keyframes) ?? '') + item.text);
    else if (!item.later && (!item.classes || item.classes.some((needed) => needed.every((name) => present.has(name))))) css += item.text;
  }
  return css;
}

/**
 * The rules that can match an element whose classes are among `present` (all of them, in the
 * stylesheet's order, when null). With `present`, interaction states and highlights are left to
 * the whole file, and an animation's @keyframes come last, only when an inlined rule names it.
 */
export function rulesFor(present: Set<string> | null, items: CssItem[] = allRules): string {
  if (present === null || items !== allRules) return selectRules(present, items);
  // The stylesheet's own rules are the same for the isolate's life: the answer for a set of
  // classes is kept, and the pages of a kind show the same few sets on their first screen
  // (docs/adr/0226-a-fresh-render-builds-nothing-it-built-before.md).
  const key = [...present].sort().join(' ');
  let css = inlineByClasses.get(key);
  if (css === undefined) inlineByClasses.set(key, (css = selectRules(present, items)));
  return css;
}

/** The inline rules per set of first-screen classes (sorted, space-separated), kept per isolate; the least recently used go first. */
const inlineByClasses = new LRUCache<string, string>({ max: 100 });

/** Whether the rules name an animation: one expression per @keyframes name, made once. */
const animationUses = new Map<string, RegExp>();

function selectRules(present: Set<string> | null, items: CssItem[]): string {
  const keyframes = new Map<string, string>();
  let css = selectedRules(present, items, keyframes);
  for (const [name, text] of keyframes) {
    let uses = animationUses.get(name);
    if (!uses) animationUses.set(name, (uses = new RegExp(`animation(-name)?:[^;}]*(?<![\\w-])${name.replace(/[^\w-]/g, '\\$&')}(?![\\w-])`)));
    if (uses.test(css)) css += text;
  }
  return css;
}
