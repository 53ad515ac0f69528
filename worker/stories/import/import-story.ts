// A Markdown or HTML file → a draft's title and structured content (issue 12 item 6). Markdown is
// rendered to HTML by marked (CommonMark and GitHub's extensions), then both go through the one
// HTML reader (html-to-content.ts), so raw HTML inside Markdown is held to the same rules; the
// result is checked by the same rules as every save (normalizeStoryContent).
import { marked } from 'marked';
import { normalizeStoryContent, StoryContentError } from '../../../shared/editor/story-content-rules.ts';
import { htmlToStory, type ImportedStory } from './html-to-content.ts';

/** The largest file imported, in characters. */
export const MAX_IMPORT_CHARS = 500_000;

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

export function importStory(format: ImportFormat, text: string, options: { firstHeadingIsTitle?: boolean } = {}): ImportedStory {
  if (text.length > MAX_IMPORT_CHARS) throw new StoryContentError(`This file is too large to import: at most ${MAX_IMPORT_CHARS.toLocaleString('en-US')} characters.`);
  const html = format === 'markdown' ? (marked.parse(text, { async: false, gfm: true }) as string) : text;
  const story = htmlToStory(html, options);
  if (story.content.paragraphs.length === 0) throw new NothingToImportError('This file has no text to import.');
  return { ...story, content: normalizeStoryContent(story.content) };
}
