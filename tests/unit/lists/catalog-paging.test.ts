import { describe, expect, it } from 'vitest';
import { isFirstPage, mergeCatalogPage } from '../../../client/components/lists/catalog-paging.ts';

const item = (id: string, label = id) => ({ id, label });
const idOf = (x: { id: string }) => x.id;

describe('list paging (docs/product/1-product-screens-membership-header-search.md §4)', () => {
  it('a first page is one with only a limit or a null cursor', () => {
    expect(isFirstPage({ limit: 10 })).toBe(true);
    expect(isFirstPage({ limit: 10, to: null })).toBe(true);
    expect(isFirstPage(null)).toBe(true);
    expect(isFirstPage({ limit: 10, to: 'abc' })).toBe(false);
  });

  it('a first page replaces what is shown', () => {
    const shown = [item('a'), item('b')];
    expect(mergeCatalogPage(shown, [item('c')], { limit: 2 }, idOf)).toEqual([item('c')]);
    expect(mergeCatalogPage(shown, [item('a', 'fresh')], { limit: 2, to: null }, idOf)).toEqual([item('a', 'fresh')]);
  });

  it('a later page appends, leaving out ids already shown', () => {
    const shown = [item('a'), item('b')];
    const merged = mergeCatalogPage(shown, [item('b', 'moved'), item('c'), item('c'), item('d')], { limit: 2, to: 'cursor' }, idOf);
    expect(merged).toEqual([item('a'), item('b'), item('c'), item('d')]);
    // The input is not changed.
    expect(shown).toEqual([item('a'), item('b')]);
  });
});
