// Integration tokens (/me/applications, page oauth-applications; /me/applications/new and
// /me/applications/{id}, page oauth-application): make a token for your own tools, copy it (it is
// shown once), revoke it (docs/adr/0082-integration-tokens-and-v1.md). Below them, the OAuth applications the
// viewer registered for other readers to authorize (§9; client/pages/OAuthApplicationsSection.tsx).
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { CreateIntegrationToken, IntegrationTokensQuery, RevokeIntegrationToken, type IntegrationTokensData } from './ApplicationsPage.graphql.ts';
import { Link } from '../app/navigation.tsx';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import { OAuthApplicationsSection } from './OAuthApplicationsSection.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

type Token = IntegrationTokensData['integrationTokens'][number];

const SCOPES = [
  { value: 'basicProfile', label: 'Read your profile' },
  { value: 'listPublications', label: 'List your publications and their contributors' },
  { value: 'publishPost', label: 'Publish stories as you' },
] as const;

const day = (ms: number) => new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function NewToken({ onCreated }: { onCreated: (token: Token) => void }) {
  const [description, setDescription] = useState('');
  const [scopes, setScopes] = useState<string[]>(SCOPES.map((s) => s.value));
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, create] = useMutation(CreateIntegrationToken);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await create({ description, scopes });
    const answer = result.data?.createIntegrationToken;
    if (answer?.__typename === 'CreatedIntegrationToken') {
      setSecret(answer.token);
      setDescription('');
      onCreated(answer.integrationToken);
    } else setError(answer?.__typename === 'BadRequest' ? answer.message : 'Please try again.');
  };
  return (
    <section id="newToken" className="settings-section" aria-labelledby="new-token-title">
      <h2 id="new-token-title" className="settings-section-title">
        Get an integration token
      </h2>
      {secret ? (
        <div data-testid="new-token">
          <p>Copy your token now: it will not be shown again.</p>
          <p className="settings-secret" data-testid="new-token-value">
            {secret}
          </p>
        </div>
      ) : null}
      <form className="settings-form" onSubmit={submit}>
        <label className="settings-label" htmlFor="token-description">
          What is it for?
        </label>
        <input id="token-description" className="settings-input" value={description} maxLength={100} onChange={(e) => setDescription(e.target.value)} required />
        {SCOPES.map((scope) => (
          <label key={scope.value} className="settings-toggle">
            <input
              type="checkbox"
              checked={scopes.includes(scope.value)}
              onChange={(e) => setScopes((list) => (e.target.checked ? [...list, scope.value] : list.filter((s) => s !== scope.value)))}
            />
            {scope.label}
          </label>
        ))}
        <button type="submit" className="button button-dark" disabled={fetching || scopes.length === 0}>
          Get token
        </button>
        {error ? (
          <p className="settings-status is-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}

function Applications({ data, only }: { data: IntegrationTokensData; only: string | null }) {
  const [tokens, setTokens] = useState(data.integrationTokens);
  const [, revoke] = useMutation(RevokeIntegrationToken);
  const shown = only ? tokens.filter((t) => t.id === only) : tokens;
  return (
    <div className="settings-page">
      <h1 className="settings-heading">Integration tokens</h1>
      <p className="muted">
        Tokens let your own tools use the API as you. Keep them secret. <Link href="/me/settings/security">Back to settings</Link>
      </p>
      {only === null ? <NewToken onCreated={(token) => setTokens((list) => [token, ...list])} /> : null}
      <section className="settings-section" aria-labelledby="tokens-title">
        <h2 id="tokens-title" className="settings-section-title">
          Your tokens
        </h2>
        {shown.length === 0 ? <p className="muted">No tokens.</p> : null}
        <ul className="settings-list" data-testid="tokens">
          {shown.map((token) => (
            <li key={token.id} className="settings-row" data-token-id={token.id}>
              <span>{token.description}</span>
              <span className="muted">
                {day(token.createdAt)}
                {token.lastUsedAt ? ` · used ${day(token.lastUsedAt)}` : ' · never used'}
              </span>
              <button
                type="button"
                className="button button-outline button-small"
                onClick={async () => {
                  const result = await revoke({ id: token.id });
                  if (result.data?.revokeIntegrationToken) setTokens((list) => list.filter((t) => t.id !== token.id));
                }}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      </section>
      {only === null ? <OAuthApplicationsSection initial={data.oauthApplications} /> : null}
    </div>
  );
}

function IntegrationTokensScreen({ data, only }: { data: IntegrationTokensData; only: string | null }) {
  if (!data.viewer) {
    return (
      <div className="settings-page">
        <CustomizeSignInPrompt what="manage your integration tokens" />
      </div>
    );
  }
  return <Applications data={data} only={only} />;
}

const base = {
  query: () => ({ query: IntegrationTokensQuery, variables: {} }),
  title: (_data: IntegrationTokensData | undefined, state: { config: { productName: string } }) => `Integration tokens – ${state.config.productName}`,
};

export const applicationsPage: PageDefinition<IntegrationTokensData> = {
  ...base,
  Component: ({ data }) => <IntegrationTokensScreen data={data} only={null} />,
};

/** /me/applications/new shows the form and the list; /me/applications/{id} that one token. */
export const applicationPage: PageDefinition<IntegrationTokensData> = {
  ...base,
  Component: ({ data, params }) => <IntegrationTokensScreen data={data} only={params.oauthApplicationId ?? null} />,
};
