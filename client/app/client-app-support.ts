// What the shell does when its build is no longer the one served (docs/entities.md "Client app
// support"; docs/product/3-routes-data-calls-constants.md §4): a tab that comes back after a
// long absence — the moment a deploy is likely to have happened — asks clientAppSupportState
// for its build. DEPRECATED: the next navigation is a full page load (it arrives on the new
// build instead of asking for page chunks the old one named). DROPPED: the page reloads at
// once. SUPPORTED and INVALID_VERSION change nothing. Never asked while a page renders or
// hydrates: only on a visibility change.
import type { Client } from 'urql';
import { clientAppSupportAction, type ClientAppSupportAction } from '../../shared/client-app-support.ts';
import { ClientAppSupportStateQuery } from './client-app-support.graphql.ts';

/** How long a tab must have been hidden before it asks (a deploy in between is then likely). */
export const SUPPORT_CHECK_AFTER_HIDDEN_MS = 30 * 60_000;

let fullLoadNext = false;

/** Whether the next navigation must be a full page load (a deprecated build). */
export function mustLoadFully(): boolean {
  return fullLoadNext;
}

export function supportCheckDue(hiddenAt: number | null, now: number): boolean {
  return hiddenAt !== null && now - hiddenAt >= SUPPORT_CHECK_AFTER_HIDDEN_MS;
}

/** Asks once and applies the answer; a failed call changes nothing. */
export async function checkClientAppSupport(client: Client, build: string, reload: () => void = () => window.location.reload()): Promise<ClientAppSupportAction> {
  const answer = await client.query(ClientAppSupportStateQuery, { version: build }, { requestPolicy: 'network-only' }).toPromise();
  const state = answer.data?.clientAppSupportState;
  if (!state) return 'NONE';
  const action = clientAppSupportAction(state);
  if (action === 'FULL_LOAD_NEXT_NAVIGATION') fullLoadNext = true;
  if (action === 'RELOAD_NOW') reload();
  return action;
}

/** Installed once by the entry, after hydration. */
export function watchClientAppSupport(client: Client, build: string | null): void {
  if (!build) return;
  let hiddenAt: number | null = null;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now();
      return;
    }
    if (!supportCheckDue(hiddenAt, Date.now())) return;
    hiddenAt = null;
    void checkClientAppSupport(client, build);
  });
}
