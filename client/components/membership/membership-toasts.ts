// The toasts that confirm a membership action (docs/product/2-sign-in-notices-cache-routing.md §4.4:
// a toast is shown, fades after its duration; the texts are Vellum's, docs/membership.md "Toasts").
// Most actions end in a full page load (the membership is read again by the server), so the toast
// waits in sessionStorage and the next page shows it once, after hydration.
import { sessionJsonStorage } from '../toasts/browser-storage.ts';

export const MEMBERSHIP_TOASTS = {
  CANCELLED: 'Your membership has been cancelled. You keep your benefits until the end of the period you paid for.',
  REACTIVATED: 'Your membership has been reactivated.',
  PLAN_SWITCHED: 'Your plan change is scheduled: it starts with your next billing period.',
  CARD_UPDATED: 'Your payment method has been updated.',
  RETENTION_OFFER_ACCEPTED: 'Thank you for staying. Your membership continues at half price for the next 12 months.',
  GIFT_REDEEMED: 'Your gift membership has started. Enjoy reading.',
} as const;
export type MembershipToast = keyof typeof MEMBERSHIP_TOASTS;

const KEY = 'vellum.membershipToast';

/** Keeps a toast for the next page this tab loads. */
export function queueMembershipToast(kind: MembershipToast): void {
  sessionJsonStorage().set(KEY, kind);
}

/**
 * The toast this page load should show, taken once: a queued one, or the card update the
 * checkout's success address announces (/manage-membership?card=updated).
 */
export function takeMembershipToast(location: { pathname: string; search: string }): MembershipToast | null {
  const storage = sessionJsonStorage();
  const queued = storage.get<string | null>(KEY, null);
  storage.remove(KEY);
  if (queued && Object.hasOwn(MEMBERSHIP_TOASTS, queued)) return queued as MembershipToast;
  if (location.pathname === '/manage-membership' && new URLSearchParams(location.search).get('card') === 'updated') return 'CARD_UPDATED';
  return null;
}
