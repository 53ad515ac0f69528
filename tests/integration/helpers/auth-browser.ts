// A small cookie-keeping client for the sign-in tests: it calls the worker itself (no
// network) the way a browser would — cookies kept per name, a client address of its own
// (CF-Connecting-IP) so per-address limits do not leak between tests, and the
// anti-forgery header on GraphQL calls.
import type { D1Database } from '@cloudflare/workers-types';
import { listDevMailbox } from '../../../worker/mail/dev-mailbox.ts';
import { sha256Hex } from '../../../worker/lib/crypto.ts';
import { GRAPHQL_URL, workerFetch } from './graphql-client.ts';

export const ORIGIN = 'http://localhost:8787';

let addressCounter = 0;
/** A client address no other test client uses. */
export function freshAddress(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter % 250}:${addressCounter}`;
}

export interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
  raw: string;
}

export function parseSetCookie(raw: string): SetCookie {
  const [pair = '', ...attributes] = raw.split(';').map((p) => p.trim());
  const index = pair.indexOf('=');
  return { name: pair.slice(0, index), value: decodeURIComponent(pair.slice(index + 1)), attributes, raw };
}

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie of the last response. */
  lastSetCookies: SetCookie[] = [];

  constructor(readonly address: string = freshAddress()) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(path: string, init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'cf-connecting-ip': this.address, ...(init.headers ?? {}) };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const response = await workerFetch(path.startsWith('http') ? path : ORIGIN + path, { ...init, headers, redirect: 'manual' });
    this.lastSetCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of this.lastSetCookies) {
      const expired = cookie.attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** POST /_/graphql with the anti-forgery header (xsrf: the session's value, '1' logged out, null: none). */
  async graphql<T = any>(payload: unknown, options: { xsrf?: string | null } = {}): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const xsrf = options.xsrf === undefined ? '1' : options.xsrf;
    if (xsrf !== null) headers['x-xsrf-token'] = xsrf;
    const response = await this.fetch(GRAPHQL_URL, { method: 'POST', headers, body: JSON.stringify(payload) });
    return { status: response.status, body: (await response.json()) as T, headers: response.headers };
  }

  cookieSet(name: string): SetCookie | undefined {
    return this.lastSetCookies.find((c) => c.name === name);
  }
}

/** The anti-forgery value of the session a browser holds. */
export async function sessionXsrf(db: D1Database, browser: TestBrowser): Promise<string | null> {
  const sid = browser.cookies.get('sid');
  if (!sid) return null;
  const row = await db.prepare('SELECT xsrf FROM sessions WHERE id_hash = ?').bind(await sha256Hex(sid)).first<{ xsrf: string }>();
  return row?.xsrf ?? null;
}

export interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
  code: string;
  link: string;
  /** The link's path and query, for calling the worker. */
  linkPath: string;
}

/** The newest mail of the development mailbox to `email`. */
export async function latestMail(db: D1Database, email: string): Promise<ReceivedMail | null> {
  const [message] = await listDevMailbox(db, email);
  if (!message) return null;
  const code = /code: (\d{6})/.exec(message.text)?.[1] ?? '';
  const link = /(https?:\/\/\S+\/m\/callback\/email\?token=\S+)/.exec(message.text)?.[1] ?? '';
  const url = link ? new URL(link) : null;
  return { subject: message.subject, text: message.text, html: message.html, code, link, linkPath: url ? url.pathname + url.search : '' };
}

export const SEND = /* GraphQL */ `
  mutation SendAcctAuthEmail($email: String!, $operation: String, $redirect: String, $fullName: String, $captchaValue: String, $onMobileWeb: Boolean) {
    sendAcctAuthEmail(email: $email, operation: $operation, redirect: $redirect, fullName: $fullName, captchaValue: $captchaValue, onMobileWeb: $onMobileWeb) {
      __typename
      ... on SusiMethod { value }
      ... on BadRequest { message }
      ... on FailedChallenge { message }
      ... on NotFound { message }
      ... on TooManyRequests { message lockoutInfo { failCount lockedOutUntil } }
      ... on IpAuthLockout { message lockoutInfo { lockedOutUntil } }
    }
  }
`;

export const VERIFY_FIELDS = /* GraphQL */ `
  __typename
  ... on Token { value }
  ... on BadRequest { message }
  ... on NotFound { message }
  ... on TooManyRequests { message }
  ... on IpAuthLockout { message }
`;

export const VERIFY = /* GraphQL */ `
  mutation VerifyLoginCode($loginCode: String!) { verifyLoginCode(loginCode: $loginCode) { ${VERIFY_FIELDS} } }
`;

export const VIEWER = '{ viewer { id username email } }';
