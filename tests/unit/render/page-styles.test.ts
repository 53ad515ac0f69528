// The page's inline stylesheet (client/server/page-styles.ts, scripts/lib/css-rules.mjs): the
// build splits the stylesheet into rules with the classes each selector needs, and a page
// inlines only the rules its markup can match; all of them together are the whole stylesheet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssRules, requiredClasses } from '../../../scripts/lib/css-rules.mjs';
import { FIRST_SCREEN_BYTES, firstScreenClasses, markupClasses, rulesFor, type CssItem } from '../../../client/server/page-styles.ts';

const SHEET =
  ':root{--ink:#242424}*{box-sizing:border-box}' +
  '.a{color:red}.a .b,.c{content:"{,}"}.d.e{margin:0}.f:not(.g){padding:0}.h[data-x=".i"]{top:0}' +
  '@media(min-width:728px){.a{color:blue}.z{color:green}}@media print{.z{color:red}}' +
  '@keyframes spin{to{transform:rotate(1turn)}}' +
  '.a:hover,.a:focus-visible{color:green}a:hover{text-decoration:underline}.a:not(:hover){opacity:1}::highlight(mark){color:red}' +
  '.k{animation:spin 1s linear}@keyframes fade{to{opacity:0}}';

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
        '@media(min-width:728px){.a{color:blue}}.a:not(:hover){opacity:1}',
    );
  });

  it('leaves interaction states, highlights and unnamed @keyframes to the whole file', () => {
    const css = rulesFor(new Set(['a']), rules);
    expect(css).not.toContain(':hover,');
    expect(css).not.toContain('a:hover{');
    expect(css).not.toContain('::highlight');
    expect(css).not.toContain('@keyframes');
  });

  it('inlines an animation’s @keyframes when an inlined rule names it, and only that one', () => {
    const css = rulesFor(new Set(['k']), rules);
    expect(css).toContain('.k{animation:spin 1s linear}');
    expect(css).toContain('@keyframes spin{');
    expect(css).not.toContain('@keyframes fade');
  });

  it('keeps a rule with several classes only when the markup has all of one selector’s', () => {
    expect(rulesFor(new Set(['d']), rules)).not.toContain('.d.e');
    expect(rulesFor(new Set(['d', 'e']), rules)).toContain('.d.e{margin:0}');
  });
});

describe('firstScreenClasses', () => {
  const below = '<p class="filler">' + 'x'.repeat(FIRST_SCREEN_BYTES) + '</p>';

  it('takes the classes of the first screen’s markup, not those far below it', () => {
    const classes = firstScreenClasses(`<header class="top"></header>${below}<section class="cards"></section>`);
    expect(classes.has('top')).toBe(true);
    expect(classes.has('filler')).toBe(true);
    expect(classes.has('cards')).toBe(false);
  });

  it('takes a side column’s first screen too, wherever it starts in the markup', () => {
    const classes = firstScreenClasses(`<main class="top">${below}</main><aside class="layout-sidebar"><h2 class="side-heading">x</h2>${below}<p class="side-end"></p></aside>`);
    expect(classes.has('layout-sidebar')).toBe(true);
    expect(classes.has('side-heading')).toBe(true);
    expect(classes.has('side-end')).toBe(false);
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

describe('the inline rules kept per set of classes', () => {
  const built = path.resolve(import.meta.dirname, '../../../worker/generated/inline-css.json');
  const { rules } = JSON.parse(readFileSync(built, 'utf8')) as { rules: CssItem[] };

  it('answers what the stylesheet’s rules select, whatever order the classes came in, and a new set afresh', () => {
    // A copy of the stylesheet's rules is not the isolate's own array: rulesFor selects afresh for it (the reference).
    const fresh = (classes: string[]) => rulesFor(new Set(classes), [...rules]);
    const header = ['site-header', 'wordmark'];
    expect(rulesFor(new Set(header))).toBe(fresh(header));
    expect(rulesFor(new Set([...header].reverse()))).toBe(fresh(header));
    const more = [...header, 'site-header-bar', 'is-collapsed'];
    const withMore = rulesFor(new Set(more));
    expect(withMore).toBe(fresh(more));
    expect(withMore).toContain('.site-header.is-collapsed{');
    expect(rulesFor(new Set(header))).not.toContain('.site-header.is-collapsed{');
  });
});
