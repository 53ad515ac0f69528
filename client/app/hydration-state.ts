// The page's results for hydration (window.__APOLLO_STATE__) without what the markup already
// says (docs/adr/0208-the-hydration-state-leaves-out-the-story-text.md).
//
// The story's text is the largest part of a story page's results and is in the markup too: a
// paragraph the page rendered with `id={name}` (client/components/story/StoryBody.tsx) has the
// paragraph's text as its textContent. The server leaves such a paragraph's `text` out (and, for a
// plain paragraph, its empty fields), and the browser puts it back from the element before the
// data client reads the results: hydration, the normalized cache and every later render see the
// same results as before. Each result's data is written as JSON, not as a string of JSON (urql's
// form), which saves escaping every quote; the browser turns it back into urql's form.
//
// The results do not repeat their field names either (docs/adr/0218-the-first-screen-inline-the-rest-later.md):
// each object is written as an array of its values after the index of its shape (its keys, and
// its __typename, which every object of a result has), the shapes once for the whole state. A
// story's 75 paragraphs and their marks have a handful of shapes.
import type { SSRData } from 'urql';

type WrittenResult = Omit<SSRData[string], 'data'> & { data?: unknown };

/**
 * The serialized form: each result's data as a value, written by `shapes` (see `pack`). A
 * page cached before the shapes (a plain record of results) is still read.
 */
export interface HydrationState {
  shapes: string[][];
  results: Record<string, WrittenResult>;
}

/** A shape's key for the __typename a shape fixes: `__typename=Paragraph`. */
const TYPENAME = '__typename';

/** An array that is a value (not an object written by its shape) starts with this. */
const LIST = -1;

/** A step of the shape table: the shape that ends here (its index), and the longer ones by their next key. */
interface ShapeStep {
  index?: number;
  next: Map<string, ShapeStep>;
}

/**
 * The shapes of one state in the order they were first met, each found by walking its keys (no
 * key list is turned into text per object: that was most of `pack`'s time in a render's profile).
 */
class ShapeTable {
  readonly shapes: string[][] = [];
  private readonly root: ShapeStep = { next: new Map() };

  indexOf(keys: string[]): number {
    let step = this.root;
    for (const key of keys) {
      let next = step.next.get(key);
      if (!next) step.next.set(key, (next = { next: new Map() }));
      step = next;
    }
    if (step.index === undefined) {
      step.index = this.shapes.length;
      this.shapes.push(keys);
    }
    return step.index;
  }
}

/**
 * A JSON value with every object written as `[shape, ...values]` and every array as
 * `[LIST, ...items]`, so that each written array says by its first number what it is. An
 * object's shape is numbered before its values are written (the order the shapes are listed in).
 */
function pack(value: unknown, shapes: ShapeTable): unknown {
  if (Array.isArray(value)) {
    const written: unknown[] = [LIST];
    for (const item of value) written.push(pack(item, shapes));
    return written;
  }
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Json;
  const typename = object[TYPENAME];
  const fixed = typeof typename === 'string';
  const keys = Object.keys(object);
  const shape: string[] = [];
  for (const key of keys) shape.push(fixed && key === TYPENAME ? `${TYPENAME}=${typename}` : key);
  const written: unknown[] = [shapes.indexOf(shape)];
  for (const key of keys) if (!(fixed && key === TYPENAME)) written.push(pack(object[key], shapes));
  return written;
}

function unpack(value: unknown, shapes: string[][]): unknown {
  if (!Array.isArray(value)) return value;
  const [head, ...rest] = value as [number, ...unknown[]];
  if (head === LIST) return rest.map((item) => unpack(item, shapes));
  const object: Json = {};
  const shape = shapes[head]!;
  let at = 0;
  for (const key of shape) {
    if (key.startsWith(`${TYPENAME}=`)) object[TYPENAME] = key.slice(TYPENAME.length + 1);
    else object[key] = unpack(rest[at++], shapes);
  }
  return object;
}

/** A paragraph whose text was left out: `1` text only, `2` also its empty fields (PLAIN_FIELDS). */
const WITHHELD = '~';

/**
 * Paragraph types rendered as one element whose textContent is exactly the text (StoryBody's
 * ParagraphView); images (caption beside the picture) and embeds (link text) are not.
 */
const TEXT_ELEMENT_TYPES = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'COVER_TITLE', 'SECTION_CAPTION', 'BQ', 'PQ', 'PRE', 'ULI', 'OLI']);

/** StoryBody_paragraph's fields that a plain paragraph has empty, restored as they were. */
const PLAIN_FIELDS: Record<string, unknown> = { href: null, codeLanguage: null, markups: [], metadata: null };

type Json = Record<string, unknown>;

function isParagraph(value: unknown): value is Json & { name: string; text: string; type: string } {
  const candidate = value as Json;
  return (
    typeof value === 'object' &&
    value !== null &&
    candidate.__typename === 'Paragraph' &&
    typeof candidate.name === 'string' &&
    typeof candidate.text === 'string' &&
    typeof candidate.type === 'string'
  );
}

