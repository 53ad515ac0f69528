// Block / Unblock a writer (worker/graphql/modules/blocks.ts: BlockUser, UnblockUser), for
// signed-in readers on someone else's profile, and Unblock on the story page's Blocking
// outcome. Blocking asks first (it removes follows both ways, which unblocking does not
// restore); unblocking does not need to. Each ends with a toast; a refusal shows the
// server's message. The button flips once the server agreed (not before: a block is not
// a toggle to undo lightly).
import { useState } from 'react';
import { useMutation } from 'urql';
import { BlockUser, UnblockUser, type BlockAnswer } from './BlockButton.graphql.ts';
import { useToast } from '../toasts/ToastProvider.tsx';

export interface BlockTarget {
  id: string;
  name: string;
}

export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

export function blockedToast(name: string): string {
  return `You blocked ${name}. They can no longer follow you or read and respond to your stories.`;
}

export function unblockedToast(name: string): string {
  return `You unblocked ${name}.`;
}

export function BlockButton({ target, isBlocking, onChange }: { target: BlockTarget; isBlocking: boolean; onChange?(blocking: boolean): void }) {
  const { showToast } = useToast();
  // The server's answer after a call; until then, what the page says.
  const [answered, setAnswered] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, blockUser] = useMutation<{ blockUser: BlockAnswer }>(BlockUser);
  const [, unblockUser] = useMutation<{ unblockUser: BlockAnswer }>(UnblockUser);
  const blocking = answered ?? isBlocking;

  const run = async (block: boolean) => {
    setBusy(true);
    const variables = { targetUserId: target.id };
    const result = block ? await blockUser(variables) : await unblockUser(variables);
    const answer = block ? (result.data as { blockUser?: BlockAnswer } | undefined)?.blockUser : (result.data as { unblockUser?: BlockAnswer } | undefined)?.unblockUser;
    setBusy(false);
    setConfirming(false);
    if (answer?.__typename !== 'User') {
      showToast({ style: 'ERROR', message: (answer && 'message' in answer ? answer.message : result.error?.graphQLErrors[0]?.message) ?? GENERIC_FAILURE });
      return;
    }
    setAnswered(answer.viewerEdge.isBlocking);
    onChange?.(answer.viewerEdge.isBlocking);
    showToast({ style: 'MESSAGE', message: block ? blockedToast(target.name) : unblockedToast(target.name) });
  };

  if (confirming) {
    return (
      <BlockConfirm
        name={target.name}
        consequence="They will no longer be able to follow you or read, clap for and respond to your stories, and you will not see theirs on your home page. You will both stop following each other."
        busy={busy}
        onBlock={() => void run(true)}
        onCancel={() => setConfirming(false)}
      />
    );
  }
  return blocking ? (
    <button type="button" className="button button-outline block-button" aria-pressed="true" onClick={() => void run(false)} disabled={busy} data-block-target={target.id}>
      Unblock
    </button>
  ) : (
    <button type="button" className="button button-outline block-button" aria-pressed="false" onClick={() => setConfirming(true)} data-block-target={target.id}>
      Block
    </button>
  );
}

/** The question a block asks first, with its consequence: the account block's and the fediverse block's. */
export function BlockConfirm({ name, consequence, busy, onBlock, onCancel }: { name: string; consequence: string; busy: boolean; onBlock(): void; onCancel(): void }) {
  return (
    <div className="block-confirm" role="group" aria-label={`Block ${name}`}>
      <p className="block-confirm-text">
        Block {name}? {consequence}
      </p>
      <button type="button" className="button button-dark button-small" onClick={onBlock} disabled={busy} data-testid="confirm-block">
        Block
      </button>{' '}
      <button type="button" className="button button-outline button-small" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}
