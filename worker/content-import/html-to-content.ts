// HTML → structured content (shared/content.ts): what the /v1 API stores for a post sent as
// `contentFormat: "html"` (and, through ./markdown-to-content.ts, as Markdown). A real parser
// (htmlparser2) reads the document; only text and the markups of the content model survive, so
// nothing of the input can ever become markup on our pages: scripts, styles, frames, event
// handlers, unknown elements and attributes are dropped; links keep only http(s) and mailto
// targets. Images are not fetched from other hosts (no uploads here; docs/adr/0012-accounts.md §4).
//
// A minimal importer for the API, written beside the writing engineer's editor importer; the
// two are to be unified (docs/adr/0012-accounts.md §4).
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import type { Markup, MarkupType, Paragraph, ParagraphType } from '../../shared/content.ts';

export const MAX_IMPORTED_PARAGRAPHS = 2000;
export const MAX_IMPORTED_CHARACTERS = 200_000;

export class ContentTooLargeError extends Error {}

/** Elements whose content is never text of the story. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'head', 'title', 'form', 'button', 'select', 'textarea', 'input', 'img', 'video', 'audio', 'canvas', 'link', 'meta']);

const BLOCKS: Readonly<Record<string, ParagraphType>> = {
  p: 'P',
  h1: 'H3',
  h2: 'H3',
  h3: 'H4',
  h4: 'H4',
  h5: 'H4',
  h6: 'H4',
  blockquote: 'BQ',
  pre: 'PRE',
  figcaption: 'P',
};

const INLINE_MARKUPS: Readonly<Record<string, MarkupType>> = {
  em: 'EM',
  i: 'EM',
  strong: 'STRONG',
  b: 'STRONG',
  code: 'CODE',
  s: 'STRIKE',
  strike: 'STRIKE',
  del: 'STRIKE',
  mark: 'HIGHLIGHT',
  q: 'QUOTE',
};

function safeHref(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

interface Builder {
  type: ParagraphType;
  text: string;
  markups: Markup[];
}

class ContentBuilder {
  readonly paragraphs: Paragraph[] = [];
  private current: Builder | null = null;
  private characters = 0;

  start(type: ParagraphType): void {
    this.flush();
    this.current = { type, text: '', markups: [] };
  }

  /** Text of the open paragraph (a P opens when text arrives outside any block). */
  append(text: string, preformatted: boolean): void {
    if (!this.current) this.current = { type: 'P', text: '', markups: [] };
    const value = preformatted ? text : text.replace(/\s+/g, ' ');
    const current = this.current;
    // Collapse spaces across text nodes, and none at a paragraph's start.
    const toAdd = !preformatted && (current.text === '' || current.text.endsWith(' ') || current.text.endsWith('\n')) ? value.replace(/^ /, '') : value;
    current.text += toAdd;
    this.characters += toAdd.length;
    if (this.characters > MAX_IMPORTED_CHARACTERS) throw new ContentTooLargeError(`Content is at most ${MAX_IMPORTED_CHARACTERS} characters.`);
  }

  lineBreak(): void {
    if (this.current) this.current.text += '\n';
  }

  get offset(): number {
    return this.current?.text.length ?? 0;
  }

  mark(type: MarkupType, start: number, href?: string): void {
    if (!this.current || this.offset <= start) return;
    this.current.markups.push({ type, start, end: this.offset, ...(href ? { href } : {}) });
  }

  hr(): void {
    this.flush();
    this.push({ type: 'HR', text: '', markups: [] });
  }

  flush(): void {
    const current = this.current;
    this.current = null;
    if (!current) return;
    const trimmedEnd = current.type === 'PRE' ? current.text.replace(/\n+$/, '') : current.text.replace(/\s+$/, '');
    if (trimmedEnd.trim() === '') return;
    const length = trimmedEnd.length;
    const markups = current.markups.map((m) => ({ ...m, end: Math.min(m.end, length) })).filter((m) => m.end > m.start);
    this.push({ type: current.type, text: trimmedEnd, markups });
  }

  private push(p: Builder): void {
    if (this.paragraphs.length >= MAX_IMPORTED_PARAGRAPHS) throw new ContentTooLargeError(`Content has at most ${MAX_IMPORTED_PARAGRAPHS} paragraphs.`);
    this.paragraphs.push({ name: this.paragraphs.length.toString(16).padStart(4, '0'), type: p.type, text: p.text, markups: p.markups });
  }
}

function walk(nodes: ChildNode[], out: ContentBuilder, context: { preformatted: boolean; listType: ParagraphType | null }): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      out.append(node.data, context.preformatted);
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const element = node as Element;
    const name = element.name.toLowerCase();
    if (DROPPED.has(name)) continue;
    if (name === 'br') {
      out.lineBreak();
      continue;
    }
    if (name === 'hr') {
      out.hr();
      continue;
    }
    if (name === 'ul' || name === 'ol') {
      out.flush();
      walk(element.children, out, { ...context, listType: name === 'ul' ? 'ULI' : 'OLI' });
      out.flush();
      continue;
    }
    if (name === 'li') {
      out.start(context.listType ?? 'ULI');
      walk(element.children, out, context);
      out.flush();
      continue;
    }
    const block = BLOCKS[name];
    if (block) {
      out.start(block);
      walk(element.children, out, { ...context, preformatted: context.preformatted || block === 'PRE' });
      out.flush();
      continue;
    }
    const markup = INLINE_MARKUPS[name];
    if (markup || name === 'a') {
      const start = out.offset;
      walk(element.children, out, context);
      if (name === 'a') {
        const href = safeHref(element.attribs.href);
        if (href) out.mark('A', start, href);
      } else if (!(markup === 'CODE' && context.preformatted)) {
        out.mark(markup!, start);
      }
      continue;
    }
    // div, section, article, span, figure and anything unknown: their content, nothing of them.
    const isContainer = ['div', 'section', 'article', 'main', 'header', 'footer', 'figure', 'aside', 'body', 'html', 'table', 'tr'].includes(name);
    if (isContainer) out.flush();
    walk(element.children, out, context);
    if (isContainer) out.flush();
  }
}

/** The paragraphs of an HTML document or fragment. */
export function htmlToParagraphs(html: string): Paragraph[] {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  const out = new ContentBuilder();
  walk(document.children, out, { preformatted: false, listType: null });
  out.flush();
  return out.paragraphs;
}
