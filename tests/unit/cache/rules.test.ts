// Each edge-cache rule on its own, and how the decision combines them
// (docs/product/2-sign-in-notices-cache-routing.md §4.7).
import { describe, expect, it } from 'vitest';
import {
  cacheInUse,
  controllerOk,
  disableEdgeCacheFlag,
  draftPost,
  experimentAllows,
  loggedOut,
  methodGet,
  noSetCookie,
  notBot,
  notInternalIp,
  notSpoofed,
  notStaff,
  routeEligible,
  statusOk,
  subjectFound,
  suspendedPost,
  withheldPost,
  type RequestFacts,
  type SubjectFacts,
} from '../../../worker/cache/rules.ts';
import { combineRules, decidePage, decideRequest, decideResponse } from '../../../worker/cache/decision.ts';

const anonymous: RequestFacts = {
  cacheInUse: true,
  isGetOrHead: true,
  routeEligible: true,
  isLoggedIn: false,
  isBot: false,
  isStaff: false,
  isSpoofed: false,
  isInternalIp: false,
  experimentGroup: 'enabled',
  flags: new Set(['enable_lo_homepage']),
};
const story = (post: { isPublished: boolean; isSuspended: boolean }): SubjectFacts => ({ found: true, post });
const published = story({ isPublished: true, isSuspended: false });

describe('requirements, one function each', () => {
  const cases: [string, (f: RequestFacts) => { allows: boolean; rule: string }, Partial<RequestFacts>][] = [
    ['cache_in_use', cacheInUse, { cacheInUse: false }],
    ['method_get', methodGet, { isGetOrHead: false }],
    ['route_eligible', routeEligible, { routeEligible: false }],
    ['not_spoofed', notSpoofed, { isSpoofed: true }],
    ['not_staff', notStaff, { isStaff: true }],
    ['not_bot', notBot, { isBot: true }],
    ['not_internal_ip', notInternalIp, { isInternalIp: true }],
    ['logged_out', loggedOut, { isLoggedIn: true }],
    ['experiment_group', experimentAllows, { experimentGroup: 'disabled' }],
  ];
  for (const [name, rule, failing] of cases) {
    it(`${name} allows an anonymous reader and refuses ${JSON.stringify(failing)}`, () => {
      expect(rule(anonymous)).toEqual({ rule: name, kind: 'requirement', allows: true });
      expect(rule({ ...anonymous, ...failing })).toEqual({ rule: name, kind: 'requirement', allows: false });
    });
  }

  it('not_staff also refuses the is_medium_staff flag', () => {
    expect(notStaff({ ...anonymous, flags: new Set(['is_medium_staff']) }).allows).toBe(false);
  });

  it('the control and enabled groups use the cache; disabled does not', () => {
    expect(experimentAllows({ ...anonymous, experimentGroup: 'control' }).allows).toBe(true);
    expect(experimentAllows({ ...anonymous, experimentGroup: 'enabled' }).allows).toBe(true);
  });
});

describe('disabling rules', () => {
  it('disable_edge_cache fires on the flag only', () => {
    expect(disableEdgeCacheFlag(anonymous).allows).toBe(true);
    expect(disableEdgeCacheFlag({ ...anonymous, flags: new Set(['disable_edge_cache']) })).toEqual({ rule: 'disable_edge_cache', kind: 'disabling', allows: false });
  });

  it('draft_post fires on an unpublished story only', () => {
    expect(draftPost(published).allows).toBe(true);
    expect(draftPost(story({ isPublished: false, isSuspended: false })).allows).toBe(false);
    expect(draftPost({ found: true, post: null }).allows).toBe(true);
    expect(draftPost({ found: false, controllerError: false }).allows).toBe(true);
  });

  it('suspended_post fires on a suspended story for a viewer with can_view_suspended_content only', () => {
    const suspended = story({ isPublished: true, isSuspended: true });
    const moderator = { ...anonymous, isLoggedIn: true, flags: new Set(['can_view_suspended_content']) };
    expect(suspendedPost(suspended, anonymous).allows).toBe(true);
    expect(suspendedPost(published, moderator).allows).toBe(true);
    expect(suspendedPost(suspended, moderator)).toEqual({ rule: 'suspended_post', kind: 'disabling', allows: false });
  });
});

