// Following one redirect as a person would (their session cookie, or none): the OAuth-style
// hand-offs (Mastodon's callback, the registrar's way back) answer a 303 to the page that tells
// the outcome. Used by tests/integration/mastodon-for-members.test.ts and registrar-hand-off.test.ts.
import { expect } from 'vitest';
import { workerFetch } from './graphql-client.ts';

/** Opens `url` as `person` (null: signed out), expects a 303 and answers where it leads (path and query). */
export async function followOneRedirect(person: { cookie: string } | null, url: string): Promise<string> {
  const answer = await workerFetch(url, { headers: person ? { cookie: person.cookie } : {}, redirect: 'manual' });
  expect(answer.status).toBe(303);
  const next = new URL(answer.headers.get('location')!);
  return next.pathname + next.search;
}
