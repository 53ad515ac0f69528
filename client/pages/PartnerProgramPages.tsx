// The Partner Program's pages (docs/partner-program.md; docs/product/3-routes-data-calls-constants.md
// §2.6, §2.8):
//   partner-program-dashboard     /me/partner/dashboard(/{tab}), /@{username}/partner/dashboard(/{tab}), /me/settings/payout/dashboard
//   partner-program-application   /partner-program-application (who can join, then enrol)
//   partner-program-enroll        /me/partner/enroll(/{step})
//   partner-program-unenroll      /me/partner/unenroll
//   payout-setup                  /me/settings/payout/setup; partner-program-stripe-reconnect /partner-program/stripe/reconnect
//   partner-program-stripe-finish /me/settings/payout/stripe/finish, /partner-program/stripe/finish;
//   partner-program-stripe-reconnect-success /partner-program/stripe/reconnect/success
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useMutation } from 'urql';
import { formatPrice } from '../../shared/membership/plans.ts';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { TableScroll } from '../components/TableScroll.tsx';
import { PartnerDashboardQuery, type PartnerDashboardData, ViewerQuery, type ViewerData, EnrollInPartnerProgram, UnenrollFromPartnerProgram, StartPayoutAccountSetup, FinishPayoutAccountSetup } from './PartnerProgramPages.graphql.ts';

const usd = (cents: number) => formatPrice(cents, 'USD');
const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthName = (month: string) => MONTH_FORMAT.format(new Date(`${month}-01T00:00:00Z`));
const STATE_LABELS: Record<string, string> = { EARNED: 'Earned', WITHHELD: 'Withheld (tax documents)', STOPPED: 'Stopped (tax documents)', FORFEITED: 'Forfeited', PAID: 'Paid', PENDING: 'Pending', FAILED: 'Failed' };

function NotAvailable({ heading }: { heading: string }) {
  return (
    <div className="settings-page">
      <h1 className="settings-heading">{heading}</h1>
      <p data-testid="partner-not-available">
        This is for writers in the Partner Program. <a href="/partner-program">Learn about the Partner Program</a>.
      </p>
    </div>
  );
}

function PayoutFailedToast({ failed }: { failed: boolean }) {
  const { showToast } = useToast();
  useEffect(() => {
    // The payout error toast (docs/product/2-sign-in-notices-cache-routing.md §4.4 RETRY_STRIPE_CONNECTION): "Try again" reconnects.
    if (failed) showToast({ style: 'RETRY_STRIPE_CONNECTION', message: 'There was an error recording your payout information.', duration: 'FOREVER' });
  }, [failed]);
  return null;
}

/** Member reading time as minutes; under a minute is "under 1 min", not "0 min". */
function readingMinutes(seconds: number): string {
  return seconds > 0 && seconds < 60 ? 'under 1 min' : `${Math.round(seconds / 60)} min`;
}

