// The local provider's hosted checkout page (development only): GET shows the amount and a
// card form; POST pays. Like Stripe Checkout it shows a card error on the page (Stripe's
// messages) and, on success, sends the browser to the session's success URL. The card
// number is read, judged and dropped: only brand, last four and expiry are kept.
import { html } from 'hono/html';
import { discountName, discountedPriceText } from '../../shared/membership/discount-text.ts';
import { formatPrice, isDiscountOffer, isPlanCurrency, offerFirstChargeAt } from '../../shared/membership/plans.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import { CHALLENGE_REFUSED, isWallet, LOCAL_CHECKOUT_PATH, PAYMENT_CANCELLED, sessionDiscount, type LocalProvider } from '../payments/local-provider.ts';
import { AUTHENTICATION_FAILED } from '../payments/test-cards.ts';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex',
};

interface PageInput {
  productName: string;
  description: string;
  amountText: string;
  interval: string | null;
  /** A discount offer, in the words every screen uses (shared/membership/discount-text.ts). */
  discountText: string | null;
  mode: string;
  cancelUrl: string;
  error: string | null;
}

async function checkoutPage(input: PageInput): Promise<string> {
  const button = input.mode === 'setup' ? 'Save card' : input.mode === 'subscription' ? 'Subscribe' : 'Pay';
  return String(
    await html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="data:," />
    <title>Checkout – ${input.productName} (test payments)</title>
    <style>
      body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #1a1a1a; background: #f6f9fc; }
      main { max-width: 920px; margin: 0 auto; padding: 48px 24px; display: grid; gap: 48px; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); }
      .test { display: inline-block; background: #ffde92; color: #8a4a00; font-size: 12px; font-weight: 600; border-radius: 4px; padding: 2px 6px; }
      h1 { font-size: 16px; color: #555; font-weight: 500; margin: 16px 0 4px; }
      .amount { font-size: 36px; font-weight: 600; margin: 0; }
      label { display: block; font-size: 13px; color: #555; margin: 16px 0 4px; }
      input { box-sizing: border-box; width: 100%; font: inherit; padding: 10px 12px; border: 1px solid #d0d5dd; border-radius: 6px; background: #fff; }
      .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
      button { margin-top: 24px; width: 100%; font: 600 16px system-ui, sans-serif; color: #fff; background: #0570de; border: 0; border-radius: 6px; padding: 12px; cursor: pointer; }
      .error { color: #df1b41; margin-top: 12px; }
      .wallets { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; margin-top: 16px; }
      .wallets .or { grid-column: 1 / -1; margin: 8px 0 0; color: #555; font-size: 13px; text-align: center; }
      .wallet { margin-top: 0; background: #000; }
      .wallet.paypal { background: #ffc439; color: #003087; }
      .hint { color: #6b7280; font-size: 13px; margin-top: 24px; }
      a { color: #0570de; }
    </style>
  </head>
  <body>
    <main>
      <section>
        <a href="${input.cancelUrl}">← Back to ${input.productName}</a>
        <p><span class="test">TEST MODE</span></p>
        <h1>${input.description}</h1>
        <p class="amount" data-amount>${input.amountText}${input.interval ? html` <small style="font-size:15px;color:#555">per ${input.interval}</small>` : ''}</p>
        ${input.discountText ? html`<p data-discount>${input.discountText}</p>` : ''}
      </section>
      <section>
        <form method="post" autocomplete="off">
          <label for="cardnumber">Card number</label>
          <input id="cardnumber" name="cardnumber" inputmode="numeric" placeholder="1234 1234 1234 1234" required />
          <div class="row">
            <div>
              <label for="exp">Expiration (MM / YY)</label>
              <input id="exp" name="exp" placeholder="MM / YY" required />
            </div>
            <div>
              <label for="cvc">CVC</label>
              <input id="cvc" name="cvc" inputmode="numeric" placeholder="CVC" required />
            </div>
          </div>
          ${input.error ? html`<p class="error" role="alert" data-card-error>${input.error}</p>` : ''}
          <button type="submit">${button}</button>
        </form>
        ${input.mode === 'setup'
          ? ''
          : html`<form method="post" class="wallets" aria-label="Other ways to pay">
              <p class="or">Or pay with</p>
              <button type="submit" name="wallet" value="apple_pay" class="wallet">Apple Pay</button>
              <button type="submit" name="wallet" value="google_pay" class="wallet">Google Pay</button>
              <button type="submit" name="wallet" value="paypal" class="wallet paypal">PayPal</button>
            </form>`}
        <p class="hint">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0027 6000 3184 asks for 3-D Secure authentication; 4000 0000 0000 0341 succeeds now and fails at renewal. Any future expiry, any CVC.</p>
      </section>
    </main>
  </body>
</html>`,
  );
}

function parseExpiry(text: string): { month: number; year: number } {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return { month: 0, year: 0 };
  return { month: Number(match[1]), year: Number(match[2]) };
}

export async function localCheckoutPage(request: Request, provider: LocalProvider, sessionRef: string, productName: string): Promise<Response> {
  const session = await provider.session(sessionRef);
  if (!session) return new Response('No such checkout session', { status: 404, headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' } });
  if (session.status !== 'open') return Response.redirect(session.successUrl, 303);
  const currency = isPlanCurrency(session.currency) ? session.currency : 'USD';
  const discount = session.mode === 'subscription' ? sessionDiscount(session.metadata) : null;
  const render = async (error: string | null, status = 200) =>
    new Response(
      await checkoutPage({
        productName,
        description: session.description,
        // Under an offer the amount due today is the first, discounted cycle's.
        amountText: session.mode === 'setup' ? 'Update card' : formatPrice(discount?.amount ?? session.amount, currency),
        interval: discount ? null : session.interval,
        discountText:
          discount && isDiscountOffer(discount.id)
            ? `${discountName(discount.id)}: ${discountedPriceText({ amount: discount.amount, currency }, { amount: session.amount, currency }, session.interval ?? 'month', offerFirstChargeAt(discount.id, Date.now()))}`
            : null,
        mode: session.mode,
        cancelUrl: session.cancelUrl,
        error,
      }),
      { status, headers: PAGE_HEADERS },
    );
  // Back from a failed 3-D Secure challenge: Stripe's words, the form for another card.
  if (request.method === 'GET') {
    const back = new URL(request.url).searchParams.get(AUTHENTICATION_PARAM);
    return render(back === 'failed' ? AUTHENTICATION_FAILED.message : back === 'cancelled' ? PAYMENT_CANCELLED.message : null);
  }
  if (!isSameOriginPost(request)) return new Response('Forbidden', { status: 403 });
  const form = await request.formData().catch(() => null);
  const field = (name: string) => (typeof form?.get(name) === 'string' ? String(form.get(name)).slice(0, 64) : '');
  // Apple Pay, Google Pay, PayPal: their sheet or approval page first (docs/adr/0142-wallets-and-paypal.md).
  const wallet = field('wallet');
  if (wallet !== '' && session.mode !== 'setup') {
    if (!isWallet(wallet)) return render('Choose a way to pay.', 400);
    const started = await provider.startWallet(sessionRef, wallet);
    if (!started.ok && started.requiresAction) return new Response(null, { status: 303, headers: { location: started.challengeUrl, 'cache-control': 'no-store' } });
    return Response.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionRef), 303);
  }
  const expiry = parseExpiry(field('exp'));
  const result = await provider.pay(sessionRef, { number: field('cardnumber'), expMonth: expiry.month, expYear: expiry.year, cvc: field('cvc').trim() });
  // A submit that lost the race to a simultaneous one (a double click) lands where the winner did.
  if (!result.ok && result.requiresAction) return new Response(null, { status: 303, headers: { location: result.challengeUrl, 'cache-control': 'no-store' } });
  if (!result.ok && result.error.code === 'resource_missing') return Response.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionRef), 303);
  if (!result.ok) return render(result.error.message, 402);
  return new Response(null, { status: 303, headers: { location: result.successUrl, 'cache-control': 'no-store' } });
}

/** ?authentication=failed|cancelled on the checkout page: the cardholder failed the challenge, or cancelled a wallet or PayPal. */
const AUTHENTICATION_PARAM = 'authentication';

/** What each confirmation page says and offers (docs/adr/0141-local-3d-secure-challenge.md, docs/adr/0142-wallets-and-paypal.md). */
function confirmationWords(kind: ChallengeKind, input: { productName: string; amountText: string; last4: string }) {
  switch (kind) {
    case 'apple_pay':
    case 'google_pay': {
      const name = kind === 'apple_pay' ? 'Apple Pay' : 'Google Pay';
      return {
        title: name,
        text: `Pay ${input.productName} ${input.amountText} with ${name}. This test wallet holds the test card Visa ending in ${input.last4}.`,
        complete: `Confirm with ${name}`,
        fail: 'Cancel',
      };
    }
    case 'paypal':
      return {
        title: 'PayPal',
        text: `${input.productName} asks to be paid ${input.amountText} from your PayPal account (the PayPal sandbox test buyer).`,
        complete: 'Approve',
        fail: 'Cancel',
      };
    default:
      return {
        title: '3D Secure 2 Test Page',
        text: `Your bank asks you to confirm this payment of ${input.amountText} with the card ending in ${input.last4}. This test page stands in for your bank's authentication.`,
        complete: 'Complete authentication',
        fail: 'Fail authentication',
      };
  }
}

type ChallengeKind = 'three_d_secure' | 'apple_pay' | 'google_pay' | 'paypal';

async function challengePage(input: { productName: string; amountText: string; last4: string; error: string | null; kind?: ChallengeKind }): Promise<string> {
  const words = confirmationWords(input.kind ?? 'three_d_secure', input);
  return String(
    await html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="data:," />
    <title>${words.title} – ${input.productName} (test payments)</title>
    <style>
      body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #1a1a1a; background: #f6f9fc; }
      main { max-width: 460px; margin: 48px auto; padding: 32px 24px; background: #fff; border: 1px solid #e3e8ee; border-radius: 8px; }
      .test { display: inline-block; background: #ffde92; color: #8a4a00; font-size: 12px; font-weight: 600; border-radius: 4px; padding: 2px 6px; }
      h1 { font-size: 20px; margin: 12px 0; }
      .actions { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin-top: 24px; }
      button { font: 600 15px system-ui, sans-serif; border-radius: 6px; padding: 12px; cursor: pointer; border: 1px solid #0570de; }
      .complete { color: #fff; background: #0570de; }
      .fail { color: #0570de; background: #fff; }
      .error { color: #df1b41; }
    </style>
  </head>
  <body>
    <main>
      <p><span class="test">TEST MODE</span></p>
      <h1>${input.error ? 'Test payments' : words.title}</h1>
      ${input.error
        ? html`<p class="error" role="alert" data-challenge-error>${input.error}</p>`
        : html`<p>${words.text}</p>
            <form method="post" class="actions">
              <button type="submit" name="action" value="complete" class="complete">${words.complete}</button>
              <button type="submit" name="action" value="fail" class="fail">${words.fail}</button>
            </form>`}
    </main>
  </body>
</html>`,
  );
}

/**
 * The local stand-in of the issuer's 3-D Secure 2 challenge, of the wallet sheet (Apple Pay, Google
 * Pay: Confirm / Cancel) and of PayPal's approval page (Approve / Cancel, back to the checkout) (docs/adr/0141-local-3d-secure-challenge.md),
 * as Stripe's test challenge: Complete authentication pays and goes on to the session's success URL;
 * Fail authentication goes back to the checkout with Stripe's authentication error. A challenge id
 * that is not this session's pending one (forged, replayed, expired) is refused: nothing charged.
 */
export async function localChallengePage(request: Request, provider: LocalProvider, sessionRef: string, challengeId: string, productName: string): Promise<Response> {
  const session = await provider.session(sessionRef);
  const challenge = session?.status === 'open' ? await provider.openChallenge(sessionRef, challengeId) : null;
  const currency = session && isPlanCurrency(session.currency) ? session.currency : 'USD';
  const amount = session ? (sessionDiscount(session.metadata)?.amount ?? session.amount) : 0;
  const refused = async () =>
    new Response(await challengePage({ productName, amountText: '', last4: '', error: CHALLENGE_REFUSED.message }), { status: 400, headers: PAGE_HEADERS });
  if (!session || !challenge) return refused();
  if (request.method === 'GET') return new Response(await challengePage({ productName, amountText: formatPrice(amount, currency), last4: challenge.last4, error: null, kind: challenge.kind }), { headers: PAGE_HEADERS });
  if (!isSameOriginPost(request)) return new Response('Forbidden', { status: 403 });
  const form = await request.formData().catch(() => null);
  const action = form?.get('action');
  if (action !== 'complete' && action !== 'fail') return refused();
  const result = await provider.authenticate(sessionRef, challengeId, action === 'complete');
  if (result.ok) return new Response(null, { status: 303, headers: { location: result.successUrl, 'cache-control': 'no-store' } });
  if (!result.requiresAction && (result.error.code === AUTHENTICATION_FAILED.code || result.error.code === PAYMENT_CANCELLED.code)) {
    const back = result.error.code === AUTHENTICATION_FAILED.code ? 'failed' : 'cancelled';
    return new Response(null, { status: 303, headers: { location: `${LOCAL_CHECKOUT_PATH}/${encodeURIComponent(sessionRef)}?${AUTHENTICATION_PARAM}=${back}`, 'cache-control': 'no-store' } });
  }
  return refused();
}

/**
 * The local stand-in of Stripe's hosted invoice page for a renewal that waits for 3-D Secure
 * (docs/adr/0188-renewal-needing-authentication.md): Complete authentication charges the renewal
 * (invoice.paid) and goes back to the manage page; Fail authentication charges nothing and says so
 * (the invoice stays open, the grace period runs). An invoice that is not open and waiting
 * (paid, made up, another period) is refused.
 */
export async function localInvoicePage(request: Request, provider: LocalProvider, invoiceId: string, productName: string, origin: string): Promise<Response> {
  const open = await provider.openActionInvoice(invoiceId);
  const refused = async () =>
    new Response(await challengePage({ productName, amountText: '', last4: '', error: CHALLENGE_REFUSED.message }), { status: 400, headers: PAGE_HEADERS });
  if (!open) return refused();
  const currency = isPlanCurrency(open.subscription.currency) ? open.subscription.currency : 'USD';
  const card = await provider.savedCard(open.subscription.paymentMethodRef);
  const page = async (error: string | null, status = 200) =>
    new Response(await challengePage({ productName, amountText: formatPrice(open.amount, currency), last4: card?.last4 ?? '', error }), { status, headers: PAGE_HEADERS });
  if (request.method === 'GET') return page(null);
  if (!isSameOriginPost(request)) return new Response('Forbidden', { status: 403 });
  const form = await request.formData().catch(() => null);
  const action = form?.get('action');
  if (action !== 'complete' && action !== 'fail') return refused();
  const result = await provider.authenticateInvoice(invoiceId, action === 'complete');
  if (result === 'refused') return refused();
  if (result === 'failed') return page(AUTHENTICATION_FAILED.message, 402);
  return new Response(null, { status: 303, headers: { location: new URL('/manage-membership', origin).toString(), 'cache-control': 'no-store' } });
}
