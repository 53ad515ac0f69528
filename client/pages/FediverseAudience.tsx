// The audience page's fediverse section (issue 30 point 2;
// docs/adr/0207-fediverse-followers-in-the-audience.md): the writer's fediverse followers
// (handle, instance, since when), newest first with "Show more", each removable (their server is
// told with a Reject), and the instances the writer blocked, with a form to block one more; the
// setting "Approve fediverse followers" and the Follows it holds, under "Requests", each approved
// or declined (docs/adr/0212-approving-fediverse-followers.md); each follower blocked one by one,
// and the accounts blocked, each unblocked (docs/adr/0214-blocking-a-fediverse-person.md).
import { useState } from 'react';
import { FediverseBlockButton } from '../components/blocks/FediverseBlockButton.tsx';
import { useClient, useMutation } from 'urql';
import { formatDate } from '../../shared/format.ts';
import {
  ApproveFediverseFollowerMutation,
  BlockFediverseInstanceMutation,
  DeclineFediverseFollowerMutation,
  SetFediverseFollowerApprovalMutation,
  FediverseFollowersMoreQuery,
  FediverseFollowRequestsMoreQuery,
  RemoveFediverseFollowerMutation,
  UnblockFediverseInstanceMutation,
} from './FediverseAudience.graphql.ts';

export interface FediverseFollowerItem {
  id: string;
  handle: string;
  instance: string;
  followedAt: number;
}

const number = new Intl.NumberFormat('en-US');

