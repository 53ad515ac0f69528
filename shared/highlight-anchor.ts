// Where a highlight's passage is in a story as it is now (docs/reader.md, "Highlights, quotes and
// notes"). A passage is named by its paragraph's stable name, its offsets in the paragraph's
// text and its own words. An edit that does not touch the paragraph leaves it where it was; an
// edit elsewhere in the paragraph moves it (the words are found again); an edit of the words
// themselves, or removing the paragraph, drops it.

export interface Passage {
  paragraphName: string;
  startOffset: number;
  endOffset: number;
  quote: string;
}

export interface ParagraphText {
  name: string;
  text: string;
}

/** The passage where it is now, or null when it is gone. */
export function anchorPassage(passage: Passage, paragraphs: readonly ParagraphText[]): Passage | null {
  const paragraph = paragraphs.find((p) => p.name === passage.paragraphName);
  if (!paragraph || !passage.quote) return null;
  if (paragraph.text.slice(passage.startOffset, passage.endOffset) === passage.quote) return passage;
  const moved = paragraph.text.indexOf(passage.quote);
  if (moved < 0) return null;
  return { ...passage, startOffset: moved, endOffset: moved + passage.quote.length };
}
