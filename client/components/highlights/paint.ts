// Drawing passages on the story without touching React's DOM: the CSS Custom Highlight API
// paints Ranges by name (`::highlight(name)` in client/styles/story.css). A passage is a
// paragraph's element (its id is the paragraph's name) and offsets into its text.

export interface PassageRef {
  paragraphName: string;
  startOffset: number;
  endOffset: number;
}

/** The DOM Range of a passage, or null when the paragraph or offsets are not on the page. */
export function passageRange(passage: PassageRef, root: Document = document): Range | null {
  const element = root.getElementById(passage.paragraphName);
  if (!element) return null;
  const walker = root.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = root.createRange();
  let seen = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (!started && passage.startOffset <= seen + length) {
      range.setStart(node, passage.startOffset - seen);
      started = true;
    }
    if (started && passage.endOffset <= seen + length) {
      range.setEnd(node, passage.endOffset - seen);
      return range;
    }
    seen += length;
  }
  return null;
}

/** Paints the passages under a highlight name (replacing what that name painted before). */
export function paint(name: string, passages: readonly PassageRef[]): number {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined') return 0;
  const ranges = passages.map((p) => passageRange(p)).filter((r) => r !== null);
  if (ranges.length) CSS.highlights.set(name, new Highlight(...ranges));
  else CSS.highlights.delete(name);
  return ranges.length;
}

/** The selected passage when it lies inside one paragraph of the story, else null. */
export function selectedPassage(selection: Selection | null, story: Element): (PassageRef & { quote: string }) | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const paragraphOf = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest('[id]');
  const paragraph = paragraphOf(range.startContainer);
  if (!paragraph || paragraph !== paragraphOf(range.endContainer) || !story.contains(paragraph) || !/^[0-9a-f]{1,16}$/.test(paragraph.id)) return null;
  const before = document.createRange();
  before.selectNodeContents(paragraph);
  before.setEnd(range.startContainer, range.startOffset);
  const startOffset = before.toString().length;
  const quote = range.toString();
  if (!quote.trim()) return null;
  return { paragraphName: paragraph.id, startOffset, endOffset: startOffset + quote.length, quote };
}
