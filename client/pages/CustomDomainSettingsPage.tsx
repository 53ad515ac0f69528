// /me/settings/custom-domain (page settings-custom-domain; docs/adr/0012-accounts.md §7): connect
// a domain, see the DNS records to add while it is pending, check them, disconnect. The refusals
// are the spec's domain connect errors, shown with their messages.
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import type { ResultOf } from '../graphql/graphql.ts';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import {
  CustomDomainSettings_settings,
  CustomDomainSettingsQuery,
  RemoveCustomDomain,
  SetCustomDomain,
  VerifyCustomDomain,
  type CustomDomainSettingsData,
} from './CustomDomainSettingsPage.graphql.ts';
import type { PageDefinition } from './page-definition.ts';

type Settings = ResultOf<typeof CustomDomainSettings_settings>;

function Status({ text, error }: { text: string | null; error?: boolean }) {
  return (
    <p className={`settings-status${error ? ' is-error' : ''}`} role={error ? 'alert' : 'status'} data-testid="custom-domain-status">
      {text ?? ''}
    </p>
  );
}

function CustomDomainScreen({ initial }: { initial: Settings }) {
  const [settings, setSettings] = useState(initial);
  const [domain, setDomain] = useState('');
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [{ fetching: saving }, save] = useMutation(SetCustomDomain);
  const [{ fetching: checking }, verify] = useMutation(VerifyCustomDomain);
  const [{ fetching: removing }, remove] = useMutation(RemoveCustomDomain);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = (await save({ domain })).data?.setCustomDomain;
    if (answer?.__typename === 'CustomDomainSettings') {
      setSettings(answer);
      setStatus({ text: 'Add these records at your DNS provider, then check them.', error: false });
    } else setStatus({ text: answer?.__typename === 'CustomDomainRefused' ? answer.message : 'Something went wrong. Please try again.', error: true });
  };
  const check = async () => {
    const answer = (await verify({})).data?.verifyCustomDomain;
    if (answer?.__typename === 'CustomDomainVerification') {
      const next = answer.settings;
      setSettings(next);
      setStatus(next.state === 'LIVE' ? { text: `${next.domain} is live.`, error: false } : { text: answer.pendingReason ?? 'Still pending.', error: true });
    } else setStatus({ text: answer?.__typename === 'CustomDomainRefused' ? answer.message : 'Something went wrong. Please try again.', error: true });
  };
  const disconnect = async () => {
    const answer = (await remove({})).data?.removeCustomDomain;
    if (answer) {
      setSettings(answer);
      setStatus({ text: 'Your domain is disconnected.', error: false });
    }
  };

  return (
    <div className="settings-page">
      <h1 className="settings-heading">Custom domain</h1>
      <p className="muted">Your profile and stories at a domain of your own, like blog.example.com.</p>
      {settings.state === 'NONE' ? (
        <form className="settings-form" onSubmit={submit}>
          <label className="settings-label" htmlFor="custom-domain-input">
            Domain
          </label>
          <input id="custom-domain-input" className="settings-input" value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="blog.example.com" required />
          <button type="submit" className="button button-dark" disabled={saving}>
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
            </>
          ) : null}
          <div className="settings-inline">
            {settings.state === 'PENDING' ? (
              <button type="button" className="button button-dark" disabled={checking} onClick={() => void check()}>
                Check DNS records
              </button>
            ) : null}
            <button type="button" className="button button-outline" disabled={removing} onClick={() => void disconnect()}>
              Disconnect domain
            </button>
          </div>
        </section>
      )}
      <Status text={status?.text ?? null} error={status?.error} />
      <p>
        <a href="/me/settings/publishing">Back to settings</a>
      </p>
    </div>
  );
}

export const customDomainSettingsPage: PageDefinition<CustomDomainSettingsData> = {
  query: () => ({ query: CustomDomainSettingsQuery, variables: {} }),
  title: (_data, state) => `Custom domain – ${state.config.productName}`,
  Component: function CustomDomainSettings({ data }) {
    if (!data.customDomainSettings) {
      return (
        <div className="settings-page">
          <h1 className="settings-heading">Custom domain</h1>
          <CustomizeSignInPrompt what="connect a domain" />
        </div>
      );
    }
    return <CustomDomainScreen initial={data.customDomainSettings} />;
  },
};
