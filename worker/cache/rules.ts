// The rules of the edge-cache decision (docs/product/2-sign-in-notices-cache-routing.md §4.7), one
// small function each. A rule looks at facts already known about the request and answers whether it
// lets the page be cached.
//
// Requirements — all must hold for a page to be served from or stored in the cache:
//   cache_in_use      the cache is switched on (EDGE_CACHE=on)
//   method_get        the request is a GET or HEAD (a POST to a page address is never cached)
//   route_eligible    the matched route is one the cache may hold (eligibility.ts)
//   not_spoofed       the session is not a staff member acting as someone else
//   not_staff         the viewer is not staff (is_medium_staff)
//   not_bot           the user agent is not a crawler
//   not_internal_ip   the visitor's address is not internal (is_internal_ip)
//   logged_out        nobody is signed in
//   experiment_group  the visitor's cache experiment group is not disabled
// Disabling rules — any one of them turns caching off, whatever the others say:
//   disable_edge_cache  the flag is on for this request
//   draft_post          the story is a draft
//   suspended_post      the story is suspended and the viewer may see suspended content
//   withheld_post       the story is withheld in some country: its answer depends on the
//                       reader's country, so no copy may be shared (issue 18 point 6)
// Rules about the page's subject (its controller query):
//   subject_found       the story, topic, profile or publication exists for this viewer
//   controller_ok       the cache controller query answered without errors
// Rules about the rendered response (checked before anything is stored):
//   status_ok           the page answered 200 (never a 404, 410 or error page)
//   no_set_cookie       the response sets no cookie

import type { CacheExperimentGroup } from './experiment.ts';
import { groupUsesCache } from './experiment.ts';

export const DISABLE_EDGE_CACHE_FLAG = 'disable_edge_cache';
export const CAN_VIEW_SUSPENDED_CONTENT_FLAG = 'can_view_suspended_content';
export const STAFF_FLAG = 'is_medium_staff';

export type RuleName =
  | 'cache_in_use'
  | 'method_get'
  | 'route_eligible'
  | 'not_spoofed'
  | 'not_staff'
  | 'not_bot'
  | 'not_internal_ip'
  | 'logged_out'
  | 'experiment_group'
  | 'disable_edge_cache'
  | 'draft_post'
  | 'suspended_post'
  | 'withheld_post'
  | 'subject_found'
  | 'controller_ok'
  | 'status_ok'
  | 'no_set_cookie';

export type RuleKind = 'requirement' | 'disabling' | 'subject' | 'response';

export interface RuleResult {
  rule: RuleName;
  kind: RuleKind;
  /** true: this rule lets the page be cached. */
  allows: boolean;
}

/** What the edge knows about the request before any data is read. */
export interface RequestFacts {
  cacheInUse: boolean;
  /** GET or HEAD. */
  isGetOrHead: boolean;
  routeEligible: boolean;
  isLoggedIn: boolean;
  isBot: boolean;
  isStaff: boolean;
  isSpoofed: boolean;
  isInternalIp: boolean;
  experimentGroup: CacheExperimentGroup;
  /** Global flags and the signed-in viewer's own flags. */
  flags: ReadonlySet<string>;
}

/** What the page's cache controller learned about its subject. */
export type SubjectFacts =
  | { found: true; post: { isPublished: boolean; isSuspended: boolean; isWithheldSomewhere?: boolean } | null }
  | { found: false; controllerError: boolean };

const requirement = (rule: RuleName, allows: boolean): RuleResult => ({ rule, kind: 'requirement', allows });
const disabling = (rule: RuleName, disables: boolean): RuleResult => ({ rule, kind: 'disabling', allows: !disables });
const subject = (rule: RuleName, allows: boolean): RuleResult => ({ rule, kind: 'subject', allows });
const response = (rule: RuleName, allows: boolean): RuleResult => ({ rule, kind: 'response', allows });

export const cacheInUse = (f: RequestFacts) => requirement('cache_in_use', f.cacheInUse);
export const methodGet = (f: RequestFacts) => requirement('method_get', f.isGetOrHead);
export const routeEligible = (f: RequestFacts) => requirement('route_eligible', f.routeEligible);
export const notSpoofed = (f: RequestFacts) => requirement('not_spoofed', !f.isSpoofed);
export const notStaff = (f: RequestFacts) => requirement('not_staff', !f.isStaff && !f.flags.has(STAFF_FLAG));
export const notBot = (f: RequestFacts) => requirement('not_bot', !f.isBot);
export const notInternalIp = (f: RequestFacts) => requirement('not_internal_ip', !f.isInternalIp);
export const loggedOut = (f: RequestFacts) => requirement('logged_out', !f.isLoggedIn);
export const experimentAllows = (f: RequestFacts) => requirement('experiment_group', groupUsesCache(f.experimentGroup));
export const disableEdgeCacheFlag = (f: RequestFacts) => disabling('disable_edge_cache', f.flags.has(DISABLE_EDGE_CACHE_FLAG));

export const draftPost = (s: SubjectFacts) => disabling('draft_post', s.found && s.post !== null && !s.post.isPublished);
export const suspendedPost = (s: SubjectFacts, f: RequestFacts) =>
  disabling('suspended_post', s.found && s.post !== null && s.post.isSuspended && f.flags.has(CAN_VIEW_SUSPENDED_CONTENT_FLAG));
export const withheldPost = (s: SubjectFacts) => disabling('withheld_post', s.found && s.post !== null && s.post.isWithheldSomewhere === true);
export const controllerOk = (s: SubjectFacts) => subject('controller_ok', s.found || !s.controllerError);
export const subjectFound = (s: SubjectFacts) => subject('subject_found', s.found || s.controllerError);

export const statusOk = (status: number) => response('status_ok', status === 200);
export const noSetCookie = (headers: Headers) => response('no_set_cookie', !headers.has('set-cookie'));

/** Rules that need only the request, in the order a decision names the first that fails. */
export const REQUEST_RULES: readonly ((f: RequestFacts) => RuleResult)[] = [
  disableEdgeCacheFlag,
  cacheInUse,
  methodGet,
  routeEligible,
  notSpoofed,
  notStaff,
  notBot,
  notInternalIp,
  loggedOut,
  experimentAllows,
];

/** Rules that need the page's subject. */
export const SUBJECT_RULES: readonly ((s: SubjectFacts, f: RequestFacts) => RuleResult)[] = [
  draftPost,
  suspendedPost,
  withheldPost,
  controllerOk,
  subjectFound,
];

/** Rules that need the rendered response. */
export function responseRules(rendered: Response): RuleResult[] {
  return [statusOk(rendered.status), noSetCookie(rendered.headers)];
}
