// Ops visibility: one structured line per page decision, so an operator can see why a page
// was or was not cached. Example:
//   {"event":"edge_cache","route":"ShowPost","page":"post","hostKind":"default","path":"/p/abc123",
//    "status":"DYNAMIC","rule":"logged_out","failed":["logged_out"],"tags":["post:abc123"],"group":"enabled"}
// The path is written only for cache-eligible routes (other paths may carry secrets, e.g.
// an email-settings link); the query string never is.
import type { CacheStatus } from './headers.ts';
import { logEvent } from '../lib/log-context.ts';

export interface DecisionLogLine {
  event: 'edge_cache';
  route: string;
  page: string;
  hostKind: string;
  path?: string;
  status: CacheStatus;
  rule: string;
  failed: string[];
  tags: string[];
  group: string;
  /** Why a stored copy was found stale (EXPIRED only). */
  expired?: string;
}

export function logDecision(line: Omit<DecisionLogLine, 'event'>): void {
  logEvent({ event: 'edge_cache', ...line });
}
