// docs/product/2-sign-in-notices-cache-routing.md §5 (issue 18 point 5): an id is a valid
// non-logged-out id when it is non-empty and does not start with lo_.
import { describe, expect, it } from 'vitest';
import { isValidNonLoggedOutId } from '../../../shared/auth/sign-in-rules.ts';

describe('isValidNonLoggedOutId', () => {
  it('accepts a real id', () => {
    expect(isValidNonLoggedOutId('aa0000000001')).toBe(true);
    expect(isValidNonLoggedOutId('lo')).toBe(true);
    expect(isValidNonLoggedOutId('xlo_1')).toBe(true);
  });
  it('refuses an empty, missing or logged-out id', () => {
    expect(isValidNonLoggedOutId('')).toBe(false);
    expect(isValidNonLoggedOutId(null)).toBe(false);
    expect(isValidNonLoggedOutId(undefined)).toBe(false);
    expect(isValidNonLoggedOutId('lo_')).toBe(false);
    expect(isValidNonLoggedOutId('lo_1a2b3c')).toBe(false);
  });
});
