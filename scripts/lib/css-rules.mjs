// Splits a minified stylesheet into its rules, each with the classes its selectors need, so
// the server can inline only the rules a page's markup can match (client/server/page-styles.ts;
// docs/adr/0095-inline-the-rules-the-markup-uses.md).

/** Index of the `}` that closes the block opened at `open` (a `{`), skipping strings. */
function closingBrace(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new Error(`Unclosed block at ${open}`);
}

/** Splits a selector list at its top-level commas. */
function selectors(list) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * The classes an element must carry (itself or its ancestors) for a selector to match. Classes
 * inside :not(), :is(), :has(), :where() and attribute brackets are not required.
 */
export function requiredClasses(selector) {
  let flat = selector;
  for (let previous = ''; previous !== flat; ) {
    previous = flat;
    flat = flat.replace(/\([^()]*\)|\[[^\]]*\]/g, '');
  }
  return [...new Set([...flat.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]))];
}

/**
 * An interaction state (:hover, :focus…, :active) or a highlight (the highlights layer loads when
 * the page is idle): nothing the first paint shows, so the whole file brings it.
 */
const LATER = /:(hover|focus|focus-visible|focus-within|active)\b|::highlight\(/;

/**
 * A stylesheet's top-level items: `{ text }` always applies (no selector needs a class, or an
 * at-rule such as @font-face), `{ text, classes }` applies when any one selector's classes are
 * all on the page, `{ text, later: true }` is never inlined (every selector is an interaction
 * state or a highlight), `{ text, keyframes }` is inlined when an inlined rule names its
 * animation, `{ atRule, rules }` is a conditional group (@media, @supports) of rules.
 */
export function cssRules(css) {
  const items = [];
  let i = 0;
  while (i < css.length) {
    if (/\s/.test(css[i])) {
      i++;
      continue;
    }
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    if (css[i] === '@' && semicolon !== -1 && (open === -1 || semicolon < open)) {
      items.push({ text: css.slice(i, semicolon + 1) });
      i = semicolon + 1;
      continue;
    }
    if (open === -1) throw new Error(`Stray text in the stylesheet: ${css.slice(i, i + 40)}`);
    const close = closingBrace(css, open);
    const prelude = css.slice(i, open).trim();
    const text = css.slice(i, close + 1);
    if (/^@(media|supports|container|layer)\b/.test(prelude)) items.push({ atRule: prelude, rules: cssRules(css.slice(open + 1, close)) });
    else if (/^@(-webkit-)?keyframes\s/.test(prelude)) items.push({ text, keyframes: prelude.replace(/^\S+\s+/, '') });
    else if (prelude.startsWith('@')) items.push({ text });
    else if (selectors(prelude).every((selector) => LATER.test(selector.replace(/:not\([^()]*\)/g, '')))) items.push({ text, later: true });
    else {
      const classes = selectors(prelude).map(requiredClasses);
      items.push(classes.some((needed) => needed.length === 0) ? { text } : { text, classes });
    }
    i = close + 1;
  }
  return items;
}
