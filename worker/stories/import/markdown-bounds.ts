// The bounds a Markdown file is held to before it is parsed (issue 29 item 1). One linear scan of
// the lines; each refusal says what to change. Without them a file of "*a" repeated 50,000 times
// kept the isolate busy for seconds and 2,000 nested ">" overflowed the parser's stack.
import { StoryContentError } from '../../../shared/editor/story-content-rules.ts';

/** The largest file imported, in characters: several times the longest story on the platform. */
export const MAX_IMPORT_CHARS = 200_000;
/** The deepest nesting of quotes and lists, counted by markers and by indentation. */
export const MAX_IMPORT_DEPTH = 32;
/**
 * Inline delimiters (* _ ~ ` [ ] <) in one paragraph, in the whole file, and the sum over the
 * paragraphs of their count squared: the emphasis and link search costs about that much.
 */
export const MAX_PARAGRAPH_DELIMITERS = 1_000;
export const MAX_FILE_DELIMITERS = 40_000;
export const MAX_DELIMITER_WORK = 4_000_000;

/** Quote and list markers at the start of a line, possibly several on one line ("> - > 1."). */
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})/;
/** Brackets weigh more: each opening one starts a search for its link's end. */
const WEIGHTS: Record<number, number> = { 42: 1, 95: 1, 126: 1, 96: 1, 60: 1, 93: 1, 91: 4 };

function delimiters(line: string): number {
  let count = 0;
  for (let i = 0; i < line.length; i++) count += WEIGHTS[line.charCodeAt(i)] ?? 0;
  return count;
}

const columns = (whitespace: string) => [...whitespace].reduce((n, ch) => n + (ch === '\t' ? 4 : ch === ' ' ? 1 : 0), 0);

export function checkMarkdownBounds(text: string): void {
  let fence: string | null = null;
  let paragraphDelimiters = 0;
  let fileDelimiters = 0;
  let work = 0;
  let lineNumber = 0;
  for (const line of text.split(/\r\n|\r|\n/)) {
    lineNumber++;
    const fenceMark = FENCE.exec(line)?.[1];
    if (fence !== null) {
      // Code is not parsed for emphasis or nesting: only its closing fence matters.
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      paragraphDelimiters = 0;
      continue;
    }
    if (line.trim() === '') {
      paragraphDelimiters = 0;
      continue;
    }
    if (!THEMATIC_BREAK.test(line)) {
      const prefix = CONTAINER_PREFIX.exec(line)?.[0] ?? '';
      const markers = prefix.replace(/[ \t]/g, '').replace(/\d{1,9}[.)]/g, '1').length;
      const indent = columns(prefix + (/^[ \t]*/.exec(line.slice(prefix.length))?.[0] ?? ''));
      if (markers > MAX_IMPORT_DEPTH || indent > MAX_IMPORT_DEPTH * 4) {
        throw new StoryContentError(`This file nests quotes or lists more than ${MAX_IMPORT_DEPTH} levels deep (line ${lineNumber}).`);
      }
      // A new list item or heading starts a new paragraph for the inline parser.
      if (markers > 0 || /^ {0,3}#/.test(line)) paragraphDelimiters = 0;
    }
    const count = delimiters(line);
    work += count * (2 * paragraphDelimiters + count);
    paragraphDelimiters += count;
    fileDelimiters += count;
    if (paragraphDelimiters > MAX_PARAGRAPH_DELIMITERS) {
      throw new StoryContentError(
        `This file has a paragraph with more than ${MAX_PARAGRAPH_DELIMITERS.toLocaleString('en-US')} formatting marks (* _ ~ \` [ ] <) (line ${lineNumber}).`,
      );
    }
    if (fileDelimiters > MAX_FILE_DELIMITERS || work > MAX_DELIMITER_WORK) {
      throw new StoryContentError(`This file has too many formatting marks (* _ ~ \` [ ] <) to import: split it, or use fewer in its longest paragraphs.`);
    }
  }
}
