// The editor's document (ProseMirror JSON, as Tiptap's getJSON()/setContent() use it) mapped both
// ways onto structured content (shared/content.ts). The editor never saves HTML: it saves
// fromEditorDocument(editor.getJSON()), and opens toEditorDocument(content)
// (docs/adr/0066-editor-document-mapping.md has the table).
//
// Pure data in, data out: no DOM, so the worker (import, tests) and the browser share it.
import type { ImageLayout, Markup, MarkupType, Paragraph, ParagraphType, StoryContent } from '../content.ts';

export interface EditorMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface EditorNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
  text?: string;
  marks?: EditorMark[];
}

/** Editor mark name ↔ markup type. */
const MARK_TO_MARKUP: Record<string, MarkupType> = { bold: 'STRONG', italic: 'EM', link: 'A', code: 'CODE', strike: 'STRIKE' };
const MARKUP_TO_MARK: Partial<Record<MarkupType, string>> = { STRONG: 'bold', EM: 'italic', A: 'link', CODE: 'code', STRIKE: 'strike' };
/** Marks outermost first, so the editor's JSON is the same however the ranges were listed. */
const MARK_ORDER = ['link', 'bold', 'italic', 'strike', 'code'];

// ---------------------------------------------------------------- editor → structured content

function inlineToText(nodes: readonly EditorNode[] | undefined): { text: string; markups: Markup[] } {
  let text = '';
  const open = new Map<string, Markup>();
  const markups: Markup[] = [];
  for (const node of nodes ?? []) {
    const chunk = node.type === 'text' ? (node.text ?? '') : node.type === 'hardBreak' ? '\n' : '';
    const start = text.length;
    text += chunk;
    const seen = new Set<string>();
    for (const mark of node.type === 'text' ? (node.marks ?? []) : []) {
      const type = MARK_TO_MARKUP[mark.type];
      if (!type) continue;
      const href = type === 'A' && typeof mark.attrs?.href === 'string' ? mark.attrs.href : undefined;
      const key = `${type} ${href ?? ''}`;
      seen.add(key);
      const current = open.get(key);
      // A hard break carries no marks: a range continues across one.
      if (current && /^\n*$/.test(text.slice(current.end, start))) current.end = text.length;
      else {
        const markup: Markup = href !== undefined ? { type, start, end: text.length, href } : { type, start, end: text.length };
        open.set(key, markup);
        markups.push(markup);
      }
    }
    // A range ends where a node without its mark starts.
    if (node.type === 'text' && chunk.length > 0) for (const key of [...open.keys()]) if (!seen.has(key)) open.delete(key);
  }
  return { text, markups: markups.filter((m) => m.end > m.start) };
}

function plainText(nodes: readonly EditorNode[] | undefined): string {
  return (nodes ?? []).map((n) => (n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? '\n' : '')).join('');
}

function nameOf(node: EditorNode): string {
  return typeof node.attrs?.name === 'string' ? node.attrs.name : '';
}

function textParagraph(type: ParagraphType, node: EditorNode): Paragraph {
  return { name: nameOf(node), type, ...inlineToText(node.content) };
}

function listItems(list: EditorNode, out: Paragraph[]): void {
  const type: ParagraphType = list.type === 'orderedList' ? 'OLI' : 'ULI';
  for (const item of list.content ?? []) {
    for (const child of item.content ?? []) {
      if (child.type === 'bulletList' || child.type === 'orderedList') listItems(child, out);
      else out.push(textParagraph(type, child));
    }
  }
}

function blockToParagraphs(node: EditorNode, out: Paragraph[]): void {
  switch (node.type) {
    case 'paragraph': {
      const p = textParagraph('P', node);
      // Empty lines are the editor's spacing, not content.
      if (p.text.trim() !== '') out.push(p);
      return;
    }
    case 'heading':
      out.push(textParagraph(node.attrs?.level === 4 ? 'H4' : 'H3', node));
      return;
    case 'blockquote':
      for (const child of node.content ?? []) {
        if (child.type === 'paragraph' || child.type === 'heading') out.push(textParagraph('BQ', child));
        else blockToParagraphs(child, out);
      }
      return;
    case 'pullQuote':
      out.push(textParagraph('PQ', node));
      return;
    case 'codeBlock': {
      const language = typeof node.attrs?.language === 'string' && node.attrs.language !== '' ? node.attrs.language : undefined;
      out.push({ name: nameOf(node), type: 'PRE', text: plainText(node.content), markups: [], ...(language ? { codeLanguage: language } : {}) });
      return;
    }
    case 'bulletList':
    case 'orderedList':
      listItems(node, out);
      return;
    case 'horizontalRule':
      out.push({ name: nameOf(node), type: 'HR', text: '', markups: [] });
      return;
    case 'storyImage': {
      const a = node.attrs ?? {};
      const p: Paragraph = {
        name: nameOf(node),
        type: 'IMG',
        text: typeof a.caption === 'string' ? a.caption : '',
        markups: [],
        metadata: { id: String(a.imageId ?? ''), originalWidth: Number(a.width) || 0, originalHeight: Number(a.height) || 0 },
      };
      if (typeof a.alt === 'string' && a.alt !== '') p.metadata!.alt = a.alt;
      if (typeof a.layout === 'string' && a.layout !== 'INSET_CENTER') p.layout = a.layout as ImageLayout;
      out.push(p);
      return;
    }
    case 'storyEmbed': {
      const a = node.attrs ?? {};
      out.push({
        name: nameOf(node),
        type: a.kind === 'IFRAME' ? 'IFRAME' : 'MIXTAPE_EMBED',
        text: typeof a.title === 'string' ? a.title : '',
        markups: [],
        href: String(a.href ?? ''),
      });
      return;
    }
    default:
      // Unknown blocks keep their text as plain paragraphs: nothing the writer typed is lost.
      if (node.content) for (const child of node.content) blockToParagraphs(child, out);
  }
}

