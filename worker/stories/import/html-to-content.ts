// Imported HTML → structured content (issue 12 item 6). The HTML is parsed by parse5 (the
// WHATWG parsing algorithm browsers use, so malformed markup is read the way a browser would
// read it) and walked into paragraphs of the types the editor makes; only text, and links the
// product keeps, come out. Scripts, styles, embedded documents, event handlers, attributes and
// unsafe links are never copied: nothing of the markup survives but its text and structure.
//
// Images need an uploaded id, so an imported <img> is left out (its alt text too): the writer
// adds images in the editor. The count of what was left out is reported.
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import type { Markup, MarkupType, Paragraph, ParagraphType, StoryContent } from '../../../shared/content.ts';
import { nameParagraphs } from '../../../shared/editor/editor-document.ts';
import { MAX_PARAGRAPH_LENGTH, MAX_PARAGRAPHS, StoryContentError, writerLink } from '../../../shared/editor/story-content-rules.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Elements whose content is never text of the story. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'head', 'title', 'svg', 'math', 'canvas', 'video', 'audio', 'form', 'select', 'textarea', 'button', 'input']);
const INLINE_MARKUPS: Record<string, MarkupType> = { strong: 'STRONG', b: 'STRONG', em: 'EM', i: 'EM', code: 'CODE', s: 'STRIKE', del: 'STRIKE', strike: 'STRIKE' };
const TEXT_BLOCKS: Record<string, ParagraphType> = { p: 'P', h1: 'H3', h2: 'H3', h3: 'H3', h4: 'H4', h5: 'H4', h6: 'H4' };
/** Deeper than this, structure is read as plain text: a hostile file cannot exhaust the stack. */
const MAX_DEPTH = 64;

export interface ImportedStory {
  title: string;
  content: StoryContent;
  /** Images and embedded media left out. */
  skippedMedia: number;
}

const isElement = (node: Node): node is Element => 'tagName' in node;
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** All text under a node, iteratively (no recursion on hostile depth). */
function plainText(root: Node): string {
  let text = '';
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeName === '#text') text += (node as DefaultTreeAdapterMap['textNode']).value;
    else if (isElement(node) && SKIPPED.has(node.tagName)) continue;
    else if (isElement(node) && node.tagName === 'br') text += '\n';
    if ('childNodes' in node) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
  return text;
}

class Walker {
  constructor(private readonly firstHeadingIsTitle: boolean) {}

  paragraphs: Paragraph[] = [];
  skippedMedia = 0;
  title = '';

  private push(type: ParagraphType, text: string, markups: Markup[], extra: Partial<Paragraph> = {}) {
    const collapsed = type === 'PRE' ? { text, markups } : collapseSpaces(text, markups);
    if (collapsed.text.trim() === '' && type !== 'HR') return;
    for (const piece of splitLong(collapsed.text, collapsed.markups)) {
      if (this.paragraphs.length >= MAX_PARAGRAPHS) throw new StoryContentError(`This file is too long to import: a story has at most ${MAX_PARAGRAPHS} paragraphs.`);
      this.paragraphs.push({ name: '', type, text: piece.text, markups: piece.markups, ...extra });
    }
  }

  inline(node: Node, depth: number, out: { text: string; markups: Markup[] }): void {
    if (node.nodeName === '#text') {
      out.text += (node as DefaultTreeAdapterMap['textNode']).value;
      return;
    }
    if (!isElement(node)) return;
    const tag = node.tagName;
    if (SKIPPED.has(tag)) return;
    if (tag === 'img' || tag === 'picture') {
      this.skippedMedia++;
      return;
    }
    if (tag === 'br') {
      out.text += '\n';
      return;
    }
    if (depth > MAX_DEPTH) {
      out.text += plainText(node);
      return;
    }
    const start = out.text.length;
    for (const child of node.childNodes) this.inline(child, depth + 1, out);
    const end = out.text.length;
    if (end <= start) return;
    const markup = INLINE_MARKUPS[tag];
    if (markup) out.markups.push({ type: markup, start, end });
    if (tag === 'a') {
      const href = writerLink(attr(node, 'href'));
      if (href) out.markups.push({ type: 'A', start, end, href });
    }
  }

  textBlock(type: ParagraphType, el: Element, depth: number, extra: Partial<Paragraph> = {}) {
    const out = { text: '', markups: [] as Markup[] };
    for (const child of el.childNodes) this.inline(child, depth + 1, out);
    this.push(type, out.text, out.markups, extra);
  }

  list(el: Element, depth: number) {
    const type: ParagraphType = el.tagName === 'ol' ? 'OLI' : 'ULI';
    for (const item of el.childNodes) {
      if (!isElement(item)) continue;
      if (item.tagName !== 'li') {
        this.block(item, depth + 1);
        continue;
      }
      // The item's own text, then its nested lists as items of their own.
      const out = { text: '', markups: [] as Markup[] };
      const nested: Element[] = [];
      for (const child of item.childNodes) {
        if (isElement(child) && (child.tagName === 'ul' || child.tagName === 'ol')) nested.push(child);
        else if (isElement(child) && child.tagName === 'p') {
          if (out.text !== '') out.text += ' ';
          this.inline(child, depth + 2, out);
        } else this.inline(child, depth + 2, out);
      }
      this.push(type, out.text, out.markups);
      for (const list of nested) {
        if (depth > MAX_DEPTH) this.push(type, plainText(list), []);
        else this.list(list, depth + 1);
      }
    }
  }

