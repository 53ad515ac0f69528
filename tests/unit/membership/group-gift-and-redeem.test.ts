// Units of group gifts and redemption (docs/adr/0121-group-gifts.md): the recipient list a giver
// types (2 to 20 distinct addresses, case folded, lines or commas) and the `from` path the redeem
// page offers to go back to (this site only).
import { describe, expect, it } from 'vitest';
import { groupGiftRecipientList } from '../../../worker/membership/checkout.ts';
import { sitePath } from '../../../client/components/membership/RedeemGiftForm.tsx';
import { GROUP_GIFT_MAX_RECIPIENTS } from '../../../shared/membership/group-gift.ts';
import { CANCELLATION_REASONS, isCancellationReason } from '../../../shared/membership/cancellation.ts';

describe('groupGiftRecipientList', () => {
  it('folds case, spaces and repeats; lines, commas and semicolons separate', () => {
    expect(groupGiftRecipientList(' A@vellum.test\nb@vellum.test , a@VELLUM.test;c@vellum.test\n\n')).toEqual(['a@vellum.test', 'b@vellum.test', 'c@vellum.test']);
  });
  it('refuses fewer than two, more than the maximum, or any non-address', () => {
    expect(groupGiftRecipientList('a@vellum.test')).toBeNull();
    expect(groupGiftRecipientList('a@vellum.test\na@vellum.test')).toBeNull();
    expect(groupGiftRecipientList(Array.from({ length: GROUP_GIFT_MAX_RECIPIENTS + 1 }, (_, i) => `r${i}@vellum.test`).join('\n'))).toBeNull();
    expect(groupGiftRecipientList(Array.from({ length: GROUP_GIFT_MAX_RECIPIENTS }, (_, i) => `r${i}@vellum.test`).join('\n'))).toHaveLength(GROUP_GIFT_MAX_RECIPIENTS);
    expect(groupGiftRecipientList('a@vellum.test\nnot an address')).toBeNull();
  });
});

describe('sitePath', () => {
  it('keeps a path on this site and refuses anything that leaves it', () => {
    expect(sitePath('/@partner/a-story-1234abcd')).toBe('/@partner/a-story-1234abcd');
    for (const away of ['//evil.test/x', '/\\evil.test', 'https://evil.test/', 'javascript:alert(1)', '/a b', '', null]) expect(sitePath(away)).toBeNull();
  });
});

describe('cancellation reasons', () => {
  it('are the spec\'s eight, and nothing else passes', () => {
    expect(CANCELLATION_REASONS).toEqual(['CONTENT', 'COSTS', 'DUPLICATE_ACCOUNTS', 'FEATURE_USAGE', 'PREMIUM_TIER', 'SWITCHING_PRODUCT', 'TIME', 'OTHER']);
    expect(isCancellationReason('TIME')).toBe(true);
    for (const other of ['time', 'BECAUSE', '', null, 3, { reason: 'TIME' }]) expect(isCancellationReason(other)).toBe(false);
  });
});
