// The page's inline stylesheet: only the rules its markup can match (docs/adr/0095-inline-the-rules-the-markup-uses.md).
// The build splits the stylesheet into rules with the classes each selector needs
// (scripts/lib/css-rules.mjs → worker/generated/inline-css.json); the whole stylesheet is also
// one hashed, immutable file the document loads after the markup, for what appears later
// (menus, dialogs, the next page of a client-side navigation).
import styles from '../../worker/generated/inline-css.json' with { type: 'json' };

export type CssItem = { text: string; classes?: string[][] } | { atRule: string; rules: CssItem[] };

const allRules: CssItem[] = styles.rules as CssItem[];

/** Every class named in the markup's class attributes. */
export function markupClasses(markup: string): Set<string> {
  const found = new Set<string>();
  // A scan by indexOf: a regular expression over the whole markup cost several times as much.
  for (let at = markup.indexOf(' class="'); at !== -1; at = markup.indexOf(' class="', at)) {
    const start = at + 8;
    const end = markup.indexOf('"', start);
    if (end === -1) break;
    for (const name of markup.slice(start, end).split(' ')) if (name) found.add(name);
    at = end;
  }
  return found;
}

/** The rules that can match an element whose classes are among `present` (all of them when null). */
export function rulesFor(present: Set<string> | null, items: CssItem[] = allRules): string {
  let css = '';
  for (const item of items) {
    if ('atRule' in item) {
      const inner = rulesFor(present, item.rules);
      if (inner) css += `${item.atRule}{${inner}}`;
    } else if (!item.classes || !present || item.classes.some((needed) => needed.every((name) => present.has(name)))) {
      css += item.text;
    }
  }
  return css;
}
