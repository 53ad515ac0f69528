// The local registrar (development only; docs/adr/0182-registrar-hand-off.md): the stand-in for a
// registrar's Domain Connect synchronous flow, as the local identity provider stands in for
// Google. GET .../apply shows the records it will set for the domain with Connect and Cancel;
// Connect (a same-origin POST) writes them to the local DNS zone (dev_dns_records, the zone
// worker/accounts/dns/dns-resolver.ts answers from in development) and sends the browser back
// to redirect_uri with state; Cancel sends error=access_denied. Like a registrar, it redirects
// only to the callback registered for the template (ours).
import { html } from 'hono/html';
import { isDevelopment, type Env } from '../env.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import { authOrigin } from '../auth/social/oauth-helpers.ts';
import { verificationName } from './custom-domain.ts';
import { DOMAIN_CONNECT_TEMPLATE, LOCAL_REGISTRAR_PATH, REGISTRAR_CALLBACK_PATH } from './registrar.ts';

const APPLY_PATH = `${LOCAL_REGISTRAR_PATH}/v2/domainTemplates/providers/${DOMAIN_CONNECT_TEMPLATE.providerId}/services/${DOMAIN_CONNECT_TEMPLATE.serviceId}/apply`;
const HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY', 'x-robots-tag': 'noindex' };
const NAME = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/;

interface Apply {
  domain: string;
  verification: string;
  target: string;
  redirectUri: string;
  state: string;
}

function applyRequest(env: Env, params: URLSearchParams): Apply | string {
  const zone = (params.get('domain') ?? '').toLowerCase();
  const host = (params.get('host') ?? '').toLowerCase();
  const domain = host ? `${host}.${zone}` : zone;
  if (!NAME.test(zone) || !zone.includes('.') || (host && !NAME.test(host))) return 'domain and host must name a domain.';
  const verification = params.get('verification') ?? '';
  const target = (params.get('target') ?? '').toLowerCase();
  // A TXT value of printable characters, no quotes (ours is vellum-verification=…).
  if (!/^[\x21\x23-\x7e]{8,200}$/.test(verification) || !NAME.test(target.replace(/:\d+$/, ''))) return 'The template needs its verification and target variables.';
  const redirectUri = params.get('redirect_uri') ?? '';
  if (redirectUri !== authOrigin(env) + REGISTRAR_CALLBACK_PATH) return 'redirect_uri is not the one registered for this template.';
  const state = params.get('state') ?? '';
  if (!state) return 'A state is required.';
  return { domain, verification, target, redirectUri, state };
}

function back(apply: Apply, extra: Record<string, string> = {}): string {
  const url = new URL(apply.redirectUri);
  url.searchParams.set('state', apply.state);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return url.href;
}

async function page(env: Env, params: URLSearchParams, apply: Apply): Promise<string> {
  const fields = ['domain', 'host', 'verification', 'target', 'redirect_uri', 'state'].map((name) => html`<input type="hidden" name="${name}" value="${params.get(name) ?? ''}" />`);
  return String(
    await html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <link rel="icon" href="data:," />
    <title>Connect ${apply.domain} – local registrar</title>
    <style>
      body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #1f1f1f; background: #f4f5f7; }
      main { max-width: 520px; margin: 6vh auto; padding: 28px; background: #fff; border-radius: 12px; box-sizing: border-box; }
      .test { display: inline-block; background: #ffde92; color: #8a4a00; font-size: 12px; font-weight: 600; border-radius: 4px; padding: 2px 6px; }
      h1 { font-size: 22px; margin: 16px 0 8px; overflow-wrap: anywhere; }
      table { border-collapse: collapse; width: 100%; margin: 12px 0 20px; font-size: 13px; }
      th, td { text-align: left; padding: 6px 8px 6px 0; border-bottom: 1px solid #e3e5e8; vertical-align: top; }
      code { word-break: break-all; }
      button { font: 600 14px system-ui, sans-serif; color: #fff; background: #de3723; border: 0; border-radius: 6px; padding: 9px 20px; cursor: pointer; }
      .cancel { margin-left: 12px; color: #3f51b5; }
      @media (max-width: 560px) { main { margin: 0; border-radius: 0; min-height: 100vh; } }
    </style>
  </head>
  <body>
    <main>
      <span class="test">LOCAL REGISTRAR</span>
      <h1>Connect ${apply.domain} to ${env.PRODUCT_NAME}</h1>
      <p>These DNS records will be set for your domain:</p>
      <table>
        <thead><tr><th>Type</th><th>Name</th><th>Value</th></tr></thead>
        <tbody>
          <tr><td>TXT</td><td><code>${verificationName(apply.domain)}</code></td><td><code>${apply.verification}</code></td></tr>
          <tr><td>CNAME</td><td><code>${apply.domain}</code></td><td><code>${apply.target}</code></td></tr>
        </tbody>
      </table>
      <form method="post" action="apply">
        ${fields}
        <button type="submit">Connect</button>
        <a class="cancel" href="${back(apply, { error: 'access_denied', error_description: 'The user cancelled.' })}">Cancel</a>
      </form>
    </main>
  </body>
</html>`,
  );
}

/** Answers a request under /_/dev/registrar/, or null (not development, not its address). */
export async function handleLocalRegistrarRequest(request: Request, env: Env): Promise<Response | null> {
  if (!isDevelopment(env) || env.REGISTRAR_APPLY_URL) return null;
  const url = new URL(request.url);
  if (url.pathname !== APPLY_PATH) return null;
  const isPost = request.method === 'POST';
  if (isPost && !isSameOriginPost(request)) return new Response('Forbidden', { status: 403 });
  const params = isPost ? new URLSearchParams([...(await request.formData())].filter((e): e is [string, string] => typeof e[1] === 'string')) : url.searchParams;
  const apply = applyRequest(env, params);
  // Never redirected to on a bad request (an unregistered redirect_uri above all): said here.
  if (typeof apply === 'string') return new Response(`invalid_request: ${apply}`, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  if (!isPost) return new Response(await page(env, params, apply), { headers: HEADERS });
  await env.DB.batch([
    env.DB.prepare("DELETE FROM dev_dns_records WHERE name = ? AND type = 'CNAME'").bind(apply.domain),
    env.DB.prepare("INSERT OR IGNORE INTO dev_dns_records (name, type, value) VALUES (?, 'TXT', ?)").bind(verificationName(apply.domain), apply.verification),
    env.DB.prepare("INSERT OR IGNORE INTO dev_dns_records (name, type, value) VALUES (?, 'CNAME', ?)").bind(apply.domain, apply.target),
  ]);
  return new Response(null, { status: 303, headers: { location: back(apply), 'cache-control': 'no-store' } });
}
