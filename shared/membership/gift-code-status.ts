// Gift code checks: the statuses (docs/product/3-routes-data-calls-constants.md §4, "Invite/gift
// code check") and the messages Vellum shows for each (ours: docs/membership.md, "Gifts").
export const GIFT_CODE_STATUSES = ['VALID', 'ALREADY_USED', 'EXPIRED', 'NOT_FOUND'] as const;
export type GiftCodeStatus = (typeof GIFT_CODE_STATUSES)[number];

export const GIFT_CODE_MESSAGES: Record<GiftCodeStatus, string> = {
  VALID: 'This gift code is valid. Redeem it to start your membership.',
  ALREADY_USED: 'This gift code has already been used.',
  EXPIRED: 'This gift code has expired.',
  NOT_FOUND: "We couldn't find that gift code. Check it and try again.",
};
