// The sign-up context and the onboarding-skip rule (docs/product/2-sign-in-notices-cache-routing.md
// §2.1, §4.1 step 5; docs/adr/0081-sign-up-context-and-onboarding.md).
import { describe, expect, it } from 'vitest';
import { afterSignUpRedirect, ONBOARDING_SKIP_SOURCES, signUpContextOf } from '../../../worker/accounts/sign-up-context.ts';

describe('signUpContextOf', () => {
  it('reads the writer, publication or topic from the address signed up from', () => {
    expect(signUpContextOf('/@ada')).toMatchObject({ username: 'ada', collectionSlug: null, topicSlug: null });
    expect(signUpContextOf('/@ada/a-story-0123456789ab')).toMatchObject({ username: 'ada' });
    expect(signUpContextOf('/tag/Writing')).toMatchObject({ topicSlug: 'writing', username: null });
    expect(signUpContextOf('/the-long-read')).toMatchObject({ collectionSlug: 'the-long-read' });
    expect(signUpContextOf('/the-long-read/a-story-0123456789ab')).toMatchObject({ collectionSlug: 'the-long-read' });
  });

  it('takes the explicit parameters of §2.1 first', () => {
    expect(signUpContextOf('/?user=grace&collection=plain-data&topic=poetry')).toMatchObject({ username: 'grace', collectionSlug: 'plain-data', topicSlug: 'poetry' });
    expect(signUpContextOf('/p/abc?userId=aa01&collectionId=cc01')).toMatchObject({ userId: 'aa01', collectionId: 'cc01' });
  });

  it('does not take product paths for publications', () => {
    for (const path of ['/', '/me/lists', '/plans', '/search?q=x', '/p/0123456789ab', '/m/signin', '/get-started/topics']) {
      expect(signUpContextOf(path).collectionSlug, path).toBeNull();
    }
  });
});

describe('afterSignUpRedirect', () => {
  it('sends a new account through onboarding, then back', () => {
    expect(afterSignUpRedirect('/')).toBe('/get-started/topics');
    expect(afterSignUpRedirect('/@ada')).toBe('/get-started/topics?redirect=%2F%40ada');
  });

  it('skips onboarding for the sources of §4.1 step 5 and for custom-domain sign-ups', () => {
    for (const source of ONBOARDING_SKIP_SOURCES) {
      expect(afterSignUpRedirect(`/p/0123456789ab?source=${source}`), source).toBe(`/p/0123456789ab?source=${source}`);
    }
    expect(afterSignUpRedirect('/p/0123456789ab?source=follow_user')).toBe('/get-started/topics?redirect=%2Fp%2F0123456789ab%3Fsource%3Dfollow_user');
    const custom = '/m/login-redirect?redirectUrl=https%3A%2F%2Fada.test%2F';
    expect(afterSignUpRedirect(custom)).toBe(custom);
  });

  it('skips onboarding on the way to paying: plans, checkout, gifts, redeeming', () => {
    for (const path of ['/plans', '/get-started/plans', '/gift-checkout?plan=YEARLY', '/redeem', '/manage-membership']) {
      expect(afterSignUpRedirect(path), path).toBe(path);
    }
    // A path that only starts with the same letters is not a checkout page.
    expect(afterSignUpRedirect('/plansforlife')).toBe('/get-started/topics?redirect=%2Fplansforlife');
  });

  it('reads a return address with a broken %-escape as plain text instead of failing (issue 29 item 4)', () => {
    for (const path of ['/%E0%A4%A', '/@ada/%', '/tag/%zz']) expect(() => afterSignUpRedirect(path), path).not.toThrow();
    expect(signUpContextOf('/@ada/%').username).toBe('ada');
  });
});
