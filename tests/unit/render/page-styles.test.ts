// The page's inline stylesheet (client/server/page-styles.ts, scripts/lib/css-rules.mjs): the
// build splits the stylesheet into rules with the classes each selector needs, and a page
// inlines only the rules its markup can match; all of them together are the whole stylesheet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssRules, requiredClasses } from '../../../scripts/lib/css-rules.mjs';
import { markupClasses, rulesFor, type CssItem } from '../../../client/server/page-styles.ts';

const SHEET =
  ':root{--ink:#242424}*{box-sizing:border-box}' +
  '.a{color:red}.a .b,.c{content:"{,}"}.d.e{margin:0}.f:not(.g){padding:0}.h[data-x=".i"]{top:0}' +
  '@media(min-width:728px){.a{color:blue}.z{color:green}}@media print{.z{color:red}}' +
  '@keyframes spin{to{transform:rotate(1turn)}}';

describe('cssRules', () => {
  const rules: CssItem[] = cssRules(SHEET);

  it('keeps every rule, in order: together they are the whole stylesheet', () => {
    expect(rulesFor(null, rules)).toBe(SHEET);
  });

  it('names the classes a selector needs, not those under :not() or in an attribute value', () => {
    expect(requiredClasses('.a .b')).toEqual(['a', 'b']);
    expect(requiredClasses('.f:not(.g)')).toEqual(['f']);
    expect(requiredClasses('.h[data-x=".i"]')).toEqual(['h']);
    expect(requiredClasses('html[data-hydrated] body')).toEqual([]);
  });
});

describe('rulesFor', () => {
  const rules: CssItem[] = cssRules(SHEET);

  it('inlines the rules the markup can match, the rules that need no class, and no empty @media', () => {
    const css = rulesFor(markupClasses('<div class="a"><p class=" c  d">x</p></div>'), rules);
    expect(css).toBe(
      ':root{--ink:#242424}*{box-sizing:border-box}.a{color:red}.a .b,.c{content:"{,}"}' +
        '@media(min-width:728px){.a{color:blue}}@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it('keeps a rule with several classes only when the markup has all of one selector’s', () => {
    expect(rulesFor(new Set(['d']), rules)).not.toContain('.d.e');
    expect(rulesFor(new Set(['d', 'e']), rules)).toContain('.d.e{margin:0}');
  });
});

describe('the built stylesheet', () => {
  const built = path.resolve(import.meta.dirname, '../../../worker/generated/inline-css.json');

  it('is split so that a story’s first screen inlines a fraction of it', () => {
    const { rules } = JSON.parse(readFileSync(built, 'utf8')) as { rules: CssItem[] };
    const whole = rulesFor(null, rules);
    const story = rulesFor(markupClasses('<header class="site-header"><a class="wordmark">V</a></header><article class="story"><h1 class="story-title">T</h1></article>'), rules);
    expect(story).toContain('.site-header{');
    expect(story.length).toBeLessThan(whole.length / 4);
  });
});