// Issue 18 point 6: a story withheld in any country answers by the reader's country.
describe('withheld_post', () => {
  it('fires on a story withheld somewhere, whoever asks', () => {
    expect(withheldPost(published).allows).toBe(true);
    expect(withheldPost(story({ isPublished: true, isSuspended: false, isWithheldSomewhere: false } as never)).allows).toBe(true);
    expect(withheldPost({ found: true, post: { isPublished: true, isSuspended: false, isWithheldSomewhere: true } })).toEqual({ rule: 'withheld_post', kind: 'disabling', allows: false });
    expect(withheldPost({ found: false, controllerError: false }).allows).toBe(true);
  });
});

describe('subject and response rules', () => {
  it('a subject that was not found, or whose controller failed, is not cached (each names its rule)', () => {
    expect(subjectFound({ found: false, controllerError: false }).allows).toBe(false);
    expect(controllerOk({ found: false, controllerError: false }).allows).toBe(true);
    expect(controllerOk({ found: false, controllerError: true }).allows).toBe(false);
    expect(subjectFound({ found: false, controllerError: true }).allows).toBe(true);
    expect(subjectFound(published).allows && controllerOk(published).allows).toBe(true);
  });

  it('only a 200 without Set-Cookie may be stored', () => {
    expect(statusOk(200).allows).toBe(true);
    for (const status of [301, 404, 410, 500]) expect(statusOk(status).allows).toBe(false);
    expect(noSetCookie(new Headers({ 'content-type': 'text/html' })).allows).toBe(true);
    expect(noSetCookie(new Headers({ 'set-cookie': 'sid=; Max-Age=0' })).allows).toBe(false);
  });
});

describe('the decision', () => {
  it('an anonymous reader of a published story is cacheable', () => {
    expect(decidePage(anonymous, published)).toEqual({ cacheable: true, rule: 'all_rules_passed', failed: [] });
  });

  it('names the first requirement that failed, in order, and lists them all', () => {
    const staffBot = { ...anonymous, isLoggedIn: true, isStaff: true, isBot: true };
    expect(decideRequest(staffBot)).toEqual({ cacheable: false, rule: 'not_staff', failed: ['not_staff', 'not_bot', 'logged_out'] });
  });

  it('a disabling result wins over every other refusal, whatever the order of evaluation', () => {
    const author = { ...anonymous, isLoggedIn: true };
    expect(decidePage(author, story({ isPublished: false, isSuspended: false }))).toMatchObject({ rule: 'draft_post', failed: ['logged_out', 'draft_post'] });
    const flagged = { ...anonymous, flags: new Set(['disable_edge_cache']) };
    expect(decidePage({ ...flagged, isBot: true }, published)).toMatchObject({ cacheable: false, rule: 'disable_edge_cache' });
    expect(
      combineRules([
        { rule: 'logged_out', kind: 'requirement', allows: false },
        { rule: 'controller_ok', kind: 'subject', allows: false },
        { rule: 'suspended_post', kind: 'disabling', allows: false },
      ]).rule,
    ).toBe('suspended_post');
  });

  it('a requirement outranks a subject rule, which outranks a response rule', () => {
    expect(decidePage({ ...anonymous, isBot: true }, { found: false, controllerError: true }).rule).toBe('not_bot');
    const notFound = new Response('x', { status: 404, headers: { 'set-cookie': 'a=b' } });
    expect(decideResponse(anonymous, { found: false, controllerError: true }, notFound).rule).toBe('controller_ok');
    expect(decideResponse(anonymous, published, notFound)).toEqual({ cacheable: false, rule: 'status_ok', failed: ['status_ok', 'no_set_cookie'] });
    expect(decideResponse(anonymous, published, new Response('ok')).cacheable).toBe(true);
  });
});
