// The Partner Program's monthly job on the billing clock (docs/partner-program.md "Payouts"):
// called by the hourly billing cron and by `npm run billing:advance`. Cheap when there is
// nothing to do (a computed month is claimed once; only unpaid balances are visited).
import type { Env } from '../env.ts';
import { paymentProviderFor } from '../membership/payment-provider.ts';
import { runPartnerEarningsJob, type PartnerJobReport } from './payouts.ts';
import { logEvent } from '../lib/log-context.ts';

export async function runPartnerJob(env: Env, now: number): Promise<PartnerJobReport | null> {
  try {
    const report = await runPartnerEarningsJob(env.DB, paymentProviderFor(env), now);
    logEvent({ event: 'partner_earnings', ...report });
    return report;
  } catch (error) {
    // A failed run changes nothing that the next hourly run does not finish.
    logEvent({ event: 'partner_earnings_failed', error: error instanceof Error ? error.message : String(error) }, 'error');
    return null;
  }
}
