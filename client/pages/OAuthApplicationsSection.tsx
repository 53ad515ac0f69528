// The viewer's OAuth applications on /me/applications (docs/adr/0088-oauth-for-third-party-applications.md): register one
// (name and redirect URI; the client secret is shown once), see its client id, delete it (every
// token it was given ends).
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { CreateOAuthApplication, DeleteOAuthApplication, type IntegrationTokensData } from './ApplicationsPage.graphql.ts';

type Application = IntegrationTokensData['oauthApplications'][number];

export function OAuthApplicationsSection({ initial }: { initial: readonly Application[] }) {
  const [applications, setApplications] = useState<readonly Application[]>(initial);
  const [name, setName] = useState('');
  const [redirectUri, setRedirectUri] = useState('');
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, create] = useMutation(CreateOAuthApplication);
  const [, remove] = useMutation(DeleteOAuthApplication);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const answer = (await create({ name, redirectUri })).data?.createOAuthApplication;
    if (answer?.__typename === 'CreatedOAuthApplication') {
      setCreated({ id: answer.application.id, secret: answer.clientSecret });
      setApplications((list) => [answer.application, ...list]);
      setName('');
      setRedirectUri('');
    } else setError(answer?.__typename === 'BadRequest' ? answer.message : 'Please try again.');
  };

  return (
    <section id="oauthApplications" className="settings-section" aria-labelledby="oauth-applications-title">
      <h2 id="oauth-applications-title" className="settings-section-title">
        Applications
      </h2>
      <p className="muted">Register an application that other readers can connect to their account (OAuth 2.0 with PKCE at /m/oauth/authorize).</p>
      {created ? (
        <div data-testid="new-application">
          <p>Copy the client secret now: it will not be shown again.</p>
          <p className="settings-secret">
            Client ID: <code>{created.id}</code>
          </p>
          <p className="settings-secret" data-testid="new-application-secret">
            Client secret: <code>{created.secret}</code>
          </p>
        </div>
      ) : null}
      <form className="settings-form" onSubmit={submit}>
        <label className="settings-label" htmlFor="application-name">
          Name
        </label>
        <input id="application-name" className="settings-input" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} required />
        <label className="settings-label" htmlFor="application-redirect">
          Redirect URI
        </label>
        <input
          id="application-redirect"
          className="settings-input"
          value={redirectUri}
          maxLength={500}
          placeholder="https://example.com/callback"
          onChange={(e) => setRedirectUri(e.target.value)}
          required
        />
        <button type="submit" className="button button-dark" disabled={fetching}>
          Register application
        </button>
        {error ? (
          <p className="settings-status is-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      <ul className="settings-list" data-testid="oauth-applications">
        {applications.map((application) => (
          <li key={application.id} className="settings-row" data-application-id={application.id}>
            <span>{application.name}</span>
            <span className="muted">
              <code>{application.id}</code> · {application.redirectUri}
            </span>
            <button
              type="button"
              className="button button-outline button-small"
              onClick={async () => {
                if ((await remove({ id: application.id })).data?.deleteOAuthApplication) setApplications((list) => list.filter((a) => a.id !== application.id));
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