export function FediverseAudience({
  username,
  count,
  first,
  nextCursor,
  blocks,
  personBlocks,
  approves,
  requests,
  requestsCursor,
}: {
  username: string;
  count: number;
  first: readonly FediverseFollowerItem[];
  nextCursor: string | null;
  blocks: readonly { instance: string; blockedAt: number }[];
  personBlocks: readonly { id: string; handle: string; blockedAt: number }[];
  approves: boolean;
  requests: readonly FediverseFollowerItem[];
  /** Where the next page of requests starts; null: all shown. */
  requestsCursor: string | null;
}) {
  const client = useClient();
  const [followers, setFollowers] = useState<FediverseFollowerItem[]>([...first]);
  const [next, setNext] = useState(nextCursor);
  const [total, setTotal] = useState(count);
  const [blocked, setBlocked] = useState(blocks.map((b) => b.instance));
  const [blockedPeople, setBlockedPeople] = useState(personBlocks.map(({ id, handle }) => ({ id, handle })));
  const [instance, setInstance] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [, remove] = useMutation(RemoveFediverseFollowerMutation);
  const [, block] = useMutation(BlockFediverseInstanceMutation);
  const [, unblock] = useMutation(UnblockFediverseInstanceMutation);
  const [approval, setApproval] = useState(approves);
  const [waiting, setWaiting] = useState<FediverseFollowerItem[]>([...requests]);
  const [nextRequests, setNextRequests] = useState(requestsCursor);
  const [, setApprovalSetting] = useMutation(SetFediverseFollowerApprovalMutation);
  const [, approve] = useMutation(ApproveFediverseFollowerMutation);
  const [, decline] = useMutation(DeclineFediverseFollowerMutation);

  const onApprovalChange = async (on: boolean) => {
    setBusy(true);
    const result = await setApprovalSetting({ approve: on });
    setBusy(false);
    if (result.error) return setMessage('Could not change the setting. Try again.');
    setApproval(on);
    setMessage(on ? 'New fediverse followers now wait for your approval.' : 'New fediverse followers are accepted at once. Requests already waiting stay until you answer them.');
  };

  const onApprove = async (request: FediverseFollowerItem) => {
    setBusy(true);
    const result = await approve({ followerId: request.id });
    setBusy(false);
    const follower = result.data?.approveFediverseFollower;
    if (!follower) return setMessage(`Could not approve ${request.handle}. Try again.`);
    setWaiting((current) => current.filter((r) => r.id !== request.id));
    setFollowers((current) => [follower, ...current.filter((f) => f.id !== follower.id)]);
    setTotal((n) => n + 1);
    setMessage(`${request.handle} now follows you.`);
  };

  const onDecline = async (request: FediverseFollowerItem) => {
    setBusy(true);
    const result = await decline({ followerId: request.id });
    setBusy(false);
    if (result.error) return setMessage(`Could not decline ${request.handle}. Try again.`);
    setWaiting((current) => current.filter((r) => r.id !== request.id));
    setMessage(`${request.handle} was declined.`);
  };

  const more = async () => {
    if (!next || busy) return;
    setBusy(true);
    const result = await client.query(FediverseFollowersMoreQuery, { username, after: next }, { requestPolicy: 'network-only' }).toPromise();
    setBusy(false);
    const page = result.data?.writerStats?.fediverseFollowers;
    if (!page) return setMessage('Could not load more followers. Try again.');
    setFollowers((current) => {
      const seen = new Set(current.map((f) => f.id));
      return [...current, ...page.followers.filter((f) => !seen.has(f.id))];
    });
    setNext(page.nextCursor);
  };

  const moreRequests = async () => {
    if (!nextRequests || busy) return;
    setBusy(true);
    const result = await client.query(FediverseFollowRequestsMoreQuery, { username, after: nextRequests }, { requestPolicy: 'network-only' }).toPromise();
    setBusy(false);
    const page = result.data?.writerStats?.fediverseFollowRequests;
    if (!page) return setMessage('Could not load more requests. Try again.');
    setWaiting((current) => {
      const seen = new Set(current.map((r) => r.id));
      return [...current, ...page.followers.filter((r) => !seen.has(r.id))];
    });
    setNextRequests(page.nextCursor);
  };

  const onRemove = async (follower: FediverseFollowerItem) => {
    setBusy(true);
    const result = await remove({ followerId: follower.id });
    setBusy(false);
    if (result.error) return setMessage(`Could not remove ${follower.handle}. Try again.`);
    setFollowers((current) => current.filter((f) => f.id !== follower.id));
    setTotal((n) => Math.max(0, n - 1));
    setMessage(`${follower.handle} no longer follows you.`);
  };

  const onPersonBlocked = (person: { id: string; handle: string }) => {
    const wasFollowing = followers.some((f) => f.id === person.id);
    setFollowers((current) => current.filter((f) => f.id !== person.id));
    setWaiting((current) => current.filter((r) => r.id !== person.id));
    if (wasFollowing) setTotal((n) => Math.max(0, n - 1));
    setBlockedPeople((current) => [{ id: person.id, handle: person.handle }, ...current.filter((p) => p.id !== person.id)]);
  };

  const onBlock = async () => {
    if (!instance.trim() || busy) return;
    setBusy(true);
    const result = await block({ instance });
    setBusy(false);
    const done = result.data?.blockFediverseInstance;
    if (!done) return setMessage(result.error?.graphQLErrors[0]?.message ?? 'Could not block that instance. Try again.');
    setBlocked((current) => (current.includes(done.instance) ? current : [...current, done.instance].sort()));
    setFollowers((current) => current.filter((f) => f.instance !== done.instance && !f.instance.endsWith(`.${done.instance}`)));
    setTotal((n) => Math.max(0, n - done.removedFollowers));
    setInstance('');
    setMessage(`${done.instance} is blocked: ${number.format(done.removedFollowers)} followers from it removed.`);
  };

  const onUnblock = async (host: string) => {
    setBusy(true);
    const result = await unblock({ instance: host });
    setBusy(false);
    if (result.error) return setMessage(`Could not unblock ${host}. Try again.`);
    setBlocked((current) => current.filter((h) => h !== host));
    setMessage(`${host} is no longer blocked.`);
  };

  return (
    <section className="fediverse-audience" data-testid="fediverse-audience" aria-labelledby="fediverse-audience-title">
      <h2 id="fediverse-audience-title">Fediverse followers</h2>
      <p className="muted">
        Accounts on Mastodon and other fediverse servers that follow @{username}. They receive your public stories and the previews of your member-only ones.
      </p>
      <p aria-live="polite" className="fediverse-message">
        {message}
      </p>
      <label className="fediverse-approval">
        <input type="checkbox" checked={approval} disabled={busy} onChange={(e) => void onApprovalChange(e.target.checked)} /> Approve fediverse followers
      </label>
      {approval || waiting.length > 0 ? (
        <>
          <h3>Requests</h3>
          {waiting.length === 0 ? (
            <p className="muted" data-testid="fediverse-requests-empty">No one is waiting for your approval.</p>
          ) : (
            <ul className="fediverse-followers fediverse-requests">
              {waiting.map((r) => (
                <li key={r.id} data-request={r.id}>
                  <span className="fediverse-follower-handle">{r.handle}</span>
                  <span className="muted">
                    {r.instance} · asked {formatDate(r.followedAt)}
                  </span>
                  <button type="button" className="button button-small" disabled={busy} onClick={() => void onApprove(r)} aria-label={`Approve ${r.handle}`}>
                    Approve
                  </button>
                  <button type="button" className="button button-outline button-small" disabled={busy} onClick={() => void onDecline(r)} aria-label={`Decline ${r.handle}`}>
                    Decline
                  </button>
                </li>
              ))}
            </ul>
          )}
          {nextRequests ? (
            <button type="button" className="button button-outline button-small" disabled={busy} onClick={() => void moreRequests()}>
              Show more requests
            </button>
          ) : null}
        </>
      ) : null}
      {total === 0 && followers.length === 0 ? (
        <p data-testid="fediverse-followers-empty">No fediverse account follows you yet.</p>
      ) : (
        <ul className="fediverse-followers">
          {followers.map((f) => (
            <li key={f.id} data-follower={f.id}>
              <span className="fediverse-follower-handle">{f.handle}</span>
              <span className="muted">
                {f.instance} · since {formatDate(f.followedAt)}
              </span>
              <button type="button" className="button button-outline button-small" disabled={busy} onClick={() => void onRemove(f)} aria-label={`Remove ${f.handle}`}>
                Remove
              </button>
              <FediverseBlockButton person={f} isBlocking={false} onChange={(blocking) => blocking && onPersonBlocked(f)} />
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <button type="button" className="button button-outline button-small" disabled={busy} onClick={() => void more()}>
          Show more
        </button>
      ) : null}
      <h3>Blocked accounts</h3>
      {blockedPeople.length === 0 ? (
        <p className="muted">You have blocked no fediverse account.</p>
      ) : (
        <ul className="fediverse-blocks" data-testid="fediverse-person-blocks">
          {blockedPeople.map((person) => (
            <li key={person.id}>
              <span>{person.handle}</span>
              <FediverseBlockButton person={person} isBlocking onChange={(blocking) => !blocking && setBlockedPeople((current) => current.filter((p) => p.id !== person.id))} />
            </li>
          ))}
        </ul>
      )}
      <h3>Blocked instances</h3>
      <form
        className="fediverse-block-form"
        onSubmit={(event) => {
          event.preventDefault();
          void onBlock();
        }}
      >
        <label htmlFor="fediverse-block-instance">Instance to block</label>
        <input id="fediverse-block-instance" className="settings-input" value={instance} placeholder="social.example.org" maxLength={253} onChange={(e) => setInstance(e.target.value)} />
        <button type="submit" className="button button-outline button-small" disabled={busy || !instance.trim()}>
          Block instance
        </button>
      </form>
      {blocked.length === 0 ? (
        <p className="muted">You have blocked no instance.</p>
      ) : (
        <ul className="fediverse-blocks">
          {blocked.map((host) => (
            <li key={host}>
              <span>{host}</span>
              <button type="button" className="button button-outline button-small" disabled={busy} onClick={() => void onUnblock(host)}>
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
