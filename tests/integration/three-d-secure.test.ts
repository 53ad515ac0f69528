// 3-D Secure version 2 on the local provider (docs/adr/0141-local-3d-secure-challenge.md): Stripe's
// test card 4000 0027 6000 3184 is challenged on a local challenge page; passed, the membership
// starts and the first charge is made; failed, the checkout shows Stripe's authentication error and
// nothing is charged. A forged, replayed, expired or another session's challenge is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { checkoutUrl, ORIGIN, post } from './helpers/local-checkout.ts';

const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
const REFUSED = 'This authentication is no longer valid. Nothing was charged.';

beforeAll(async () => {
  await seedWorld(testDb);
});

const payWith3ds = (url: string) => post(url, { cardnumber: '4000 0027 6000 3184', exp: '12 / 34', cvc: '123' });
const charges = async (userId: string) => (await testDb.prepare('SELECT amount, status, card_last4 FROM charges WHERE user_id = ?').bind(userId).all()).results;
const membership = async (userId: string) => testDb.prepare('SELECT plan, payment_provider FROM memberships WHERE user_id = ?').bind(userId).first();

describe('3-D Secure 2 challenge (local provider)', () => {
  it('the card that requires authentication is challenged; Complete authentication pays once', { timeout: 60_000 }, async () => {
    const { userId, url } = await checkoutUrl('secure');
    const paid = await payWith3ds(url);
    expect(paid.status).toBe(303);
    const challengeUrl = paid.headers.get('location')!;
    expect(challengeUrl).toMatch(/\/_\/dev\/pay\/checkout\/cs_test_\w+\/challenge\/3ds_test_\w+$/);
    // Waiting for the cardholder: nothing charged, no membership.
    expect(await charges(userId)).toEqual([]);
    expect(await membership(userId)).toBeNull();
    const page = await (await workerFetch(challengeUrl)).text();
    expect(page).toContain('3D Secure 2 Test Page');
    expect(page).toContain('Complete authentication');
    expect(page).toContain('Fail authentication');
    expect(page).toContain('card ending in 3184');

    const completed = await post(challengeUrl, { action: 'complete' });
    expect(completed.status).toBe(303);
    expect(completed.headers.get('location')).not.toContain('/challenge/');
    expect(await membership(userId)).toEqual({ plan: 'MONTHLY', payment_provider: 'STRIPE' });
    expect(await charges(userId)).toEqual([{ amount: 500, status: 'SUCCEEDED', card_last4: '3184' }]);
    // Replayed: refused, charged once.
    const replay = await post(challengeUrl, { action: 'complete' });
    expect(replay.status).not.toBe(200);
    expect(await charges(userId)).toHaveLength(1);
  });

  it('Fail authentication: the checkout shows the card error, nothing is charged, the failed challenge cannot be completed', { timeout: 60_000 }, async () => {
    const { userId, url } = await checkoutUrl('secure');
    const challengeUrl = (await payWith3ds(url)).headers.get('location')!;
    const failed = await post(challengeUrl, { action: 'fail' });
    expect(failed.status).toBe(303);
    const back = new URL(failed.headers.get('location')!, ORIGIN);
    expect(url).toContain(back.pathname);
    expect(await (await workerFetch(back.href)).text()).toContain(AUTHENTICATION_FAILED);
    const again = await post(challengeUrl, { action: 'complete' });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(REFUSED);
    expect(await charges(userId)).toEqual([]);
    expect(await membership(userId)).toBeNull();
  });

  it('forged completions are refused: a made-up id, another session’s challenge, an expired one, a cross-site post', { timeout: 60_000 }, async () => {
    const mine = await checkoutUrl('secure');
    const theirs = await checkoutUrl('secure');
    const myChallenge = (await payWith3ds(mine.url)).headers.get('location')!;
    const theirChallenge = (await payWith3ds(theirs.url)).headers.get('location')!;
    const theirId = theirChallenge.split('/challenge/')[1]!;
    const sessionPath = myChallenge.split('/challenge/')[0]!;

    const madeUp = await post(`${sessionPath}/challenge/3ds_test_000000000000000000000000`, { action: 'complete' });
    expect(madeUp.status).toBe(400);
    const crossed = await post(`${sessionPath}/challenge/${theirId}`, { action: 'complete' });
    expect(crossed.status).toBe(400);
    expect(await crossed.text()).toContain(REFUSED);
    const crossSite = await workerFetch(myChallenge, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete',
    });
    expect(crossSite.status).toBe(403);
    await testDb.prepare('UPDATE devpay_challenges SET expires_at = ? WHERE id = ?').bind(Date.now() - 1, myChallenge.split('/challenge/')[1]).run();
    const expired = await post(myChallenge, { action: 'complete' });
    expect(expired.status).toBe(400);
    expect(await charges(mine.userId)).toEqual([]);
    expect(await charges(theirs.userId)).toEqual([]);
    expect(await membership(mine.userId)).toBeNull();
    // Theirs is still theirs to pass.
    expect((await post(theirChallenge, { action: 'complete' })).status).toBe(303);
    expect(await charges(theirs.userId)).toEqual([{ amount: 500, status: 'SUCCEEDED', card_last4: '3184' }]);
  });
});
