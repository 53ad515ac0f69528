// Group gifts (gift type 31; docs/adr/0121-group-gifts.md): one checkout, one membership per
// recipient at the plan's price each; every recipient is mailed a code of their own with a link
// to the gift-membership page carrying the gift type; the giver sees which were redeemed. Hostile:
// a code redeemed twice, a code redeemed by its giver, a malformed recipient list — refused,
// nothing charged or changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { signedIn } from './helpers/signed-in.ts';

const ORIGIN = 'http://localhost:8787';
const REDEEM = 'mutation($c: String!) { redeemGiftCode(code: $c) { __typename ... on GiftMembershipRedeemed { membership { paymentProvider } } ... on GiftCodeCheck { status message } ... on BadRequest { message } } }';
const GROUP_GIFTS = '{ groupGifts { membershipType recipients { email redeemedAt } } }';

beforeAll(async () => {
  await seedWorld(testDb);
});

let nextUser = 0;
async function newAccount(label: string): Promise<{ id: string; sid: string; xsrf: string; email: string }> {
  nextUser++;
  const id = `gg${String(nextUser).padStart(10, '0')}`;
  const email = `${label}${nextUser}@vellum.test`;
  await testDb.prepare("INSERT INTO users (id, username, name, email, bio, created_at) VALUES (?, ?, ?, ?, '', ?)").bind(id, `${label}${nextUser}`, `${label} ${nextUser}`, email, Date.now()).run();
  const session = await createSession(testDb, id);
  return { id, sid: session.token, xsrf: session.xsrf, email };
}

async function startGroupGift(giver: { sid: string; xsrf: string }, recipientEmails: string): Promise<Response> {
  return workerFetch(`${ORIGIN}/_/membership/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `sid=${giver.sid}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: giver.xsrf, kind: 'GIFT', plan: 'YEARLY', recipientEmails, amount: '1' }),
  });
}

async function pay(url: string): Promise<Response> {
  return workerFetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardnumber: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' }),
  });
}

async function mailedCode(email: string): Promise<{ code: string; link: string }> {
  const response = await workerFetch(`${ORIGIN}/_/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
  const { messages } = (await response.json()) as { messages: { text: string }[] };
  const text = messages.map((m) => m.text).join('\n');
  const code = /Your gift code: ([0-9A-Z]{5}(?:-[0-9A-Z]{5}){3})/.exec(text)?.[1];
  const link = /Redeem it here: (\S+)/.exec(text)?.[1];
  if (!code || !link) throw new Error(`No gift mail to ${email}`);
  return { code, link };
}

const count = async (sql: string, ...params: unknown[]) => (await testDb.prepare(sql).bind(...params).first<{ n: number }>())!.n;

describe('group gifts', () => {
  it('a malformed recipient list is refused before the provider: nothing started, nothing charged', async () => {
    const giver = await newAccount('giver');
    for (const list of ['only-one@vellum.test', 'a@vellum.test\nnot an address', Array.from({ length: 21 }, (_, i) => `r${i}@vellum.test`).join('\n')]) {
      const answer = await startGroupGift(giver, list);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/group-gift?plan=YEARLY&error=emails');
    }
    expect(await count('SELECT COUNT(*) AS n FROM checkouts WHERE user_id = ?', giver.id)).toBe(0);
  });

  it('three recipients: one charge of three memberships, a code each by mail with the gift type; two redeem; the giver sees which', async () => {
    const giver = await newAccount('giver');
    const recipients = [await newAccount('friend'), await newAccount('friend'), await newAccount('friend')];
    // Duplicates and case are folded; the amount the form names is ignored.
    const started = await startGroupGift(giver, `${recipients[0]!.email}\n${recipients[1]!.email.toUpperCase()}, ${recipients[2]!.email}\n${recipients[0]!.email}`);
    expect(started.status).toBe(303);
    const checkoutPage = await (await workerFetch(started.headers.get('location')!)).text();
    expect(checkoutPage).toContain('$150.00');
    const paid = await pay(started.headers.get('location')!);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${ORIGIN}/group-gift?purchased=YEARLY`);
    expect(await testDb.prepare("SELECT kind, amount FROM charges WHERE user_id = ?").bind(giver.id).all().then((r) => r.results)).toEqual([{ kind: 'GIFT', amount: 15000 }]);
    expect(await count('SELECT COUNT(*) AS n FROM gift_codes WHERE purchaser_id = ? AND gift_type = 31 AND group_id IS NOT NULL', giver.id)).toBe(3);

    const mailed = await Promise.all(recipients.map((r) => mailedCode(r.email)));
    expect(new Set(mailed.map((m) => m.code)).size).toBe(3);
    for (const { code, link } of mailed) expect(link).toBe(`${ORIGIN}/gift-checkout?giftCode=${encodeURIComponent(code)}&giftType=31`);

    // The giver cannot take one of the codes.
    const asGiver = await signedIn(giver.id);
    expect((await asGiver.gql(REDEEM, { c: mailed[2]!.code })).data.redeemGiftCode).toEqual({
      __typename: 'BadRequest',
      message: 'This code is part of a group gift you gave. Pass it on to one of the people it is for.',
    });
    expect(await count('SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?', giver.id)).toBe(0);

    // Two recipients redeem theirs; a second redemption of one code is refused.
    for (const i of [0, 1]) {
      const caller = await signedIn(recipients[i]!.id);
      expect((await caller.gql(REDEEM, { c: mailed[i]!.code })).data.redeemGiftCode).toEqual({ __typename: 'GiftMembershipRedeemed', membership: { paymentProvider: 'MEDIUM_GIFT' } });
    }
    const third = await signedIn(recipients[2]!.id);
    expect((await third.gql(REDEEM, { c: mailed[0]!.code })).data.redeemGiftCode).toMatchObject({ __typename: 'GiftCodeCheck', status: 'ALREADY_USED' });
    expect(await count('SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?', recipients[2]!.id)).toBe(0);

    const { data } = await asGiver.gql(GROUP_GIFTS);
    expect(data.groupGifts).toHaveLength(1);
    expect(data.groupGifts[0].membershipType).toBe('YEARLY');
    const redeemed = Object.fromEntries(data.groupGifts[0].recipients.map((r: { email: string; redeemedAt: number | null }) => [r.email, r.redeemedAt !== null]));
    expect(redeemed).toEqual({ [recipients[0]!.email]: true, [recipients[1]!.email]: true, [recipients[2]!.email]: false });
    // Nobody else sees them.
    expect((await third.gql(GROUP_GIFTS)).data.groupGifts).toEqual([]);
  });
});
