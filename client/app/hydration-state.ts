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
import type { SSRData } from 'urql';

/** The serialized form: a result's data as a value. */
export type HydrationState = Record<string, Omit<SSRData[string], 'data'> & { data?: unknown }>;

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
        if (typeof paragraph.name === 'string') named.set(paragraph.name, [...(named.get(paragraph.name) ?? []), paragraph]);
      });
    for (const [name, paragraphs] of named) {
      const paragraph = paragraphs[0];
      if (paragraphs.length !== 1 || !isParagraph(paragraph) || !/^[A-Za-z0-9_-]+$/.test(name)) continue;
      if (!TEXT_ELEMENT_TYPES.has(paragraph.type) || /[\r\0]/.test(paragraph.text)) continue;
      if (markup.split(` id="${name}"`).length !== 2) continue;
      const plain = isPlain(paragraph);
      delete (paragraph as Json).text;
      if (plain) for (const key of Object.keys(PLAIN_FIELDS)) delete (paragraph as Json)[key];
      (paragraph as Json)[WITHHELD] = plain ? 2 : 1;
    }
  }
  return Object.fromEntries(results.map(([key, result]) => [key, result.data === undefined ? (({ data: _data, ...rest }) => rest)(result) : result]));
}

/**
 * Browser: urql's form of the results, every left-out text read from its element (`textOf`).
 * A missing element gives an empty text (the page then renders the story from its results).
 */
export function restoreWithheldText(state: HydrationState, textOf: (name: string) => string | null): SSRData {
  const restored: SSRData = {};
  for (const [key, { data, ...rest }] of Object.entries(state)) {
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