/** Gives every paragraph a 4-hex name unique in the story, keeping the names it already has. */
export function nameParagraphs(paragraphs: Paragraph[], random: () => number = Math.random): Paragraph[] {
  const taken = new Set<string>();
  for (const p of paragraphs) {
    if (!/^[0-9a-f]{4}$/.test(p.name) || taken.has(p.name)) {
      let name: string;
      do name = Math.floor(random() * 0x10000).toString(16).padStart(4, '0');
      while (taken.has(name));
      p.name = name;
    }
    taken.add(p.name);
  }
  return paragraphs;
}

export function fromEditorDocument(doc: EditorNode): StoryContent {
  const paragraphs: Paragraph[] = [];
  for (const node of doc.content ?? []) blockToParagraphs(node, paragraphs);
  return { paragraphs: nameParagraphs(paragraphs) };
}

// ---------------------------------------------------------------- structured content → editor

function textToInline(text: string, markups: readonly Markup[]): EditorNode[] {
  if (text === '') return [];
  const cuts = new Set([0, text.length]);
  for (const m of markups) {
    if (!MARKUP_TO_MARK[m.type]) continue;
    cuts.add(Math.max(0, Math.min(text.length, m.start)));
    cuts.add(Math.max(0, Math.min(text.length, m.end)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const nodes: EditorNode[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [start, end] = [points[i]!, points[i + 1]!];
    const marks: EditorMark[] = [];
    for (const m of markups) {
      const mark = MARKUP_TO_MARK[m.type];
      if (!mark || m.start > start || m.end < end || marks.some((k) => k.type === mark)) continue;
      marks.push(mark === 'link' ? { type: 'link', attrs: { href: m.href ?? '' } } : { type: mark });
    }
    marks.sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type));
    // Line breaks inside a paragraph are hard breaks in the editor.
    text.slice(start, end).split('\n').forEach((part, index) => {
      if (index > 0) nodes.push({ type: 'hardBreak' });
      if (part !== '') nodes.push(marks.length > 0 ? { type: 'text', text: part, marks } : { type: 'text', text: part });
    });
  }
  return nodes;
}

function textblock(type: string, p: Paragraph, attrs: Record<string, unknown> = {}): EditorNode {
  const content = textToInline(p.text, p.markups);
  return { type, attrs: { ...attrs, name: p.name }, ...(content.length > 0 ? { content } : {}) };
}

export function toEditorDocument(content: StoryContent): EditorNode {
  const blocks: EditorNode[] = [];
  const ps = content.paragraphs;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    switch (p.type) {
      case 'BQ': {
        const quote: EditorNode = { type: 'blockquote', content: [] };
        while (i < ps.length && ps[i]!.type === 'BQ') quote.content!.push(textblock('paragraph', ps[i++]!));
        i--;
        blocks.push(quote);
        break;
      }
      case 'ULI':
      case 'OLI': {
        const list: EditorNode = { type: p.type === 'OLI' ? 'orderedList' : 'bulletList', content: [] };
        while (i < ps.length && ps[i]!.type === p.type) list.content!.push({ type: 'listItem', content: [textblock('paragraph', ps[i++]!)] });
        i--;
        blocks.push(list);
        break;
      }
      case 'H1':
      case 'H2':
      case 'H3':
        blocks.push(textblock('heading', p, { level: 3 }));
        break;
      case 'H4':
        blocks.push(textblock('heading', p, { level: 4 }));
        break;
      case 'PQ':
        blocks.push(textblock('pullQuote', p));
        break;
      case 'PRE': {
        blocks.push({
          type: 'codeBlock',
          attrs: { language: p.codeLanguage ?? null, name: p.name },
          ...(p.text !== '' ? { content: [{ type: 'text', text: p.text }] } : {}),
        });
        break;
      }
      case 'HR':
        blocks.push({ type: 'horizontalRule', attrs: { name: p.name } });
        break;
      case 'IMG':
        blocks.push({
          type: 'storyImage',
          attrs: {
            name: p.name,
            imageId: p.metadata?.id ?? '',
            width: p.metadata?.originalWidth ?? 0,
            height: p.metadata?.originalHeight ?? 0,
            alt: p.metadata?.alt ?? '',
            caption: p.text,
            layout: p.layout ?? 'INSET_CENTER',
          },
        });
        break;
      case 'IFRAME':
      case 'MIXTAPE_EMBED':
        blocks.push({ type: 'storyEmbed', attrs: { name: p.name, kind: p.type, href: p.href ?? '', title: p.text } });
        break;
      default:
        blocks.push(textblock('paragraph', p));
    }
  }
  if (blocks.length === 0) blocks.push({ type: 'paragraph', attrs: { name: '' } });
  return { type: 'doc', content: blocks };
}
