// The tax-status banner (docs/product/2-sign-in-notices-cache-routing.md §4.5): after hydration a
// signed-in viewer's tax documents are loaded once per page load; a Partner Program writer whose
// status is ACTIVE or PENDING_ACTION and whose documents are not approved sees the
// TAX_STATUS toast with the text of their state, except on the stats pages. Signed-in pages are
// never cached (docs/adr/0019-edge-cache-on-the-cache-api.md), and the loader runs in the browser, so a cached
// page carries nothing of it.
import { useEffect } from 'react';
import { useClient } from 'urql';
import { useViewerSession } from '../header/viewer-session.tsx';
import { isTaxBannerHiddenOn } from '../toasts/tax-status-message.ts';
import { useToast } from '../toasts/ToastProvider.tsx';
import { TaxStatusToastLoaderQuery } from './TaxStatus.graphql.ts';

export function TaxStatusPrompt({ routeName, pathname }: { routeName: string | null; pathname: string }) {
  const session = useViewerSession();
  const client = useClient();
  const { showToast } = useToast();
  const hidden = isTaxBannerHiddenOn(routeName);

  useEffect(() => {
    // Only a Partner Program writer who may see it asks (the page's state says so): no request for anyone else.
    // A suspended or limited account keeps its banner in the one toast slot (ToastProvider's StartupToasts).
    if (!session.isLoggedIn || !session.viewer?.partnerProgramStatus || session.viewer.standing || hidden) return;
    let cancelled = false;
    void client
      .query(TaxStatusToastLoaderQuery, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        const tax = result.data?.partnerTaxDocuments;
        if (cancelled || !tax?.showsBanner) return;
        showToast({
          style: 'TAX_STATUS',
          // Until the next page: each page asks again, so a stats page never carries it over.
          duration: 'NEXTPAGE',
          extraParams: {
            taxDocuments: {
              taxDocumentStatus: tax.taxDocumentStatus as 0 | 1 | 2 | 3 | 4,
              earningsFirstWithheldAt: tax.earningsFirstWithheldAt,
              earningsLimitedAt: tax.earningsLimitedAt,
              earningsForfeitedAt: tax.earningsForfeitedAt,
            },
          },
        });
      });
    return () => {
      cancelled = true;
    };
    // Once per page.
  }, [pathname]);
  return null;
}