export const partnerDashboardPage: PageDefinition<PartnerDashboardData> = {
  query: (params) => ({ query: PartnerDashboardQuery, variables: { username: params.username ?? null } }),
  status: (data) => (data.partnerDashboard ? 200 : 404),
  title: (_data, state) => `Partner Program dashboard – ${state.config.productName}`,
  Component: function PartnerDashboard({ data }) {
    const dashboard = data.partnerDashboard;
    if (!dashboard) return <NotAvailable heading="Partner Program" />;
    return (
      <div className="settings-page" data-testid="partner-dashboard">
        <PayoutFailedToast failed={dashboard.lastPayoutFailed} />
        <h1 className="settings-heading">Partner Program</h1>
        {/* The totals as the stats pages show theirs (client/styles/stats.css), the payout account's state beside them. */}
        <dl className="stats-totals partner-totals" data-testid="partner-totals">
          <div className="stats-total">
            <dt className="muted">Earned</dt>
            <dd data-testid="partner-total">{usd(dashboard.totalEarned)}</dd>
          </div>
          <div className="stats-total">
            <dt className="muted">Paid out</dt>
            <dd>{usd(dashboard.paidOut)}</dd>
          </div>
          <div className="stats-total">
            <dt className="muted">Next payout</dt>
            <dd>{usd(dashboard.balance)}</dd>
          </div>
          {dashboard.withheld > 0 ? (
            <div className="stats-total">
              <dt className="muted">Withheld until your tax documents are approved</dt>
              <dd>
                {usd(dashboard.withheld)} <a className="partner-total-action" href="/me/partner/taxes">Tax documents</a>
              </dd>
            </div>
          ) : null}
          <div className="stats-total">
            <dt className="muted">Payout account</dt>
            <dd>
              {dashboard.payoutAccountState === 'VERIFIED' ? 'Ready' : <a className="partner-total-action" href="/me/settings/payout/setup">Set up payouts</a>}
            </dd>
          </div>
        </dl>
        <h2 className="settings-section-title">Earnings per story</h2>
        {dashboard.earnings.length === 0 ? (
          <p className="muted">No earnings yet: they are computed at the start of each month from the time members spent reading your stories.</p>
        ) : (
          <TableScroll label="Earnings per story">
            <table className="settings-records" data-testid="partner-earnings">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Story</th>
                  <th scope="col">Member reading time</th>
                  <th scope="col">Earnings</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.earnings.map((e) => (
                  <tr key={`${e.month}-${e.postId}`} data-post-id={e.postId}>
                    <td>{monthName(e.month)}</td>
                    <td>
                      <a href={`/p/${e.postId}`}>{e.title}</a>
                    </td>
                    <td>{readingMinutes(e.readingSeconds)}</td>
                    <td>{usd(e.amount)}</td>
                    <td>{STATE_LABELS[e.state] ?? e.state}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <h2 className="settings-section-title">Payouts</h2>
        {dashboard.payouts.length === 0 ? (
          <p className="muted">No payouts yet.</p>
        ) : (
          <TableScroll label="Payouts">
            <table className="settings-records" data-testid="partner-payouts">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Amount</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.payouts.map((p) => (
                  <tr key={p.month}>
                    <td>{monthName(p.month)}</td>
                    <td>{usd(p.amount)}</td>
                    <td>{STATE_LABELS[p.state] ?? p.state}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        <p>
          <a href="/me/partner/taxes">Tax documents</a> · <a href="/me/partner/unenroll">Leave the Partner Program</a>
        </p>
      </div>
    );
  },
};

function Status({ text, error }: { text: string | null; error?: boolean }) {
  return text ? (
    <p className={`settings-status${error ? ' is-error' : ''}`} role={error ? 'alert' : 'status'} data-testid="partner-status">
      {text}
    </p>
  ) : null;
}

function CountryInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <>
      <label className="settings-label" htmlFor="partner-country">
        Country you live in (two letters, like US or DE)
      </label>
      <input id="partner-country" className="settings-input" value={value} maxLength={2} onChange={(e) => onChange(e.target.value.toUpperCase())} required />
    </>
  );
}

/** Starts the provider's onboarding and goes there. */
function PayoutSetupForm({ returnTo, label }: { returnTo: 'SETTINGS' | 'PARTNER_PROGRAM' | 'RECONNECT'; label: string }) {
  const [country, setCountry] = useState('US');
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, start] = useMutation(StartPayoutAccountSetup);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = (await start({ returnTo, country })).data?.startPayoutAccountSetup;
    if (answer?.ok && answer.url) window.location.assign(answer.url);
    else setError(answer?.message ?? 'There was an error recording your payout information.');
  };
  return (
    <form className="settings-form" onSubmit={submit} data-testid="payout-setup-form">
      <CountryInput value={country} onChange={setCountry} />
      <button type="submit" className="button button-dark" disabled={fetching}>
        {label}
      </button>
      <Status text={error} error />
    </form>
  );
}

function signedInOnly(heading: string, what: string, Body: () => ReactElement): PageDefinition<ViewerData>['Component'] {
  return function SignedInOnly({ data }) {
    if (!data.viewer)
      return (
        <div className="settings-page">
          <h1 className="settings-heading">{heading}</h1>
          <CustomizeSignInPrompt what={what} />
        </div>
      );
    return <Body />;
  };
}

export const partnerApplicationPage: PageDefinition<ViewerData> = {
  query: () => ({ query: ViewerQuery, variables: {} }),
  title: (_data, state) => `Apply to the Partner Program – ${state.config.productName}`,
  Component: function PartnerApplication({ data }) {
    const status = data.viewer?.partnerProgramEnrollment?.status;
    return (
      <div className="settings-page">
        <h1 className="settings-heading">Apply to the Partner Program</h1>
        <p>Writers are paid each month for the time members spend reading their stories. To join you need:</p>
        <ul>
          <li>at least one published story;</li>
          <li>a payout account with our payment provider;</li>
          <li>approved tax documents (earnings are held until they are).</li>
        </ul>
        {status === 'ACTIVE' || status === 'PENDING_ACTION' ? (
          <p>
            You are in the Partner Program. <a href="/me/partner/dashboard">Go to your dashboard</a>.
          </p>
        ) : (
          <a className="button button-dark" href="/me/partner/enroll" data-testid="partner-apply">
            Apply now
          </a>
        )}
      </div>
    );
  },
};

function EnrollBody() {
  const [country, setCountry] = useState('US');
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [enrolled, setEnrolled] = useState(false);
  const [{ fetching }, enroll] = useMutation(EnrollInPartnerProgram);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = (await enroll({ country })).data?.enrollInPartnerProgram;
    if (answer?.ok) {
      setEnrolled(true);
      setStatus({ text: 'You are in the Partner Program. Next: your payout account.', error: false });
    } else setStatus({ text: answer?.message ?? 'Something went wrong. Please try again.', error: true });
  };
  return (
    <div className="settings-page">
      <h1 className="settings-heading">Join the Partner Program</h1>
      {enrolled ? (
        <PayoutSetupForm returnTo="PARTNER_PROGRAM" label="Set up payouts" />
      ) : (
        <form className="settings-form" onSubmit={submit} data-testid="partner-enroll-form">
          <CountryInput value={country} onChange={setCountry} />
          <button type="submit" className="button button-dark" disabled={fetching}>
            Enroll
          </button>
        </form>
      )}
      <Status text={status?.text ?? null} error={status?.error} />
    </div>
  );
}

export const partnerEnrollPage: PageDefinition<ViewerData> = {
  query: () => ({ query: ViewerQuery, variables: {} }),
  title: (_data, state) => `Join the Partner Program – ${state.config.productName}`,
  Component: signedInOnly('Join the Partner Program', 'join the Partner Program', EnrollBody),
};

function UnenrollBody() {
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [{ fetching }, unenroll] = useMutation(UnenrollFromPartnerProgram);
  const leave = async () => {
    const answer = (await unenroll({})).data?.unenrollFromPartnerProgram;
    setStatus(answer?.ok ? { text: 'You left the Partner Program. What you earned is still paid out.', error: false } : { text: answer?.message ?? 'Something went wrong.', error: true });
  };
  return (
    <div className="settings-page">
      <h1 className="settings-heading">Leave the Partner Program</h1>
      <p>Your stories stop earning from now on. Earnings so far are still paid out.</p>
      <button type="button" className="button button-outline" disabled={fetching} onClick={() => void leave()} data-testid="partner-unenroll">
        Leave the Partner Program
      </button>
      <Status text={status?.text ?? null} error={status?.error} />
    </div>
  );
}

export const partnerUnenrollPage: PageDefinition<ViewerData> = {
  query: () => ({ query: ViewerQuery, variables: {} }),
  title: (_data, state) => `Leave the Partner Program – ${state.config.productName}`,
  Component: signedInOnly('Leave the Partner Program', 'leave the Partner Program', UnenrollBody),
};

export const payoutSetupPage: PageDefinition<ViewerData> = {
  query: () => ({ query: ViewerQuery, variables: {} }),
  title: (_data, state) => `Payouts – ${state.config.productName}`,
  Component: signedInOnly('Payouts', 'set up payouts', () => (
    <div className="settings-page">
      <h1 className="settings-heading">Payouts</h1>
      <p>Partner Program earnings are paid to an account with our payment provider. You will give them your payout details on their page.</p>
      <PayoutSetupForm returnTo="SETTINGS" label="Set up payouts" />
    </div>
  )),
};

export const payoutReconnectPage: PageDefinition<ViewerData> = {
  query: () => ({ query: ViewerQuery, variables: {} }),
  title: (_data, state) => `Reconnect payouts – ${state.config.productName}`,
  Component: signedInOnly('Reconnect payouts', 'reconnect payouts', () => (
    <div className="settings-page">
      <h1 className="settings-heading">Reconnect payouts</h1>
      <p>Your payout account needs attention before we can pay you. Confirm your details with our payment provider.</p>
      <PayoutSetupForm returnTo="RECONNECT" label="Reconnect" />
    </div>
  )),
};

function FinishBody() {
  const [{ data, fetching, error }, finish] = useMutation(FinishPayoutAccountSetup);
  useEffect(() => {
    void finish({});
  }, []);
  const answer = data?.finishPayoutAccountSetup;
  return (
    <div className="settings-page">
      <h1 className="settings-heading">Payouts</h1>
      {fetching || (!answer && !error) ? (
        <p aria-busy="true">Checking your payout account…</p>
      ) : answer?.payoutAccountState === 'VERIFIED' ? (
        <p data-testid="payout-ready">
          Your payout account is ready. <a href="/me/partner/dashboard">Go to your dashboard</a>.
        </p>
      ) : (
        <>
          <Status text={answer?.message ?? 'Your payout details are not complete yet.'} error />
          <a className="button button-dark" href="/partner-program/stripe/reconnect">
            Try again
          </a>
        </>
      )}
    </div>
  );
}

export const payoutFinishPage: PageDefinition<ViewerData> = {
  query: () => ({ query: ViewerQuery, variables: {} }),
  title: (_data, state) => `Payouts – ${state.config.productName}`,
  Component: signedInOnly('Payouts', 'finish setting up payouts', FinishBody),
};
