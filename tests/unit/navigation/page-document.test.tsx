// A visitor's navigation reads the next page's results out of that page's document
// (client/app/page-document.ts; docs/adr/0223-a-visitors-navigation-data-from-the-edge-cached-page.md):
// a document written by the server's own head and tail (client/server/document.ts) gives back
// exactly the server's results, the withheld story text restored from that document's markup.
import { describe, expect, it } from 'vitest';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { SSRData } from 'urql';
import { StoryBody } from '../../../client/components/story/StoryBody.tsx';
import { AppStateProvider } from '../../../client/app/app-state.tsx';
import type { PreloadedState } from '../../../shared/preloaded-state.ts';
import type { PageResolution } from '../../../shared/routing/resolve-page.ts';
import { renderMarkup } from '../../../client/server/render-markup.ts';
import { documentHead, documentTail } from '../../../client/server/document.ts';
import { withholdRenderedText } from '../../../client/app/hydration-state.ts';
import { readDocumentData, readStartupScript, startupScriptOf } from '../../../client/app/page-document.ts';

type Node = DefaultTreeAdapterMap['node'];

/** Results as urql reads them: each result's data parsed (the restored text may come in another key order). */
const parsed = (results: SSRData) => Object.fromEntries(Object.entries(results).map(([key, { data, ...rest }]) => [key, { ...rest, data: data === undefined ? undefined : JSON.parse(data) }]));

/** An element's text by id, as an HTML parser reads the document (the browser uses DOMParser). */
function parsedText(html: string): (id: string) => string | null {
  const found = new Map<string, string>();
  const text = (node: Node): string =>
    node.nodeName === '#text' ? (node as DefaultTreeAdapterMap['textNode']).value : 'childNodes' in node ? node.childNodes.map(text).join('') : '';
  const walk = (node: Node) => {
    const id = 'attrs' in node ? node.attrs.find((attr) => attr.name === 'id')?.value : undefined;
    if (id && !found.has(id)) found.set(id, text(node));
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(html));
  return (id) => found.get(id) ?? null;
}

const plain = (name: string, type: string, text: string) => ({ id: `p1_${name}`, name, type, text, href: null, codeLanguage: null, markups: [], metadata: null, __typename: 'Paragraph' });
const paragraphs = [
  plain('a1', 'H3', 'Quotes " and <tags> & more; window.__PAGE__=null;'),
  plain('b2', 'P', 'A text with </script> and a ; in it'),
  { ...plain('c3', 'PRE', '\nconst x = "1";\n  indented();'), codeLanguage: 'js' },
  plain('d4', 'IMG', 'A caption'),
];

const state = {
  config: { productName: 'Vellum', mainOrigin: 'https://vellum.example' },
  navigation: { hostKind: 'MAIN' },
  client: { isBot: false },
  viewer: null,
  // A value with every character the script escapes, and the script's own separators.
  flags: ['a;b', '"quoted" \\ back', '</script><!--', 'window.__APOLLO_STATE__={};', '\u2028'],
} as unknown as PreloadedState;

const resolution = { routeName: 'ShowPostUnderUser', pageName: 'post', params: { username: 'ada', postId: '0123456789ab' }, layout: 'default', fixedNavbar: false, redirects: null } as unknown as PageResolution;

/** A story page's document as the server writes it, and the results it was written from. */
function storyDocument() {
  const markup = renderMarkup(
    <AppStateProvider value={state}>
      <StoryBody paragraphs={paragraphs as never} />
    </AppStateProvider>,
  );
  if (markup === null) throw new Error('the story suspended');
  const data = { postResult: { __typename: 'Post', id: 'p1', title: 'On ; and "quotes"', content: { __typename: 'RichText', paragraphs } } };
  const results: SSRData = { '42': { data: JSON.stringify(data), hasNext: false }, '43': { data: JSON.stringify({ viewer: null }), hasNext: false } };
  const parts = { title: 'A story', faviconUrl: '/favicon.ico', state, apolloState: withholdRenderedText(results, markup), resolution, pageChunk: 'PostPage', pageExportName: 'postPage', isNotFound: false, routePaths: { ShowUser: '/@{username}' }, markup };
  return { html: documentHead(parts) + markup + documentTail(), results };
}

describe('reading a page’s data out of its document', () => {
  it('gives back the server’s results, the withheld text read from the document’s own markup', () => {
    const { html, results } = storyDocument();
    // The text is in the markup, not in the state (docs/adr/0208-the-hydration-state-leaves-out-the-story-text.md).
    expect(startupScriptOf(html)).not.toContain('indented()');
    let parses = 0;
    const read = readDocumentData(html, (text) => (parses++, parsedText(text)));
    expect(read).not.toBeNull();
    expect(parsed(read!.results)).toEqual(parsed(results));
    expect(read!.globals.resolution).toEqual(resolution);
    expect(read!.globals.preloadedState).toEqual(state);
    expect(read!.globals.graphqlUri).toBe('/_/graphql');
    // The document is parsed once, only because some text was withheld.
    expect(parses).toBe(1);
  });

  it('does not parse the document when nothing was withheld', () => {
    const results: SSRData = { '7': { data: JSON.stringify({ home: { __typename: 'Home', cards: [] } }), hasNext: false } };
    const parts = { title: 'Home', faviconUrl: '/favicon.ico', state, apolloState: withholdRenderedText(results, '<main></main>'), resolution: null, pageChunk: 'HomeLoPage', pageExportName: 'homeLoPage', isNotFound: false, routePaths: {}, markup: '<main></main>' };
    let parses = 0;
    const read = readDocumentData(documentHead(parts) + '<main></main>' + documentTail(), (text) => (parses++, parsedText(text)));
    expect(parsed(read!.results)).toEqual(parsed(results));
    expect(read!.globals.resolution).toBeNull();
    expect(parses).toBe(0);
  });

  it('is no data for an answer that is not a page of the app', () => {
    const never = () => {
      throw new Error('not parsed');
    };
    expect(readDocumentData('<!doctype html><title>Moved</title><a href="/">here</a>', never)).toBeNull();
    expect(readDocumentData('{"errors":[]}', never)).toBeNull();
    // A start-up script this build cannot read: something else than assignments, a value cut off,
    // globals missing.
    expect(readDocumentData('<script>window.__PRELOADED_STATE__={};alert(1);</script>', never)).toBeNull();
    expect(readDocumentData('<script>window.__PRELOADED_STATE__={"a":[1,2</script>', never)).toBeNull();
    expect(readDocumentData('<script>window.__PRELOADED_STATE__={};window.__PAGE__=null;</script>', never)).toBeNull();
  });
});

describe('readStartupScript', () => {
  it('reads each assignment’s value, whatever its strings hold', () => {
    const tricky = { text: 'a;b "c" \\ ;window.__PAGE__=1; [{', list: [1, { x: null }], n: -1.5e3 };
    const script = `window.__A__=${JSON.stringify(tricky)};window.__B__="x;y";window.__C__=null;window.__D__=12;window.__E__=[];`;
    expect(readStartupScript(script)).toEqual({ __A__: tricky, __B__: 'x;y', __C__: null, __D__: 12, __E__: [] });
  });

  it('refuses anything that is not an assignment of a value', () => {
    expect(() => readStartupScript('window.__A__=1;fetch("/x");')).toThrow();
    expect(() => readStartupScript('window.__A__={"a":1')).toThrow();
    expect(() => readStartupScript('window.__A__=1')).toThrow();
  });
});