  block(node: Node, depth: number): void {
    if (node.nodeName === '#text') {
      this.push('P', (node as DefaultTreeAdapterMap['textNode']).value, []);
      return;
    }
    if (!isElement(node)) return;
    const tag = node.tagName;
    if (SKIPPED.has(tag)) {
      if (tag === 'iframe' || tag === 'video' || tag === 'audio' || tag === 'svg') this.skippedMedia++;
      return;
    }
    if (depth > MAX_DEPTH) {
      this.push('P', plainText(node), []);
      return;
    }
    if (this.firstHeadingIsTitle && tag === 'h1' && this.title === '' && this.paragraphs.length === 0) {
      this.title = collapseSpaces(plainText(node), []).text.trim().slice(0, 200);
      return;
    }
    const textType = TEXT_BLOCKS[tag];
    if (textType) return this.textBlock(textType, node, depth);
    switch (tag) {
      case 'blockquote': {
        const before = this.paragraphs.length;
        for (const child of node.childNodes) this.block(child, depth + 1);
        for (const p of this.paragraphs.slice(before)) if (p.type === 'P' || p.type === 'H3' || p.type === 'H4') p.type = 'BQ';
        return;
      }
      case 'pre': {
        const code = node.childNodes.find((c): c is Element => isElement(c) && c.tagName === 'code');
        const language = /(?:^|\s)language-([\w+#.-]{1,30})/.exec(attr(code ?? node, 'class') ?? '')?.[1];
        const text = plainText(node).replace(/\n$/, '');
        this.push('PRE', text, [], language ? { codeLanguage: language } : {});
        return;
      }
      case 'ul':
      case 'ol':
        return this.list(node, depth);
      case 'hr':
        this.push('HR', '', []);
        return;
      case 'img':
      case 'picture':
        this.skippedMedia++;
        return;
      default: {
        // Containers (div, section, article, figure, body, …): their blocks, and their loose
        // inline content gathered into paragraphs.
        let run = { text: '', markups: [] as Markup[] };
        const flush = () => {
          this.push('P', run.text, run.markups);
          run = { text: '', markups: [] };
        };
        for (const child of node.childNodes) {
          if (isElement(child) && (BLOCK_TAGS.has(child.tagName) || SKIPPED.has(child.tagName))) {
            flush();
            this.block(child, depth + 1);
          } else this.inline(child, depth + 1, run);
        }
        flush();
      }
    }
  }
}

const BLOCK_TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'hr', 'div', 'section', 'article', 'main', 'header', 'footer',
  'aside', 'nav', 'figure', 'figcaption', 'table', 'tbody', 'thead', 'tr', 'td', 'th', 'dl', 'dt', 'dd', 'details', 'summary', 'address', 'body', 'html',
]);

/** Runs of whitespace (line breaks too) become one space, as HTML renders them; markups moved to match; trimmed. */
function collapseSpaces(text: string, markups: Markup[]): { text: string; markups: Markup[] } {
  const map: number[] = [];
  let out = '';
  let lastSpace = true;
  for (let i = 0; i < text.length; i++) {
    map[i] = out.length;
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      if (!lastSpace) out += ' ';
      lastSpace = true;
    } else {
      out += ch;
      lastSpace = false;
    }
  }
  map[text.length] = out.length;
  const trimmedEnd = out.replace(/\s+$/, '').length;
  const result = out.slice(0, trimmedEnd);
  const moved = markups
    .map((m) => ({ ...m, start: Math.min(map[m.start]!, trimmedEnd), end: Math.min(map[m.end]!, trimmedEnd) }))
    .filter((m) => m.end > m.start);
  return { text: result, markups: moved };
}

/** Text longer than a paragraph may be is split at spaces into several, markups clipped to each. */
function splitLong(text: string, markups: Markup[]): { text: string; markups: Markup[] }[] {
  if (text.length <= MAX_PARAGRAPH_LENGTH) return [{ text, markups }];
  const pieces: { text: string; markups: Markup[] }[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + MAX_PARAGRAPH_LENGTH);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + MAX_PARAGRAPH_LENGTH / 2) end = space;
    }
    const piece = text.slice(start, end);
    pieces.push({
      text: piece,
      markups: markups
        .map((m) => ({ ...m, start: Math.max(m.start, start) - start, end: Math.min(m.end, end) - start }))
        .filter((m) => m.end > m.start),
    });
    start = end;
  }
  return pieces;
}

/**
 * Reads HTML, in one piece or several in order (import-story.ts hands Markdown over a slice at a
 * time), into one story. `firstHeadingIsTitle`: a file's leading h1 is its title (file import);
 * the /v1 API takes the title apart and keeps every heading of the content, as the Medium API's
 * clients expect.
 */
export class HtmlStoryReader {
  private readonly walker: Walker;
  constructor({ firstHeadingIsTitle = true }: { firstHeadingIsTitle?: boolean } = {}) {
    this.walker = new Walker(firstHeadingIsTitle);
  }

  read(html: string): void {
    const fragment = parseFragment(html);
    this.walker.block({ ...fragment, nodeName: 'body', tagName: 'body', attrs: [], namespaceURI: 'http://www.w3.org/1999/xhtml', sourceCodeLocation: undefined, parentNode: null } as unknown as Element, 0);
  }

  story(): ImportedStory {
    return { title: this.walker.title, content: { paragraphs: nameParagraphs(this.walker.paragraphs) }, skippedMedia: this.walker.skippedMedia };
  }
}
