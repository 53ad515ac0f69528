// The local provider's stand-in for Stripe's hosted Connect onboarding (development only):
// GET shows the account and "Agree and submit"; POST marks the account able to take payouts
// and sends the browser to the return URL, as Stripe does. Return and refresh URLs must be on
// this site's origin (no open redirect).
import { html } from 'hono/html';
import { standInPage } from '../lib/stand-in-page.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import type { LocalProvider } from '../payments/local-provider.ts';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex',
};

function onOrigin(value: string | null, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === origin ? url.toString() : null;
  } catch {
    return null;
  }
}

export async function localConnectPage(request: Request, provider: LocalProvider, accountRef: string, origin: string, productName: string): Promise<Response> {
  const url = new URL(request.url);
  const returnUrl = onOrigin(url.searchParams.get('return_url'), origin);
  const refreshUrl = onOrigin(url.searchParams.get('refresh_url'), origin);
  if (!returnUrl || !refreshUrl) return new Response('The return and refresh addresses must be on this site.', { status: 400 });
  let status;
  try {
    status = await provider.connectedAccountStatus(accountRef);
  } catch {
    return new Response('No such account.', { status: 404 });
  }
  if (request.method === 'POST') {
    if (!isSameOriginPost(request)) return new Response('Forbidden', { status: 403 });
    await provider.completeOnboarding(accountRef);
    return new Response(null, { status: 303, headers: { location: returnUrl, 'cache-control': 'no-store' } });
  }
  const body = await standInPage(
    `Payout details – local test provider`,
    `      body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #f6f9fc; }
      main { max-width: 440px; margin: 48px auto; padding: 32px; background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
      button { font: inherit; width: 100%; padding: 10px; border: 0; border-radius: 6px; background: #635bff; color: #fff; cursor: pointer; }
      .muted { color: #6b7280; font-size: 13px; }`,
    html`    <main>
      <p class="muted">Local test provider · development only</p>
      <h1>Get paid by ${productName}</h1>
      <p>Account <code data-testid="connect-account">${accountRef}</code> ${status.payoutsEnabled ? 'can already take payouts.' : 'needs its payout details.'}</p>
      <p class="muted">No bank details are asked here: submitting makes the test account able to take payouts, as finishing Stripe's onboarding does.</p>
      <form method="post">
        <button type="submit" data-testid="connect-submit">Agree and submit</button>
      </form>
      <p><a href="${refreshUrl}">Cancel</a></p>
    </main>`,
  );
  return new Response(String(body), { headers: PAGE_HEADERS });
}
