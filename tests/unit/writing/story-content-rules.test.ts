// The content rules every save, publish and import passes (shared/editor/story-content-rules.ts;
// docs/adr/0067-story-content-rules.md), and the editor's link prompt, which refuses the
// same links before they reach the server.
import { describe, expect, it } from 'vitest';
import { linkFromPrompt } from '../../../client/editor/link-prompt.ts';
import { MAX_PARAGRAPHS, normalizeStoryContent, StoryContentError, writerLink } from '../../../shared/editor/story-content-rules.ts';

describe('writerLink and the link prompt', () => {
  it.each(['https://example.com/a?b=c#d', 'http://example.com', 'mailto:someone@example.com'])('keeps %s', (href) => {
    expect(writerLink(href)).toBe(href);
  });

  it.each(['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd', 'blob:https://x/1', ''])(
    'refuses %j',
    (href) => {
      expect(writerLink(href)).toBeNull();
      expect(linkFromPrompt(href)).toBeNull();
    },
  );

  it('reads a bare address as https', () => {
    expect(linkFromPrompt('example.com/page')).toBe('https://example.com/page');
    expect(linkFromPrompt('  https://example.com  ')).toBe('https://example.com');
  });
});

describe('normalizeStoryContent', () => {
  it('drops unknown fields and control characters, names paragraphs uniquely', () => {
    const content = normalizeStoryContent({
      paragraphs: [
        { name: 'abcd', type: 'P', text: 'a\u0000b\u0007c\nd', markups: [], html: '<b>x</b>' },
        { name: 'abcd', type: 'H3', text: 'heading', markups: [{ type: 'EM', start: 0, end: 3, onclick: 'x' }] },
        { type: 'HR', text: 'ignored' },
      ],
      script: 'alert(1)',
    });
    expect(content.paragraphs[0]).toEqual({ name: 'abcd', type: 'P', text: 'abc\nd', markups: [] });
    expect(content.paragraphs[1]!.markups).toEqual([{ type: 'EM', start: 0, end: 3 }]);
    expect(new Set(content.paragraphs.map((p) => p.name)).size).toBe(3);
    expect(content.paragraphs[2]).toMatchObject({ type: 'HR', text: '' });
    expect(Object.keys(content)).toEqual(['paragraphs']);
  });

  it.each([
    ['not an object', 'x'],
    ['too many paragraphs', { paragraphs: Array.from({ length: MAX_PARAGRAPHS + 1 }, () => ({ type: 'P', text: 'x', markups: [] })) }],
    ['a reader-only markup', { paragraphs: [{ type: 'P', text: 'x', markups: [{ type: 'HIGHLIGHT', start: 0, end: 1 }] }] }],
    ['a link without an address', { paragraphs: [{ type: 'P', text: 'x', markups: [{ type: 'A', start: 0, end: 1 }] }] }],
    ['an empty range', { paragraphs: [{ type: 'P', text: 'x', markups: [{ type: 'EM', start: 1, end: 1 }] }] }],
    ['an unknown image layout', { paragraphs: [{ type: 'IMG', text: '', markups: [], metadata: { id: 'a.png' }, layout: 'LEFT' }] }],
  ])('refuses %s with a StoryContentError', (_what, input) => {
    expect(() => normalizeStoryContent(input)).toThrow(StoryContentError);
  });
});
