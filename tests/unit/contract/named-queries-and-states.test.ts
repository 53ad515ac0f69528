// Issue 27 point 6 (docs/entities.md): the client sends the spec's named queries under the spec's
// operation names (docs/product/1-product-screens-membership-header-search.md §7), the search box
// asks for its context where the spec scopes it (§2.8), the can-switch-plan rule reads the three
// fields the spec names, and the client app support states map to what the shell does
// (docs/product/3-routes-data-calls-constants.md §4).
import { getOperationName } from 'urql';
import { describe, expect, it } from 'vitest';
import { PublicationNavigationContextQuery, UserSearchQuery } from '../../../client/components/search/search-context.graphql.ts';
import { UseReactivateMembershipUpsellQuery } from '../../../client/components/membership/ReactivateMembership.graphql.ts';
import { CanSwitchPlanQuery } from '../../../client/components/membership/FriendBadge.graphql.ts';
import { ClientAppSupportStateQuery } from '../../../client/app/client-app-support.graphql.ts';
import { SetMembershipPromotion } from '../../../client/pages/SettingsPage.graphql.ts';
import { searchScope } from '../../../client/components/search/search-scope.ts';
import { checkClientAppSupport, mustLoadFully, SUPPORT_CHECK_AFTER_HIDDEN_MS, supportCheckDue } from '../../../client/app/client-app-support.ts';
import { clientAppSupportAction, clientAppSupportStateOf } from '../../../shared/client-app-support.ts';
import { canSwitchPlan } from '../../../shared/membership/premium-tier.ts';
import { CURATION_STATUSES } from '../../../shared/stories/curation-status.ts';
import type { Client } from 'urql';

describe('operation names', () => {
  it('are the spec’s', () => {
    expect(getOperationName(PublicationNavigationContextQuery)).toBe('PublicationNavigationContextQuery');
    expect(getOperationName(UserSearchQuery)).toBe('UserSearchQuery');
    expect(getOperationName(UseReactivateMembershipUpsellQuery)).toBe('UseReactivateMembershipUpsellQuery');
    expect(getOperationName(CanSwitchPlanQuery)).toBe('CanSwitchPlanQuery');
    expect(getOperationName(ClientAppSupportStateQuery)).toBe('ClientAppSupportStateQuery');
    expect(getOperationName(SetMembershipPromotion)).toBe('SetMembershipPromotion');
  });
});

describe('the search box context', () => {
  const state = { navigation: { hostCollectionSlug: null, hostUsername: null }, viewer: null } as unknown as Parameters<typeof searchScope>[2];

  it('is the publication on its pages and the writer on theirs, nothing elsewhere', () => {
    expect(searchScope('publication-home', { collectionSlug: 'quiet' }, state).context).toEqual({ kind: 'publication', domainOrSlug: 'quiet' });
    expect(searchScope('user-profile', { username: 'ada' }, state).context).toEqual({ kind: 'profile', username: 'ada' });
    expect(searchScope('home', {}, state).context).toBeUndefined();
    expect(searchScope('search', { collectionSlug: 'quiet' }, state).context).toBeUndefined();
  });
});

describe('the can-switch-plan rule', () => {
  it('allows the two card processors, neither cancelled nor payment-failed', () => {
    expect(canSwitchPlan({ paymentProvider: 'STRIPE', isCancelled: false, paymentFailedAt: null })).toBe(true);
    expect(canSwitchPlan({ paymentProvider: 'BRAINTREE', isCancelled: false, paymentFailedAt: null })).toBe(true);
    expect(canSwitchPlan({ paymentProvider: 'APPLE', isCancelled: false, paymentFailedAt: null })).toBe(false);
    expect(canSwitchPlan({ paymentProvider: 'STRIPE', isCancelled: true, paymentFailedAt: null })).toBe(false);
    expect(canSwitchPlan({ paymentProvider: 'STRIPE', isCancelled: false, paymentFailedAt: 1 })).toBe(false);
    expect(canSwitchPlan(null)).toBe(false);
  });
});

describe('client app support', () => {
  it('states a build against the served one', () => {
    expect(clientAppSupportStateOf('entry-AbCd1234', 'entry-AbCd1234', [])).toBe('SUPPORTED');
    expect(clientAppSupportStateOf('entry-Older123', 'entry-AbCd1234', [])).toBe('DEPRECATED');
    expect(clientAppSupportStateOf('entry-Broken12', 'entry-AbCd1234', ['entry-Broken12'])).toBe('DROPPED');
    expect(clientAppSupportStateOf('v2', 'entry-AbCd1234', [])).toBe('INVALID_VERSION');
  });

  it('makes the shell act on DEPRECATED and DROPPED only', () => {
    expect(clientAppSupportAction('SUPPORTED')).toBe('NONE');
    expect(clientAppSupportAction('INVALID_VERSION')).toBe('NONE');
    expect(clientAppSupportAction('DEPRECATED')).toBe('FULL_LOAD_NEXT_NAVIGATION');
    expect(clientAppSupportAction('DROPPED')).toBe('RELOAD_NOW');
  });

  it('asks only after a long absence', () => {
    expect(supportCheckDue(null, 10)).toBe(false);
    expect(supportCheckDue(0, SUPPORT_CHECK_AFTER_HIDDEN_MS - 1)).toBe(false);
    expect(supportCheckDue(0, SUPPORT_CHECK_AFTER_HIDDEN_MS)).toBe(true);
  });

  it('sends ClientAppSupportStateQuery with its build and applies the answer', async () => {
    const sent: { name: string | null | undefined; variables: unknown }[] = [];
    const answering = (state: string) =>
      ({
        query: (document: Parameters<typeof getOperationName>[0], variables: unknown) => {
          sent.push({ name: getOperationName(document), variables });
          return { toPromise: async () => ({ data: { clientAppSupportState: state } }) };
        },
      }) as unknown as Client;
    let reloaded = 0;
    expect(await checkClientAppSupport(answering('DROPPED'), 'entry-Broken12', () => reloaded++)).toBe('RELOAD_NOW');
    expect(reloaded).toBe(1);
    expect(mustLoadFully()).toBe(false);
    expect(await checkClientAppSupport(answering('DEPRECATED'), 'entry-Older123', () => reloaded++)).toBe('FULL_LOAD_NEXT_NAVIGATION');
    expect(mustLoadFully()).toBe(true);
    expect(sent).toEqual([
      { name: 'ClientAppSupportStateQuery', variables: { version: 'entry-Broken12' } },
      { name: 'ClientAppSupportStateQuery', variables: { version: 'entry-Older123' } },
    ]);
  });
});

describe('curation status', () => {
  it('has the spec’s five values', () => {
    expect(CURATION_STATUSES).toEqual(['NOT_REVIEWED', 'PENDING', 'DISTRIBUTED', 'NOT_DISTRIBUTED', 'DISABLED']);
  });
});
