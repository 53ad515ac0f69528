/** customDomainState as served: only a live domain is shown (a pending one is private). */
export function liveCustomDomainState(state: 'NONE' | 'PENDING' | 'LIVE', domain: string | null) {
  return state === 'LIVE' && domain ? { live: { domain } } : null;
}
