// Group gifts (gift type 31; docs/adr/0121-group-gifts.md): how many recipients one purchase may have.
// The form says it and the worker's checkout enforces it.

/** A group gift is for two recipients or more, at most this many in one purchase. */
export const GROUP_GIFT_MAX_RECIPIENTS = 20;
