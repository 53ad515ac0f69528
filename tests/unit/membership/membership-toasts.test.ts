// The membership toasts wait in session storage across the page load an action ends with, and
// are shown once (docs/membership.md "Toasts").
import { describe, expect, it } from 'vitest';
import { queueMembershipToast, takeMembershipToast } from '../../../client/components/membership/membership-toasts.ts';
import { sessionJsonStorage } from '../../../client/components/toasts/browser-storage.ts';

const page = (pathname: string, search = '') => ({ pathname, search });

describe('membership toasts', () => {
  it('a queued toast is shown on the next page, once', () => {
    queueMembershipToast('CANCELLED');
    expect(takeMembershipToast(page('/manage-membership'))).toBe('CANCELLED');
    expect(takeMembershipToast(page('/manage-membership'))).toBeNull();
  });
  it('the card update announced by the checkout’s success address', () => {
    expect(takeMembershipToast(page('/manage-membership', '?card=updated'))).toBe('CARD_UPDATED');
    expect(takeMembershipToast(page('/plans', '?card=updated'))).toBeNull();
  });
  it('ignores anything else found in storage', () => {
    sessionJsonStorage().set('vellum.membershipToast', '<script>');
    expect(takeMembershipToast(page('/'))).toBeNull();
  });
});
