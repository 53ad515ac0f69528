// Structured story content (docs/product/3-routes-data-calls-constants.md §3). Stories are stored
// and sent as paragraphs with markup ranges, never as HTML: rendering this structure is what keeps
// user content from ever becoming markup.

export const PARAGRAPH_TYPES = [
  'BQ', 'H1', 'H2', 'H3', 'H4', 'HR', 'IFRAME', 'IMG', 'MIXTAPE_EMBED', 'OLI', 'P', 'PQ', 'PRE', 'ULI',
  'COVER_TITLE', 'SECTION_CAPTION',
] as const;
export type ParagraphType = (typeof PARAGRAPH_TYPES)[number];

export const MARKUP_TYPES = ['A', 'CODE', 'EM', 'STRONG', 'HIGHLIGHT', 'QUOTE', 'STRIKE'] as const;
export type MarkupType = (typeof MARKUP_TYPES)[number];

/** A styled range of a paragraph's text: [start, end) in UTF-16 code units. */
export interface Markup {
  type: MarkupType;
  start: number;
  end: number;
  /** A: the link target. */
  href?: string;
  /** A: 'LINK' (default) or 'USER' for a mention; userId names the mentioned user. */
  anchorType?: 'LINK' | 'USER';
  userId?: string;
}

export interface ImageMetadata {
  id: string;
  originalWidth: number;
  originalHeight: number;
  alt?: string;
  focusPercentX?: number;
  focusPercentY?: number;
}

export interface Paragraph {
  /** Stable 4-hex-digit name, unique within the story (anchors, highlights). */
  name: string;
  type: ParagraphType;
  /** Plain text; for IMG the caption; for IFRAME/MIXTAPE_EMBED the link title. */
  text: string;
  markups: Markup[];
  /** IMG only. */
  metadata?: ImageMetadata;
  /** IFRAME and MIXTAPE_EMBED: the embedded address (rendered as a link). */
  href?: string;
  /** PRE only: the language of a code block, when known. */
  codeLanguage?: string;
  /** IMG only: how wide the image is shown (the editor's layout choice); INSET_CENTER when absent. */
  layout?: ImageLayout;
}

/** IMG layouts: within the text column, wider than it, or the window's full width. */
export const IMAGE_LAYOUTS = ['INSET_CENTER', 'OUTSET_CENTER', 'FULL_WIDTH'] as const;
export type ImageLayout = (typeof IMAGE_LAYOUTS)[number];

export interface StoryContent {
  paragraphs: Paragraph[];
}

const WORDS_PER_MINUTE = 265;

/** Seconds of attention an image costs: 12 s for the first, one less for each next, never under 3. */
function imageSeconds(imageCount: number): number {
  let seconds = 0;
  for (let i = 0; i < imageCount; i++) seconds += Math.max(3, 12 - i);
  return seconds;
}

const WORD = /\S+/g;

export function countWords(paragraphs: readonly Paragraph[]): number {
  let words = 0;
  for (const p of paragraphs) {
    if (p.type === 'IMG' || p.type === 'HR') continue;
    words += p.text.match(WORD)?.length ?? 0;
  }
  return words;
}

/** Reading time in (fractional) minutes; the display rounds it up (see formatReadingTime). */
export function readingTimeMinutes(paragraphs: readonly Paragraph[], words = countWords(paragraphs)): number {
  const images = paragraphs.filter((p) => p.type === 'IMG').length;
  return words / WORDS_PER_MINUTE + imageSeconds(images) / 60;
}
