import { useEffect } from 'react';
import { useNavigation } from '../app/navigation.tsx';

/**
 * Home with the hash #giftMembership goes to the gift checkout
 * (docs/product/2-sign-in-notices-cache-routing.md §2.3). The hash never reaches the server, so
 * this happens in the browser, after hydration.
 */
export function useGiftMembershipHash(): void {
  const { navigate } = useNavigation();
  useEffect(() => {
    if (window.location.hash === '#giftMembership') navigate('/gift-checkout', { replace: true });
  }, [navigate]);
}
