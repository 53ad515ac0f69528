// Save / Saved for someone else's public list (following a list). Saving shows the
// FOLLOW_CATALOG toast "List saved to Your Library." with 'View library'
// (docs/product/2-sign-in-notices-cache-routing.md §4.4). A visitor is asked to sign up
// (docs/product/2-sign-in-notices-cache-routing.md §6: curating lists requires an account).
import { useState } from 'react';
import { useMutation } from 'urql';
import { FollowCatalog, UnfollowCatalog } from './FollowCatalogButton.graphql.ts';
import type { CatalogMutationResult } from './CatalogCard.graphql.ts';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';

export function FollowCatalogButton({ catalogId, name, isFollowing, onChange }: { catalogId: string; name: string; isFollowing: boolean; onChange?(following: boolean): void }) {
  const { isLoggedIn } = useViewerSession();
  const openSignIn = useSignInPrompt();
  const { showToast } = useToast();
  const [following, setFollowing] = useState(isFollowing);
  const [, follow] = useMutation<{ followCatalog: CatalogMutationResult }>(FollowCatalog);
  const [, unfollow] = useMutation<{ unfollowCatalog: CatalogMutationResult }>(UnfollowCatalog);

  const toggle = async () => {
    if (!isLoggedIn) {
      openSignIn({ operation: 'register', susiEntry: 'follow_list' });
      return;
    }
    const next = !following;
    setFollowing(next); // at once; rolled back if the server refuses
    const result = next ? (await follow({ catalogId })).data?.followCatalog : (await unfollow({ catalogId })).data?.unfollowCatalog;
    if (result?.__typename !== 'Catalog') {
      setFollowing(!next);
      showToast({ style: 'ERROR', message: result && 'message' in result ? result.message : 'Something went wrong. Please try again.' });
      return;
    }
    onChange?.(next);
    if (next) showToast({ style: 'FOLLOW_CATALOG', extraParams: { name } });
  };

  return (
    <button type="button" className={following ? 'button button-outline button-small' : 'button button-dark button-small'} aria-pressed={following} onClick={() => void toggle()}>
      {following ? 'Saved' : 'Save list'}
    </button>
  );
}
