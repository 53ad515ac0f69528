// The TAX_STATUS toast's text (docs/product/2-sign-in-notices-cache-routing.md §4.5). Who sees it,
// and when, is the tax banner's loader (TaxStatusToastLoaderQuery, a later issue); this turns the
// tax document fields into the spec's message.
import { formatDate } from '../../../shared/format.ts';
import type { TaxDocumentsStatus } from './toast-queue.ts';

export type TaxStatusKind = 'mustBeApprovedBy' | 'earningsStopped' | 'earningsForfeited' | 'underReview' | 'invalid';

export function taxStatusKind(tax: TaxDocumentsStatus, now: number): TaxStatusKind | null {
  switch (tax.taxDocumentStatus) {
    case 0:
      if (tax.earningsForfeitedAt != null && now >= tax.earningsForfeitedAt) return 'earningsForfeited';
      if (tax.earningsLimitedAt != null && now >= tax.earningsLimitedAt) return 'earningsStopped';
      return 'mustBeApprovedBy';
    case 1:
    case 2:
      return 'underReview';
    case 3:
      return 'invalid';
    default:
      return null;
  }
}

export function taxStatusMessage(tax: TaxDocumentsStatus, now: number): string | null {
  switch (taxStatusKind(tax, now)) {
    case 'mustBeApprovedBy':
      return tax.earningsLimitedAt != null
        ? `Your tax documents must be approved by ${formatDate(tax.earningsLimitedAt)} to keep your earnings.`
        : 'Your tax documents must be approved to keep your earnings.';
    case 'earningsStopped':
      return 'Earnings stopped: your tax documents have not been approved.';
    case 'earningsForfeited':
      return 'Earnings forfeited: your tax documents were not approved in time.';
    case 'underReview':
      return 'Your tax documents were received. Please wait 3 to 5 business days for them to be reviewed.';
    case 'invalid':
      return 'There was an issue with your tax forms.';
    default:
      return null;
  }
}

/** The stats pages never show the tax banner (§4.5: ShowStats* and their ShowUser* equivalents). */
const STATS_ROUTES: ReadonlySet<string> = new Set([
  'ShowStats',
  'ShowStatsPost',
  'ShowStatsResponses',
  'ShowStatsSeries',
  'ShowUserStats',
  'ShowUserStatsPost',
  'ShowUserStatsResponses',
  'ShowUserStatsSeries',
]);

export function isTaxBannerHiddenOn(routeName: string | null): boolean {
  return routeName !== null && STATS_ROUTES.has(routeName);
}