function visitParagraphs(value: unknown, visit: (paragraph: Json) => void): void {
  if (Array.isArray(value)) for (const item of value) visitParagraphs(item, visit);
  else if (typeof value === 'object' && value !== null) {
    if ((value as Json).__typename === 'Paragraph') visit(value as Json);
    else for (const inner of Object.values(value)) visitParagraphs(inner, visit);
  }
}

function isPlain(paragraph: Json): boolean {
  const keys = Object.keys(paragraph);
  const expected = ['id', 'name', 'type', 'text', '__typename', ...Object.keys(PLAIN_FIELDS)];
  return (
    keys.length === expected.length &&
    expected.every((key) => key in paragraph) &&
    Object.entries(PLAIN_FIELDS).every(([key, empty]) => JSON.stringify(paragraph[key]) === JSON.stringify(empty))
  );
}

const ID_ATTRIBUTE = ' id="';

/**
 * For each place the markup has ` id="`, the text from there to the next `"`, counted: a name's
 * count is how many times ` id="name"` is in the markup. One pass over the markup instead of a
 * search of the whole markup per paragraph (which grew with the story's length times its
 * paragraphs). Every place is read, even one inside another's value, so the count is exact
 * whatever the markup holds.
 */
export function idCounts(markup: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let at = markup.indexOf(ID_ATTRIBUTE); at !== -1; at = markup.indexOf(ID_ATTRIBUTE, at + ID_ATTRIBUTE.length)) {
    const start = at + ID_ATTRIBUTE.length;
    const end = markup.indexOf('"', start);
    if (end === -1) break;
    const id = markup.slice(start, end);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * Server: the results with the text of every paragraph the markup shows left out. A paragraph
 * qualifies when its type renders its text alone, its name is in the results once and the markup
 * has exactly one element with that id (so the browser finds this paragraph's element and no other).
 */
export function withholdRenderedText(state: SSRData, markup: string | undefined): HydrationState {
  const results = Object.entries(state).map(([key, result]) => [key, { ...result, data: result.data ? (JSON.parse(result.data) as unknown) : undefined }] as const);
  if (markup !== undefined) {
    const named = new Map<string, Json[]>();
    for (const [, result] of results)
      visitParagraphs(result.data, (paragraph) => {
        if (typeof paragraph.name !== 'string') return;
        const same = named.get(paragraph.name);
        if (same) same.push(paragraph);
        else named.set(paragraph.name, [paragraph]);
      });
    const ids = idCounts(markup);
    for (const [name, paragraphs] of named) {
      const paragraph = paragraphs[0];
      if (paragraphs.length !== 1 || !isParagraph(paragraph) || !/^[A-Za-z0-9_-]+$/.test(name)) continue;
      if (!TEXT_ELEMENT_TYPES.has(paragraph.type) || /[\r\0]/.test(paragraph.text)) continue;
      if (ids.get(name) !== 1) continue;
      const plain = isPlain(paragraph);
      delete (paragraph as Json).text;
      if (plain) for (const key of Object.keys(PLAIN_FIELDS)) delete (paragraph as Json)[key];
      (paragraph as Json)[WITHHELD] = plain ? 2 : 1;
    }
  }
  const shapes = new ShapeTable();
  return {
    results: Object.fromEntries(
      results.map(([key, result]) => [key, result.data === undefined ? (({ data: _data, ...rest }) => rest)(result) : { ...result, data: pack(result.data, shapes) }]),
    ),
    shapes: shapes.shapes,
  };
}

/**
 * Browser: urql's form of the results, every left-out text read from its element (`textOf`).
 * A missing element gives an empty text (the page then renders the story from its results).
 */
export function restoreWithheldText(state: HydrationState | Record<string, WrittenResult>, textOf: (name: string) => string | null): SSRData {
  const restored: SSRData = {};
  const packed = Array.isArray(state.shapes) ? (state as HydrationState) : null;
  const results = packed ? packed.results : (state as Record<string, WrittenResult>);
  for (const [key, written] of Object.entries(results)) {
    const { data: writtenData, ...rest } = written;
    const data = packed ? unpack(writtenData, packed.shapes) : writtenData;
    if (data === undefined) {
      restored[key] = rest;
      continue;
    }
    if (typeof data === 'string') {
      // Already urql's form (a page written before this change, kept in a cache).
      restored[key] = { ...rest, data };
      continue;
    }
    visitParagraphs(data, (paragraph) => {
      const withheld = paragraph[WITHHELD];
      if (withheld === undefined) return;
      delete paragraph[WITHHELD];
      paragraph.text = textOf(String(paragraph.name)) ?? '';
      if (withheld === 2) for (const [field, empty] of Object.entries(PLAIN_FIELDS)) paragraph[field] = structuredClone(empty);
    });
    restored[key] = { ...rest, data: JSON.stringify(data) };
  }
  return restored;
}
