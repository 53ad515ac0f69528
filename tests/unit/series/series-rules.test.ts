// The rules of a series' address and title (worker/series/series.ts; docs/series.md).
import { describe, expect, it } from 'vitest';
import { slugFromTitle, validateSeriesDescription, validateSeriesSlug, validateSeriesTitle } from '../../../worker/series/series.ts';

describe('series address', () => {
  it.each(['the-long-walk', 'abc', 'part-2-of-9', 'a'.repeat(60)])('accepts %s', (slug) => {
    expect(validateSeriesSlug(slug)).toEqual({ value: slug });
  });

  it.each(['ab', 'a'.repeat(61), 'The-Walk', 'a--b', '-ab', 'ab-', 'a b', '../x', 'a/b', 'new', 'edit', 'é-walk', ''])('refuses %j', (slug) => {
    expect(validateSeriesSlug(slug)).toHaveProperty('error');
  });

  it('suggests an address from a title', () => {
    expect(slugFromTitle('  Crème Brûlée: A Year in 12 Parts! ')).toBe('creme-brulee-a-year-in-12-parts');
    expect(validateSeriesSlug(slugFromTitle('Crème Brûlée: A Year in 12 Parts!'))).toHaveProperty('value');
  });
});

describe('series title and description', () => {
  it('keeps a title on one line, trimmed', () => {
    expect(validateSeriesTitle('  The   Long\nWalk ')).toEqual({ value: 'The Long Walk' });
  });

  it('refuses empty, too long and direction-control titles', () => {
    expect(validateSeriesTitle('   ')).toEqual({ error: 'Give your series a title.' });
    expect(validateSeriesTitle('x'.repeat(101))).toHaveProperty('error');
    expect(validateSeriesTitle('Staff\u202E')).toHaveProperty('error');
    expect(validateSeriesTitle('Nul\u0000')).toHaveProperty('error');
  });

  it('keeps line breaks in a description, refuses control characters', () => {
    expect(validateSeriesDescription('One\nTwo')).toEqual({ value: 'One\nTwo' });
    expect(validateSeriesDescription('Bell\u0007')).toHaveProperty('error');
    expect(validateSeriesDescription('x'.repeat(281))).toHaveProperty('error');
  });
});
