// A story's structured paragraphs as an HTML fragment for feed readers (content:encoded).
// Every piece of user text is escaped here and every link is checked (safeHref): user
// content becomes text inside markup this module chose, never markup itself. The XML
// builder then escapes the whole fragment once more as the element's text.
import type { Markup, Paragraph, ParagraphType } from '../../shared/content.ts';
import { safeHref, segmentText } from '../../shared/markup-segments.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The paragraph fields a feed reads (what Post.content serves). */
export type FeedParagraph = Pick<Paragraph, 'name' | 'type' | 'text'> & {
  markups: Pick<Markup, 'type' | 'start' | 'end' | 'href'>[];
  href?: string | null;
  metadata?: { id: string; alt?: string | null } | null;
};

const INLINE_TAGS: Partial<Record<Markup['type'], string>> = { EM: 'em', STRONG: 'strong', CODE: 'code', HIGHLIGHT: 'mark', STRIKE: 's' };

/** A paragraph's text with its markups: escaped text, tags of our choosing. */
export function inlineHtml(text: string, markups: FeedParagraph['markups']): string {
  return segmentText(text, markups as Markup[])
    .map((segment) => {
      let html = escapeHtml(segment.text);
      // Innermost first, so the outermost markup (a link) wraps the rest.
      for (const markup of [...segment.markups].reverse()) {
        if (markup.type === 'A') {
          const href = safeHref(markup.href);
          if (href) html = `<a href="${escapeHtml(href)}">${html}</a>`;
          continue;
        }
        const tag = INLINE_TAGS[markup.type];
        if (tag) html = `<${tag}>${html}</${tag}>`;
      }
      return html;
    })
    .join('');
}

const BLOCK_TAGS: Partial<Record<ParagraphType, string>> = {
  P: 'p',
  H1: 'h1',
  H2: 'h2',
  H3: 'h3',
  H4: 'h4',
  BQ: 'blockquote',
  PQ: 'blockquote',
  COVER_TITLE: 'h1',
  SECTION_CAPTION: 'p',
};

function block(paragraph: FeedParagraph, imageUrl: (id: string) => string): string {
  const inner = inlineHtml(paragraph.text, paragraph.markups);
  switch (paragraph.type) {
    case 'HR':
      return '<hr>';
    case 'PRE':
      // Code keeps its text only: markups inside a code block are not shown.
      return `<pre><code>${escapeHtml(paragraph.text)}</code></pre>`;
    case 'IMG': {
      if (!paragraph.metadata) return paragraph.text ? `<p>${inner}</p>` : '';
      const alt = escapeHtml(paragraph.metadata.alt ?? paragraph.text);
      const caption = paragraph.text ? `<figcaption>${inner}</figcaption>` : '';
      return `<figure><img src="${escapeHtml(imageUrl(paragraph.metadata.id))}" alt="${alt}">${caption}</figure>`;
    }
    case 'IFRAME':
    case 'MIXTAPE_EMBED': {
      const href = safeHref(paragraph.href ?? undefined);
      if (!href) return paragraph.text ? `<p>${inner}</p>` : '';
      return `<p><a href="${escapeHtml(href)}">${paragraph.text ? escapeHtml(paragraph.text) : escapeHtml(href)}</a></p>`;
    }
    default: {
      const tag = BLOCK_TAGS[paragraph.type] ?? 'p';
      return `<${tag}>${inner}</${tag}>`;
    }
  }
}

/** The paragraphs as HTML; consecutive list items share one <ul> or <ol>. */
export function storyHtml(paragraphs: readonly FeedParagraph[], imageUrl: (id: string) => string): string {
  const out: string[] = [];
  let openList: 'ul' | 'ol' | null = null;
  for (const paragraph of paragraphs) {
    const list = paragraph.type === 'ULI' ? 'ul' : paragraph.type === 'OLI' ? 'ol' : null;
    if (openList && list !== openList) {
      out.push(`</${openList}>`);
      openList = null;
    }
    if (list) {
      if (!openList) out.push(`<${list}>`);
      openList = list;
      out.push(`<li>${inlineHtml(paragraph.text, paragraph.markups)}</li>`);
      continue;
    }
    out.push(block(paragraph, imageUrl));
  }
  if (openList) out.push(`</${openList}>`);
  return out.join('');
}
