// Block / Unblock one fediverse person (docs/adr/0214-blocking-a-fediverse-person.md), for the
// writer: on the audience page beside a fediverse follower and under the person's reply to a
// story. The account block's words and shape (./BlockButton.tsx): blocking asks first (it ends
// their follow, which unblocking does not restore), unblocking does not; each ends with a toast,
// a refusal shows the server's message, and the button flips once the server agreed.
import { useState } from 'react';
import { useMutation } from 'urql';
import { useToast } from '../toasts/ToastProvider.tsx';
import { BlockConfirm, GENERIC_FAILURE, unblockedToast } from './BlockButton.tsx';
import { BlockFediversePerson, UnblockFediversePerson } from './FediverseBlockButton.graphql.ts';

export interface FediversePerson {
  /** Their ActivityPub actor id. */
  id: string;
  /** @{name}@{instance}. */
  handle: string;
}

export function fediverseBlockedToast(handle: string): string {
  return `You blocked ${handle}. They can no longer follow you or respond to your stories.`;
}

export function FediverseBlockButton({ person, isBlocking, onChange }: { person: FediversePerson; isBlocking: boolean; onChange?(blocking: boolean): void }) {
  const { showToast } = useToast();
  const [answered, setAnswered] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, block] = useMutation(BlockFediversePerson);
  const [, unblock] = useMutation(UnblockFediversePerson);
  const blocking = answered ?? isBlocking;

  const run = async (toBlock: boolean) => {
    setBusy(true);
    const result = toBlock ? await block({ personId: person.id }) : await unblock({ personId: person.id });
    setBusy(false);
    setConfirming(false);
    if (result.error || !result.data) {
      showToast({ style: 'ERROR', message: result.error?.graphQLErrors[0]?.message ?? GENERIC_FAILURE });
      return;
    }
    setAnswered(toBlock);
    onChange?.(toBlock);
    showToast({ style: 'MESSAGE', message: toBlock ? fediverseBlockedToast(person.handle) : unblockedToast(person.handle) });
  };

  if (confirming) {
    return (
      <BlockConfirm
        name={person.handle}
        consequence="They will no longer be able to follow you or reply to and like your stories, and readers will not see their replies. They will stop following you."
        busy={busy}
        onBlock={() => void run(true)}
        onCancel={() => setConfirming(false)}
      />
    );
  }
  return blocking ? (
    <button type="button" className="button button-outline button-small block-button" aria-pressed="true" aria-label={`Unblock ${person.handle}`} onClick={() => void run(false)} disabled={busy}>
      Unblock
    </button>
  ) : (
    <button type="button" className="button button-outline button-small block-button" aria-pressed="false" aria-label={`Block ${person.handle}`} onClick={() => setConfirming(true)}>
      Block
    </button>
  );
}
