// Shows, once after hydration, the membership toast a page load was asked to show
// (membership-toasts.ts). The membership banner slot does it on pages with a header; a page in the
// basic layout where a membership action ends (/manage-membership after cancelling, reactivating
// or switching plan) calls it itself, so the toast shows where the action happened rather than
// waiting in sessionStorage for the next page with a header (docs/membership.md "Toasts").
import { useEffect } from 'react';
import { useToast } from '../toasts/ToastProvider.tsx';
import { MEMBERSHIP_TOASTS, takeMembershipToast } from './membership-toasts.ts';

export function useQueuedMembershipToast(): void {
  const { showToast } = useToast();
  useEffect(() => {
    const toast = takeMembershipToast(window.location);
    if (toast) showToast({ message: MEMBERSHIP_TOASTS[toast] });
  }, [showToast]);
}
