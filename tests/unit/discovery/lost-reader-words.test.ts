// The words of a missing address the 404 page matches stories by (docs/adr/0138-stories-for-a-lost-reader.md).
import { describe, expect, it } from 'vitest';
import { MAX_ADDRESS_WORDS, wordsOfAddress } from '../../../worker/discovery/lost-reader.ts';

describe('wordsOfAddress', () => {
  it("keeps a story address's title words and drops its id, the writer's @ and filler", () => {
    expect(wordsOfAddress('/@ada/the-lighthouse-keepers-of-the-north-0a1b2c3d4e5f')).toEqual(['ada', 'lighthouse', 'keepers', 'north']);
  });

  it('drops address parts, numbers, short words and repeats, and folds case and accents', () => {
    expect(wordsOfAddress('/tag/Café_Culture/2024/page/3/café.html')).toEqual(['cafe', 'culture']);
  });

  it('reads escapes, and a malformed escape as typed', () => {
    expect(wordsOfAddress('/p/caf%C3%A9%20society')).toEqual(['cafe', 'society']);
    expect(wordsOfAddress('/p/broken%E0%A4%A-words')).toEqual(['broken', 'words']);
  });

  it('finds nothing to match in a random address', () => {
    expect(wordsOfAddress('/qzx/8d7f6e-zz')).toEqual(['qzx']);
    expect(wordsOfAddress('/')).toEqual([]);
  });

  it(`matches at most ${MAX_ADDRESS_WORDS} words however long the address`, () => {
    const words = wordsOfAddress(`/${Array.from({ length: 40 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join('-')}`);
    expect(words).toHaveLength(MAX_ADDRESS_WORDS);
  });
});
