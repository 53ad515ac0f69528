// A story's text stays the server's markup when the normalized cache answers it again after
// hydration (client/app/static-markup.tsx, docs/adr/0197-start-up-loads-the-first-screen-only.md):
// the content key is the same for the server's result and the cache's answer, and differs for other text.
import { describe, expect, it } from 'vitest';
import { contentKeyOf } from '../../../client/app/static-markup.tsx';

describe('contentKeyOf', () => {
  const served = [{ __typename: 'Paragraph', id: 'a_1', type: 'P', text: 'Hello', href: null, markups: [{ __typename: 'Markup', type: 'EM', start: 0, end: 5 }] }];
  const cached = [{ markups: [{ end: 5, start: 0, type: 'EM' }], text: 'Hello', type: 'P', id: 'a_1' }];
  it('is the same for the same content, whatever the order of keys, type names and empty fields', () => {
    expect(contentKeyOf(cached)).toBe(contentKeyOf(served));
  });
  it('differs when the text or a markup differs', () => {
    expect(contentKeyOf([{ ...cached[0], text: 'Hullo' }])).not.toBe(contentKeyOf(served));
    expect(contentKeyOf([{ ...cached[0], markups: [{ end: 4, start: 0, type: 'EM' }] }])).not.toBe(contentKeyOf(served));
  });
});
