import { createContext, useContext } from 'react';
import type { PreloadedState } from '../../shared/preloaded-state.ts';

const AppStateContext = createContext<PreloadedState | null>(null);

export const AppStateProvider = AppStateContext.Provider;

/** The start-up state of this page (configuration, host, session, flags). */
export function useAppState(): PreloadedState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState must be used inside AppStateProvider');
  return state;
}
