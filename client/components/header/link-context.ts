// The LinkContext (shared/routing/links.ts) of the page being shown: every link the
// header, the avatar menu and the toasts build goes through the shared route builders
// with it, so links from a custom domain point back at the main host correctly.
import { useMemo } from 'react';
import type { LinkContext } from '../../../shared/routing/links.ts';
import type { PreloadedState } from '../../../shared/preloaded-state.ts';
import { useAppState } from '../../app/app-state.tsx';

export function linkContextForState(state: Pick<PreloadedState, 'config' | 'navigation'>): LinkContext {
  return {
    hostKind: state.navigation.hostKind,
    mainOrigin: state.config.mainOrigin,
    hostUsername: state.navigation.hostUsername,
    hostCollectionSlug: state.navigation.hostCollectionSlug,
  };
}

export function useLinkContext(): LinkContext {
  const state = useAppState();
  return useMemo(() => linkContextForState(state), [state]);
}
