// Splits a paragraph's text at every markup boundary so each piece carries the set of
// markups covering it. Rendering pieces (not HTML strings) keeps user text as text.
import type { Markup, MarkupType } from './content.ts';

/** What splitting needs of a markup; callers get their own markup objects back. */
type MarkupRange = Pick<Markup, 'type' | 'start' | 'end'>;

export interface TextSegment<M extends MarkupRange = Markup> {
  text: string;
  /** Markups covering this segment, outermost first (links outside emphasis). */
  markups: M[];
}

/** Nesting order: a link wraps emphasis, emphasis wraps code. */
const NESTING: Record<MarkupType, number> = { A: 0, HIGHLIGHT: 1, QUOTE: 2, STRONG: 3, EM: 4, STRIKE: 5, CODE: 6 };

export function segmentText<M extends MarkupRange>(text: string, markups: readonly M[]): TextSegment<M>[] {
  const valid = markups.filter((m) => m.start >= 0 && m.end <= text.length && m.start < m.end);
  if (valid.length === 0) return text ? [{ text, markups: [] }] : [];
  const cuts = new Set<number>([0, text.length]);
  for (const m of valid) {
    cuts.add(m.start);
    cuts.add(m.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: TextSegment<M>[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i]!;
    const end = points[i + 1]!;
    const covering = valid
      .filter((m) => m.start <= start && m.end >= end)
      .sort((a, b) => NESTING[a.type] - NESTING[b.type]);
    segments.push({ text: text.slice(start, end), markups: covering });
  }
  return segments;
}

/** Only web and mail links become anchors; anything else (javascript:, data:) stays text. */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, 'https://placeholder.invalid');
    if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:') return href;
  } catch {
    // fall through
  }
  return null;
}
