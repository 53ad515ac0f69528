// /mastodon (page mastodon-for-members; docs/adr/0180-mastodon-for-members.md): an active member
// claims an account on the members' instance ("Create a Mastodon account") or connects an account
// they have on another instance, and sees or disconnects the linked one. The callback
// (/m/callback/mastodon) comes back here with ?connected=true or ?mastodonError=CODE; the words
// are shared/accounts/mastodon.ts's.
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { isMastodonCallbackError, MASTODON_CALLBACK_ERRORS } from '../../shared/accounts/mastodon.ts';
import { useNavigation } from '../app/navigation.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import { ClaimMastodonAccount, ConnectMastodonAccount, DisconnectMastodonAccount, MastodonForMembersQuery, type MastodonForMembersData } from './MastodonPage.graphql.ts';

type Offer = MastodonForMembersData['mastodonForMembers'];
type Account = NonNullable<Offer['account']>;
type Status = { text: string; error: boolean; problems?: string[] } | null;

function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <div className={`settings-status${status.error ? ' is-error' : ''}`} role={status.error ? 'alert' : 'status'} data-testid="mastodon-status">
      <p className="settings-value">{status.text}</p>
      {status.problems?.length ? (
        <ul>
          {status.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function LinkedAccount({ account, onDisconnected }: { account: Account; onDisconnected: () => void }) {
  const [{ fetching }, disconnect] = useMutation(DisconnectMastodonAccount);
  const [status, setStatus] = useState<Status>(null);
  return (
    <section className="settings-section" data-testid="mastodon-linked">
      <h2 className="settings-section-title">Your Mastodon account</h2>
      <p className="settings-value">
        <strong>
          @{account.username}@{account.domain}
        </strong>
      </p>
      <div className="design-actions">
        <a className="button button-dark" href={account.url} rel="noopener noreferrer" target="_blank">
          Go to {account.domain}
        </a>
        <button
          type="button"
          className="button button-outline"
          disabled={fetching}
          onClick={async () => {
            const answer = await disconnect({});
            if (answer.data?.disconnectMastodonAccount) onDisconnected();
            else setStatus({ text: 'Please try again.', error: true });
          }}
        >
          Disconnect
        </button>
      </div>
      <StatusLine status={status} />
    </section>
  );
}

function ClaimForm({ domain, onLinked }: { domain: string; onLinked: (account: Account) => void }) {
  const [{ fetching }, claim] = useMutation(ClaimMastodonAccount);
  const [username, setUsername] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = (await claim({ username })).data?.claimMastodonAccount;
    if (answer?.__typename === 'MastodonAccount') onLinked(answer);
    else if (answer?.__typename === 'MastodonAccountValidationError') setStatus({ text: answer.message, error: true, problems: answer.problems.map((p) => p.message) });
    else setStatus({ text: answer && 'message' in answer ? answer.message : 'Please try again.', error: true });
  };
  return (
    <section className="settings-section">
      <h2 className="settings-section-title">Create a Mastodon account</h2>
      <p className="muted">Claim your name on {domain}, the members’ Mastodon server. You set its password with “Forgot your password?” on {domain}, using your email address here.</p>
      <form className="settings-form" onSubmit={submit}>
        <label className="settings-label" htmlFor="mastodon-username">
          Username
        </label>
        <div className="settings-inline">
          <span aria-hidden="true">@</span>
          <input
            id="mastodon-username"
            className="settings-input"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            maxLength={30}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <span className="muted mastodon-suffix">@{domain}</span>
        </div>
        <button type="submit" className="button button-dark" disabled={fetching}>
          Create account
        </button>
      </form>
      <StatusLine status={status} />
    </section>
  );
}

function ConnectForm({ hint }: { hint: string | null }) {
  const [{ fetching }, connect] = useMutation(ConnectMastodonAccount);
  const [instance, setInstance] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = (await connect({ instance })).data?.connectMastodonAccount;
    // The instance's own page, where the member allows the connection.
    if (answer?.__typename === 'MastodonAuthorization') window.location.assign(answer.authorizeUrl);
    else setStatus({ text: answer && 'message' in answer ? answer.message : 'Please try again.', error: true });
  };
  return (
    <section className="settings-section">
      <h2 className="settings-section-title">Connect an account you already have</h2>
      <p className="muted">Your instance asks you to allow the connection; we keep only your account’s name.</p>
      <form className="settings-form" onSubmit={submit}>
        <label className="settings-label" htmlFor="mastodon-instance">
          Your instance
        </label>
        <input
          id="mastodon-instance"
          className="settings-input"
          value={instance}
          onChange={(e) => setInstance(e.target.value)}
          placeholder="mastodon.social"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        {hint ? <p className="settings-hint muted">In development, the local stand-in instance is {hint}.</p> : null}
        <button type="submit" className="button button-outline" disabled={fetching}>
          Connect
        </button>
      </form>
      <StatusLine status={status} />
    </section>
  );
}

function MastodonScreen({ offer }: { offer: Offer }) {
  const { location } = useNavigation();
  const [account, setAccount] = useState<Account | null>(offer.account ?? null);
  const [status, setStatus] = useState<Status>(() => {
    const query = new URLSearchParams(location.search);
    const error = query.get('mastodonError');
    if (isMastodonCallbackError(error)) return { text: MASTODON_CALLBACK_ERRORS[error], error: true };
    return query.get('connected') === 'true' && offer.account ? { text: 'Your Mastodon account is connected.', error: false } : null;
  });
  if (!offer.viewerIsMember) {
    return (
      <section className="settings-section">
        <p>Mastodon for members is part of membership: claim a name on the members’ server or connect the account you have.</p>
        <a className="button button-dark" href="/plans">
          Become a member
        </a>
      </section>
    );
  }
  return (
    <>
      <StatusLine status={status} />
      {account ? (
        <LinkedAccount
          account={account}
          onDisconnected={() => {
            setAccount(null);
            setStatus({ text: 'Your Mastodon account is disconnected. It stays on its instance.', error: false });
          }}
        />
      ) : (
        <>
          {offer.membersInstanceDomain ? (
            <ClaimForm
              domain={offer.membersInstanceDomain}
              onLinked={(linked) => {
                setAccount(linked);
                setStatus({ text: `Your Mastodon account @${linked.username}@${linked.domain} is ready.`, error: false });
              }}
            />
          ) : null}
          <ConnectForm hint={offer.localInstanceDomain} />
        </>
      )}
    </>
  );
}

export const mastodonForMembersPage: PageDefinition<MastodonForMembersData> = {
  query: () => ({ query: MastodonForMembersQuery, variables: {} }),
  title: (_data, state) => `Mastodon for members – ${state.config.productName}`,
  Component: function MastodonForMembers({ data }) {
    const offer = data.mastodonForMembers;
    return (
      <div className="settings-page mastodon-page">
        <h1 className="settings-heading">Mastodon for members</h1>
        <p className="settings-value">Bring your reading to the fediverse: your Mastodon account, next to your membership.</p>
        {offer.signedIn ? <MastodonScreen offer={offer} /> : <CustomizeSignInPrompt what="claim or connect a Mastodon account" />}
      </div>
    );
  },
};
