// The editor's document maps both ways onto structured content without loss for every
// paragraph type and markup the editor makes (docs/adr/0066-editor-document-mapping.md).
import { describe, expect, it } from 'vitest';
import type { StoryContent } from '../../../shared/content.ts';
import { fromEditorDocument, toEditorDocument, type EditorNode } from '../../../shared/editor/editor-document.ts';

const STORY: StoryContent = {
  paragraphs: [
    { name: 'a001', type: 'H3', text: 'A heading', markups: [] },
    { name: 'a002', type: 'P', text: 'Bold, italic and a link, with code.', markups: [
      { type: 'STRONG', start: 0, end: 4 },
      { type: 'EM', start: 6, end: 12 },
      { type: 'STRONG', start: 6, end: 12 },
      { type: 'A', start: 19, end: 23, href: 'https://example.com/x' },
      { type: 'CODE', start: 30, end: 34 },
    ] },
    { name: 'a003', type: 'H4', text: 'Smaller', markups: [] },
    { name: 'a004', type: 'BQ', text: 'Quoted one', markups: [] },
    { name: 'a005', type: 'BQ', text: 'Quoted two', markups: [{ type: 'EM', start: 0, end: 6 }] },
    { name: 'a006', type: 'PQ', text: 'Pulled out', markups: [] },
    { name: 'a007', type: 'PRE', text: 'const a = 1;\nconst b = 2;', markups: [], codeLanguage: 'ts' },
    { name: 'a008', type: 'ULI', text: 'First', markups: [] },
    { name: 'a009', type: 'ULI', text: 'Second', markups: [] },
    { name: 'a00a', type: 'OLI', text: 'One', markups: [] },
    { name: 'a00b', type: 'OLI', text: 'Two', markups: [] },
    { name: 'a00c', type: 'HR', text: '', markups: [] },
    { name: 'a00d', type: 'IMG', text: 'A caption', markups: [], metadata: { id: 'img_1.png', originalWidth: 800, originalHeight: 600, alt: 'A cat' }, layout: 'FULL_WIDTH' },
    { name: 'a00e', type: 'IMG', text: '', markups: [], metadata: { id: 'img_2.jpeg', originalWidth: 10, originalHeight: 10 } },
    { name: 'a00f', type: 'IFRAME', text: 'A video', markups: [], href: 'https://video.example/v/1' },
    { name: 'a010', type: 'MIXTAPE_EMBED', text: 'A page', markups: [], href: 'https://example.org/page' },
    { name: 'a011', type: 'P', text: 'Line one\nline two', markups: [{ type: 'STRONG', start: 5, end: 13 }] },
  ],
};

function sorted(content: StoryContent): StoryContent {
  return { paragraphs: content.paragraphs.map((p) => ({ ...p, markups: [...p.markups].sort((a, b) => a.start - b.start || a.type.localeCompare(b.type)) })) };
}

describe('editor document ↔ structured content', () => {
  it('round-trips every paragraph type and markup the editor makes', () => {
    expect(sorted(fromEditorDocument(toEditorDocument(STORY)))).toEqual(sorted(STORY));
  });

  it('is stable the other way: the editor document of a mapped document is the same document', () => {
    const doc = toEditorDocument(STORY);
    expect(toEditorDocument(fromEditorDocument(doc))).toEqual(doc);
  });

  it('joins adjacent text nodes that share a mark into one range, and splits ranges at unmarked text', () => {
    const doc: EditorNode = { type: 'doc', content: [{ type: 'paragraph', content: [
      { type: 'text', text: 'ab', marks: [{ type: 'bold' }] },
      { type: 'text', text: 'cd', marks: [{ type: 'bold' }, { type: 'italic' }] },
      { type: 'text', text: 'ef' },
      { type: 'text', text: 'gh', marks: [{ type: 'bold' }] },
    ] }] };
    const [p] = fromEditorDocument(doc).paragraphs;
    expect(p!.text).toBe('abcdefgh');
    expect(sorted({ paragraphs: [p!] }).paragraphs[0]!.markups).toEqual([
      { type: 'STRONG', start: 0, end: 4 },
      { type: 'EM', start: 2, end: 4 },
      { type: 'STRONG', start: 6, end: 8 },
    ]);
  });

  it('flattens nested lists into list paragraphs, keeps every item, drops empty lines, names every paragraph uniquely', () => {
    const item = (text: string, nested?: EditorNode): EditorNode => ({ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }, ...(nested ? [nested] : [])] });
    const doc: EditorNode = { type: 'doc', content: [
      { type: 'paragraph' },
      { type: 'bulletList', content: [item('one', { type: 'orderedList', content: [item('one.a')] }), item('two')] },
    ] };
    const { paragraphs } = fromEditorDocument(doc);
    expect(paragraphs.map((p) => [p.type, p.text])).toEqual([['ULI', 'one'], ['OLI', 'one.a'], ['ULI', 'two']]);
    expect(new Set(paragraphs.map((p) => p.name)).size).toBe(3);
    for (const p of paragraphs) expect(p.name).toMatch(/^[0-9a-f]{4}$/);
  });

  it('opens an empty story as one empty paragraph', () => {
    expect(toEditorDocument({ paragraphs: [] })).toEqual({ type: 'doc', content: [{ type: 'paragraph', attrs: { name: '' } }] });
  });
});
