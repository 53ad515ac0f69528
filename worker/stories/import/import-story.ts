// A Markdown or HTML file → a draft's title and structured content (issue 12 item 6). Markdown is
// rendered to HTML by marked (CommonMark and GitHub's extensions), then both go through the one
// HTML reader (html-to-content.ts), so raw HTML inside Markdown is held to the same rules; the
// result is checked by the same rules as every save (normalizeStoryContent).
//
// Hostile files (issue 29 item 1): marked recurses once per level of nesting and its emphasis
// search grows with the square of the delimiters in one paragraph, and a Worker serves every
// request of an isolate on one thread. So the file's size, nesting depth and delimiter count are
// checked first by one linear scan (markdown-bounds.ts) and refused with a clear message, and the
// parse runs in slices that give the thread back to other requests between them.
import { Lexer, Parser, marked, type Token } from 'marked';
import { normalizeStoryContent, StoryContentError } from '../../../shared/editor/story-content-rules.ts';
import { HtmlStoryReader, type ImportedStory } from './html-to-content.ts';
import { checkMarkdownBounds, MAX_IMPORT_CHARS } from './markdown-bounds.ts';

export { MAX_IMPORT_CHARS } from './markdown-bounds.ts';

export type ImportFormat = 'markdown' | 'html';

/** The format a file name says, or null for one we do not import. */
export function importFormat(fileName: string): ImportFormat | null {
  const ext = /\.([a-z]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (ext === 'md' || ext === 'markdown' || ext === 'txt') return 'markdown';
  if (ext === 'html' || ext === 'htm') return 'html';
  return null;
}

/** The content has nothing left to import once unsafe and media parts are dropped. */
export class NothingToImportError extends StoryContentError {}

/** Characters of source parsed between two pauses: a few milliseconds of work on a busy machine. */
const SLICE_CHARS = 4_000;

/**
 * Gives the thread back to the isolate's other requests once about SLICE_CHARS of work has been
 * done since the last pause. Counted in work, not time: a Worker's clock stands still while code runs.
 */
class Slicer {
  private done = 0;
  async after(chars: number): Promise<void> {
    this.done += chars;
    if (this.done < SLICE_CHARS) return;
    this.done = 0;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

export async function importStory(format: ImportFormat, text: string, options: { firstHeadingIsTitle?: boolean } = {}): Promise<ImportedStory> {
  if (text.length > MAX_IMPORT_CHARS) throw new StoryContentError(`This file is too large to import: at most ${MAX_IMPORT_CHARS.toLocaleString('en-US')} characters.`);
  const slicer = new Slicer();
  const reader = new HtmlStoryReader(options);
  if (format === 'markdown') {
    checkMarkdownBounds(text);
    for await (const html of markdownToHtml(text, slicer)) {
      reader.read(html);
      await slicer.after(html.length);
    }
  } else {
    // HTML is read by parse5 in one piece (an unclosed element may wrap the rest of the file);
    // its depth is bounded by the reader and its work is linear.
    await slicer.after(text.length);
    reader.read(text);
  }
  const story = reader.story();
  if (story.content.paragraphs.length === 0) throw new NothingToImportError('This file has no text to import.');
  return { ...story, content: normalizeStoryContent(story.content) };
}

/** Markdown → HTML, one top-level block at a time, pausing between slices of work. */
async function* markdownToHtml(text: string, slicer: Slicer): AsyncGenerator<string> {
  const options = { ...marked.defaults, gfm: true, async: false };
  const lexer = new Lexer(options);
  // What Lexer.lex does, with pauses: the block structure first, then each block's inline text
  // (where the costly emphasis and link search happens).
  const tokens = lexer.blockTokens(text.replace(/\r\n|\r/g, '\n'), lexer.tokens);
  await slicer.after(text.length);
  for (const queued of lexer.inlineQueue) {
    lexer.state.inRawBlock = false;
    lexer.inlineTokens(queued.src, queued.tokens);
    await slicer.after(queued.src.length);
  }
  lexer.inlineQueue = [];
  let batch: Token[] = [];
  let batchChars = 0;
  for (const token of tokens) {
    batch.push(token);
    batchChars += token.raw.length;
    if (batchChars >= SLICE_CHARS) {
      yield Parser.parse(batch, options);
      batch = [];
      batchChars = 0;
    }
  }
  if (batch.length > 0) yield Parser.parse(batch, options);
}
