import { describe, expect, it } from 'vitest';
import { appendUnique } from '../../../client/components/profiles/use-more-pages.ts';

describe('appendUnique (a later page appends, de-duplicated by id)', () => {
  it('keeps the shown items first and adds only new ones, in order', () => {
    const shown = [{ id: 'a' }, { id: 'b' }];
    expect(appendUnique(shown, [{ id: 'b' }, { id: 'c' }, { id: 'c' }, { id: 'd' }]).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('leaves the shown list unchanged', () => {
    const shown = [{ id: 'a' }];
    appendUnique(shown, [{ id: 'z' }]);
    expect(shown).toEqual([{ id: 'a' }]);
  });
});
