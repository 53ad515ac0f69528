// A custom domain's settings screen (docs/adr/0086-a-writers-custom-domain.md and docs/adr/0087-a-publications-custom-domain.md): connect a domain, see the
// DNS records to add while it is pending, check them, disconnect. One screen for a writer's
// domain (/me/settings/custom-domain) and a publication's (/{collectionSlug}/settings/custom-domain):
// the page gives the calls; the refusals are the spec's domain connect errors, shown with their
// messages.
import { useState, type FormEvent } from 'react';
import type { ResultOf } from '../../app/graphql.ts';
import type { CustomDomainSettings_settings } from './CustomDomainPanel.graphql.ts';
import { TableScroll } from '../TableScroll.tsx';
import { useNavigation } from '../../app/navigation.tsx';

export type CustomDomainSettingsValue = ResultOf<typeof CustomDomainSettings_settings>;

/** A call's answer: new settings, or a refusal's message (undefined: the call failed). */
export type SaveAnswer = { settings: CustomDomainSettingsValue } | { message: string } | undefined;
export type VerifyAnswer = { settings: CustomDomainSettingsValue; pendingReason: string | null } | { message: string } | undefined;

export interface CustomDomainCalls {
  save: (domain: string) => Promise<SaveAnswer>;
  verify: () => Promise<VerifyAnswer>;
  remove: () => Promise<CustomDomainSettingsValue | undefined>;
}

const FAILED = 'Something went wrong. Please try again.';

function Status({ text, error }: { text: string | null; error?: boolean }) {
  return (
    <p className={`settings-status${error ? ' is-error' : ''}`} role={error ? 'alert' : 'status'} data-testid="custom-domain-status">
      {text ?? ''}
    </p>
  );
}

/** What the settings page says after the registrar hand-off (worker/accounts/registrar.ts RegistrarOutcome). */
export function registrarStatus(outcome: string | null, domain: string | null): { text: string; error: boolean } | null {
  switch (outcome) {
    case 'LIVE':
      return { text: `Your registrar set up the records: ${domain ?? 'your domain'} is live.`, error: false };
    case 'PENDING':
      return { text: 'Your registrar is setting up the records. DNS changes can take a while to be seen; check again later.', error: false };
    case 'DENIED':
      return { text: 'Nothing was changed at your registrar. Set the records up there, or add them by hand below.', error: true };
    case 'EXPIRED_STATE':
      return { text: 'That registrar request has expired or was already used. Start again.', error: true };
    case 'UNAVAILABLE':
      return { text: 'Your registrar can’t set these records up from here: add them by hand below.', error: true };
    default:
      return null;
  }
}

export function CustomDomainPanel({
  initial,
  calls,
  intro,
  disconnected,
  back,
  registrarHref,
}: {
  initial: CustomDomainSettingsValue;
  /** Where the registrar hand-off starts (docs/adr/0182-registrar-hand-off.md). */
  registrarHref: string;
  calls: CustomDomainCalls;
  /** The line under the heading: what the domain will serve. */
  intro: string;
  /** The status after a disconnect. */
  disconnected: string;
  back: { href: string; label: string };
}) {
  const [settings, setSettings] = useState(initial);
  const [domain, setDomain] = useState('');
  const { location } = useNavigation();
  // The registrar hand-off comes back here with ?registrar=… (a code; the words are here).
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(() => registrarStatus(new URLSearchParams(location.search).get('registrar'), initial.domain));
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await calls.save(domain);
      if (answer && 'settings' in answer) {
        setSettings(answer.settings);
        setStatus({ text: 'Add these records at your DNS provider, then check them.', error: false });
      } else setStatus({ text: answer?.message ?? FAILED, error: true });
    });
  };
  const check = () =>
    run(async () => {
      const answer = await calls.verify();
      if (answer && 'settings' in answer) {
        const next = answer.settings;
        setSettings(next);
        setStatus(next.state === 'LIVE' ? { text: `${next.domain} is live.`, error: false } : { text: answer.pendingReason ?? 'Still pending.', error: true });
      } else setStatus({ text: answer?.message ?? FAILED, error: true });
    });
  const disconnect = () =>
    run(async () => {
      const answer = await calls.remove();
      if (answer) {
        setSettings(answer);
        setStatus({ text: disconnected, error: false });
      } else setStatus({ text: FAILED, error: true });
    });

  return (
    <div className="settings-page">
      <h1 className="settings-heading">Custom domain</h1>
      <p className="muted">{intro}</p>
      {settings.state === 'NONE' ? (
        <form className="settings-form" onSubmit={submit}>
          <label className="settings-label" htmlFor="custom-domain-input">
            Domain
          </label>
          <input id="custom-domain-input" className="settings-input" value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="blog.example.com" required />
          <button type="submit" className="button button-dark" disabled={busy}>
            Continue
          </button>
        </form>
      ) : (
        <section className="settings-section" aria-labelledby="custom-domain-title">
          <h2 id="custom-domain-title" className="settings-section-title">
            {settings.domain}
          </h2>
          <p className="settings-value" data-testid="custom-domain-state">
            {settings.state === 'LIVE' ? 'Live' : 'Pending verification'}
          </p>
          {settings.state === 'PENDING' ? (
            <>
              <p className="muted">Add these records at your DNS provider. The TXT record proves the domain is yours; the CNAME sends its visitors here.</p>
              {settings.registrarHandOff ? (
                <p>
                  <a className="button button-outline" href={registrarHref} data-testid="custom-domain-registrar">
                    Set them up at your registrar
                  </a>
                </p>
              ) : null}
              <TableScroll label="DNS records">
                <table className="settings-records">
                  <thead>
                    <tr>
                      <th scope="col">Type</th>
                      <th scope="col">Name</th>
                      <th scope="col">Value</th>
                    </tr>
                  </thead>
                  <tbody>
                    {settings.records.map((record) => (
                      <tr key={record.type} data-record-type={record.type}>
                        <td>{record.type}</td>
                        <td>
                          <code>{record.name}</code>
                        </td>
                        <td>
                          <code>{record.value}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </>
          ) : null}
          <div className="settings-inline">
            {settings.state === 'PENDING' ? (
              <button type="button" className="button button-dark" disabled={busy} onClick={() => void check()}>
                Check DNS records
              </button>
            ) : null}
            <button type="button" className="button button-outline" disabled={busy} onClick={() => void disconnect()}>
              Disconnect domain
            </button>
          </div>
        </section>
      )}
      <Status text={status?.text ?? null} error={status?.error} />
      <p>
        <a href={back.href}>{back.label}</a>
      </p>
    </div>
  );
}
