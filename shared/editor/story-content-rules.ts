// What a writer may store as a story's content (docs/adr/0067-story-content-rules.md).
// Every save, import and revert goes through normalizeStoryContent on the server: whatever a
// client sends (a tampered request included) is rebuilt from the known fields only, checked
// against these limits, and links are kept only when they are web or mail addresses. What
// passes is inert structured content: the renderer never turns it into markup.
import { IMAGE_LAYOUTS, PARAGRAPH_TYPES, type ImageLayout, type Markup, type MarkupType, type Paragraph, type ParagraphType, type StoryContent } from '../content.ts';
import { safeHref } from '../markup-segments.ts';
import { cleanText as cleanUserText } from '../user-text.ts';

export const MAX_PARAGRAPHS = 3000;
/** Characters in one paragraph; longer text is split into several by the importer. */
export const MAX_PARAGRAPH_LENGTH = 20_000;
/** Markups on one paragraph. */
export const MAX_MARKUPS = 500;
/** The serialised content of one story. */
export const MAX_CONTENT_BYTES = 900_000;

/** Markups a writer can make; the others (HIGHLIGHT, QUOTE) belong to readers. */
export const WRITER_MARKUP_TYPES = ['A', 'CODE', 'EM', 'STRONG', 'STRIKE'] as const satisfies readonly MarkupType[];
/** Paragraph types the product renders as story body (COVER_TITLE and SECTION_CAPTION are layout-only). */
export const STORABLE_TYPES: readonly ParagraphType[] = PARAGRAPH_TYPES.filter((t) => t !== 'COVER_TITLE' && t !== 'SECTION_CAPTION');

export const UNSAFE_LINK_MESSAGE = 'Links must be web (http, https) or mail (mailto) addresses.';
const IMAGE_ID = /^[\w.*-]{1,80}$/;
const PARAGRAPH_NAME = /^[0-9a-f]{4}$/;
const CODE_LANGUAGE = /^[\w+#.-]{1,30}$/;
// Control characters other than tab and newline never reach the store.
// eslint-disable-next-line no-control-regex

export class StoryContentError extends Error {}

/** A link the product will render as an anchor: http(s) or mailto, else null. */
export function writerLink(href: unknown): string | null {
  if (typeof href !== 'string') return null;
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.length > 2048) return null;
  return safeHref(trimmed);
}

/** An embedded address: http(s) only. */
function embedLink(href: unknown): string | null {
  const link = writerLink(href);
  return link && /^https?:/i.test(link) ? link : null;
}

function fail(message: string): never {
  throw new StoryContentError(message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cleanText(value: unknown, where: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') fail(`${where}: text must be a string.`);
  const text = cleanUserText(value);
  if (text.length > MAX_PARAGRAPH_LENGTH) fail(`${where} is longer than ${MAX_PARAGRAPH_LENGTH} characters.`);
  return text;
}

function cleanMarkups(value: unknown, text: string, where: string): Markup[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail(`${where}: markups must be a list.`);
  if (value.length > MAX_MARKUPS) fail(`${where} has more than ${MAX_MARKUPS} markups.`);
  const markups: Markup[] = [];
  for (const raw of value) {
    if (!isRecord(raw)) fail(`${where}: a markup must be an object.`);
    const type = raw.type as MarkupType;
    if (!(WRITER_MARKUP_TYPES as readonly string[]).includes(type)) fail(`${where}: unknown markup ${JSON.stringify(raw.type)}.`);
    const { start, end } = raw;
    if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < 0 || (end as number) > text.length || (start as number) >= (end as number)) {
      fail(`${where}: a markup's range is outside its text.`);
    }
    const markup: Markup = { type, start: start as number, end: end as number };
    if (type === 'A') {
      const href = writerLink(raw.href);
      if (!href) fail(`${where}: ${UNSAFE_LINK_MESSAGE}`);
      markup.href = href;
    }
    markups.push(markup);
  }
  return markups;
}

function freshName(taken: Set<string>): string {
  for (;;) {
    const name = Math.floor(Math.random() * 0x10000).toString(16).padStart(4, '0');
    if (!taken.has(name)) return name;
  }
}

/** Rebuilds content from its known fields, or throws StoryContentError with a message for the writer. */
export function normalizeStoryContent(input: unknown): StoryContent {
  if (!isRecord(input) || !Array.isArray(input.paragraphs)) fail('Content must be a list of paragraphs.');
  const raw = input.paragraphs as unknown[];
  if (raw.length > MAX_PARAGRAPHS) fail(`A story has at most ${MAX_PARAGRAPHS} paragraphs.`);
  const taken = new Set<string>();
  const paragraphs: Paragraph[] = [];
  raw.forEach((value, index) => {
    const where = `Paragraph ${index + 1}`;
    if (!isRecord(value)) fail(`${where} must be an object.`);
    const type = value.type as ParagraphType;
    if (!STORABLE_TYPES.includes(type)) fail(`${where}: unknown paragraph type ${JSON.stringify(value.type)}.`);
    const name = typeof value.name === 'string' && PARAGRAPH_NAME.test(value.name) && !taken.has(value.name) ? value.name : freshName(taken);
    taken.add(name);
    const text = type === 'HR' ? '' : cleanText(value.text, where);
    const paragraph: Paragraph = { name, type, text, markups: type === 'PRE' || type === 'HR' ? [] : cleanMarkups(value.markups, text, where) };
    if (type === 'IMG') {
      const meta = value.metadata;
      if (!isRecord(meta) || typeof meta.id !== 'string' || !IMAGE_ID.test(meta.id)) fail(`${where}: an image needs an uploaded image id.`);
      const dimension = (n: unknown) => (Number.isInteger(n) && (n as number) > 0 && (n as number) <= 20_000 ? (n as number) : 0);
      paragraph.metadata = { id: meta.id, originalWidth: dimension(meta.originalWidth), originalHeight: dimension(meta.originalHeight) };
      if (typeof meta.alt === 'string' && meta.alt.trim() !== '') paragraph.metadata.alt = cleanText(meta.alt, where).slice(0, 1000);
      if (value.layout !== undefined && value.layout !== null) {
        if (!IMAGE_LAYOUTS.includes(value.layout as ImageLayout)) fail(`${where}: unknown image layout.`);
        paragraph.layout = value.layout as ImageLayout;
      }
    }
    if (type === 'IFRAME' || type === 'MIXTAPE_EMBED') {
      const href = embedLink(value.href);
      if (!href) fail(`${where}: an embed needs a web address (http or https).`);
      paragraph.href = href;
    }
    if (type === 'PRE' && typeof value.codeLanguage === 'string' && CODE_LANGUAGE.test(value.codeLanguage)) paragraph.codeLanguage = value.codeLanguage;
    paragraphs.push(paragraph);
  });
  const content = { paragraphs };
  if (JSON.stringify(content).length > MAX_CONTENT_BYTES) fail('This story is too long to save.');
  return content;
}
