// Markdown → structured content: marked (CommonMark + GFM) renders HTML, which
// ./html-to-content.ts turns into paragraphs, dropping anything that is not story text — raw HTML
// inside the Markdown included.
import { marked } from 'marked';
import type { Paragraph } from '../../shared/content.ts';
import { htmlToParagraphs } from './html-to-content.ts';

export function markdownToParagraphs(markdown: string): Paragraph[] {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return htmlToParagraphs(html);
}
