// The hydration state leaves out the story text the markup shows (client/app/hydration-state.ts):
// what the browser rebuilds from the server's markup is exactly the server's results, and the
// state carries none of the texts.
import { describe, expect, it } from 'vitest';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { SSRData } from 'urql';
import { StoryBody } from '../../../client/components/story/StoryBody.tsx';
import { AppStateProvider } from '../../../client/app/app-state.tsx';
import type { PreloadedState } from '../../../shared/preloaded-state.ts';
import { renderMarkup } from '../../../client/server/render-markup.ts';
import { idCounts, restoreWithheldText, withholdRenderedText } from '../../../client/app/hydration-state.ts';

type Node = DefaultTreeAdapterMap['node'];

const plain = (name: string, type: string, text: string) => ({ id: `p1_${name}`, name, type, text, href: null, codeLanguage: null, markups: [], metadata: null, __typename: 'Paragraph' });
const paragraphs = [
  plain('a1', 'H3', 'Quotes " and <tags> & more'),
  {
    ...plain('b2', 'P', 'A strong word and a link here.'),
    markups: [
      { type: 'STRONG', start: 2, end: 8, href: null, anchorType: null, userId: null, __typename: 'Markup' },
      { type: 'A', start: 22, end: 26, href: 'https://example.com/', anchorType: 'LINK', userId: null, __typename: 'Markup' },
    ],
  },
  plain('c3', 'ULI', 'first item'),
  plain('d4', 'ULI', 'second  item, two spaces'),
  { ...plain('e5', 'PRE', '\nconst x = 1;\n  indented();'), codeLanguage: 'js' },
  plain('f6', 'IMG', 'A caption'),
  plain('g7', 'P', 'Named twice in the markup'),
];

function textContentById(html: string): (id: string) => string | null {
  const found = new Map<string, string>();
  const text = (node: Node): string =>
    node.nodeName === '#text' ? (node as DefaultTreeAdapterMap['textNode']).value : 'childNodes' in node ? node.childNodes.map(text).join('') : '';
  const walk = (node: Node) => {
    const id = 'attrs' in node ? node.attrs.find((attr) => attr.name === 'id')?.value : undefined;
    if (id) found.set(id, text(node));
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(html));
  return (id) => found.get(id) ?? null;
}

function page() {
  // The links' context is all the story's text reads of the page's state.
  const state = { config: { mainOrigin: 'https://vellum.example' }, navigation: { hostKind: 'MAIN' } } as unknown as PreloadedState;
  const story = renderMarkup(
    <AppStateProvider value={state}>
      <StoryBody paragraphs={paragraphs as never} />
    </AppStateProvider>,
  );
  if (story === null) throw new Error('the story suspended');
  // Another element with g7's id: its paragraph's text must stay in the state.
  const markup = story + '<aside id="g7">elsewhere</aside>';
  const data = { postResult: { __typename: 'Post', id: 'p1', content: { __typename: 'RichText', paragraphs } } };
  const results: SSRData = { '42': { data: JSON.stringify(data), hasNext: false } };
  return { markup, data, state: results };
}

describe('the hydration state', () => {
  it('leaves out the text of every paragraph the markup shows, and the browser gets back the same results', () => {
    const { markup, data, state } = page();
    const withheld = withholdRenderedText(state, markup);
    const written = JSON.stringify(withheld);
    for (const text of ['first item', 'second  item', 'indented()', 'A strong word']) expect(written).not.toContain(text);
    // Not rendered as its text alone (a figure) or found twice: kept.
    expect(written).toContain('A caption');
    expect(written).toContain('Named twice in the markup');
    expect(written.length).toBeLessThan(JSON.stringify(state).length);

    const restored = restoreWithheldText(JSON.parse(written), textContentById('<!doctype html><body>' + markup));
    expect(JSON.parse(restored['42']!.data!)).toEqual(data);
    expect(restored['42']!.hasNext).toBe(false);
  });

  it('writes each field name once for the whole state, and reads back every kind of value', () => {
    const { markup, data, state } = page();
    const odd = { list: [1, [2, []], [], [{}], null, 'x'], empty: {}, nested: [[-1], [0, 1]], __typename: 'Odd', typename: { __typename: 7 } };
    const withOdd: SSRData = { ...state, '43': { data: JSON.stringify(odd), hasNext: true }, '44': { error: undefined, hasNext: false } };
    const written = JSON.stringify(withholdRenderedText(withOdd, markup));
    // A name once per shape (a paragraph with its text and one without are two), not per paragraph.
    expect(written.split('"markups"').length - 1).toBeLessThanOrEqual(2);
    expect(written.split('"id"').length - 1).toBeLessThan(paragraphs.length);
    expect(written).not.toContain('"Paragraph"');
    const restored = restoreWithheldText(JSON.parse(written), textContentById('<!doctype html><body>' + markup));
    expect(JSON.parse(restored['42']!.data!)).toEqual(data);
    // Without paragraphs: exactly the server's text, keys in the same order.
    expect(restored['43']!.data).toBe(JSON.stringify(odd));
    expect(restored['44']!.data).toBeUndefined();
  });

  it('numbers each shape where it is first met, an object before its values', () => {
    const data = { a: { __typename: 'T', x: 1, y: { __typename: 'U', z: 2 } }, b: [{ __typename: 'T', x: 3, y: null }, 'z'] };
    const written = withholdRenderedText({ '7': { data: JSON.stringify(data), hasNext: false } }, undefined);
    expect(written.shapes).toEqual([['a', 'b'], ['__typename=T', 'x', 'y'], ['__typename=U', 'z']]);
    expect(written.results['7']!.data).toEqual([0, [1, 1, [2, 2]], [-1, [1, 3, null], 'z']]);
    expect(JSON.parse(restoreWithheldText(written, () => null)['7']!.data!)).toEqual(data);
  });

  it('reads a state written before the shapes (a page kept in a cache)', () => {
    const { data } = page();
    const restored = restoreWithheldText({ '42': { data, hasNext: false } }, () => null);
    expect(JSON.parse(restored['42']!.data!)).toEqual(data);
  });

  it('keeps every text when the markup is not known (a streamed page)', () => {
    const { data, state } = page();
    const restored = restoreWithheldText(JSON.parse(JSON.stringify(withholdRenderedText(state, undefined))), () => null);
    expect(JSON.parse(restored['42']!.data!)).toEqual(data);
  });
});

describe('idCounts', () => {
  // The count a search of the markup for ` id="name"` gives, the rule the text is withheld by.
  const occurrences = (markup: string, name: string) => markup.split(` id="${name}"`).length - 1;

  it('counts each id attribute of the markup, once per element that has it', () => {
    const { markup } = page();
    const counts = idCounts(markup);
    for (const name of ['a1', 'b2', 'c3', 'd4', 'e5', 'f6']) expect(counts.get(name), name).toBe(1);
    expect(counts.get('g7')).toBe(2);
    expect(counts.get('z9')).toBeUndefined();
  });

  it('gives the same count as searching for each name, even where an id follows a value ending in ` id=`', () => {
    const markup = '<p title=" id=" id="a1">x</p><p data-id="b2" id="a1">y</p><p id="c3"></p> id="c3"<p id="d4';
    const counts = idCounts(markup);
    for (const name of ['a1', 'b2', 'c3', 'd4']) expect(counts.get(name) ?? 0, name).toBe(occurrences(markup, name));
  });
});

