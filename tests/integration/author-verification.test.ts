// Author verification (docs/partner-program.md "Author verification"): a writer applies with
// books (title and link; hostile links and empty titles refused, nothing written), one request
// at a time; unverified books are never shown; only staff decide (anti-forgery field); approving
// is the verify_book_author action: the books appear on /@{username}/books and the menu's
// verifications.isBookAuthor turns true (which hides "Apply for author verification").
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const ORIGIN = 'http://localhost:8787';
const APPLY = /* GraphQL */ `
  mutation ($books: [AuthorBookInput!]!) {
    applyForAuthorVerification(books: $books) { ok code message bookIndex verification { isBookAuthor requestState } }
  }
`;
const MENU = /* GraphQL */ `query { viewer { verifications { isBookAuthor } } authorVerification { isBookAuthor requestState } }`;
const BOOKS = [
  { title: 'The Quiet Shelf', url: 'https://publisher.example/quiet-shelf' },
  { title: 'Letters <script>alert(1)</script>', url: 'https://books.example/letters' },
];

let reader: Caller;

async function requests() {
  return (await testDb.prepare('SELECT count(*) AS n FROM author_verification_requests').first<{ n: number }>())!.n;
}
function decide(id: string, decision: string, session: { token: string; xsrf: string }, xsrf = session.xsrf) {
  return workerFetch(`${ORIGIN}/_/admin/author-verifications/${id}/${decision}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${session.token}` },
    body: new URLSearchParams({ xsrf }).toString(),
  });
}
async function booksPage() {
  return (await workerFetch(`${ORIGIN}/@reader/books`)).text();
}

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.prepare('UPDATE users SET is_book_author = 0 WHERE id = ?').bind(USERS.reader).run();
  reader = await signedIn(USERS.reader);
});

describe('applying', () => {
  it.each([
    [[], null],
    [[{ title: ' ', url: 'https://a.example/b' }], 0],
    [[{ title: 'Fine', url: 'javascript:alert(1)' }], 0],
    [[BOOKS[0], { title: 'No link', url: 'not a link' }], 1],
    [[{ title: 'Local', url: 'http://localhost/book' }], 0],
    [Array.from({ length: 11 }, (_, i) => ({ title: `Book ${i}`, url: `https://b.example/${i}` })), null],
  ])('refuses hostile or empty books (case %#) with INVALID_BOOK, writing nothing', async (books, index) => {
    const answer = (await reader.gql(APPLY, { books })).data?.applyForAuthorVerification;
    expect(answer).toMatchObject({ ok: false, code: 'INVALID_BOOK', bookIndex: index });
    expect(await requests()).toBe(0);
  });

  it('takes a request; a second waits for the first; the books are not shown before verification', async () => {
    expect((await reader.gql(APPLY, { books: BOOKS })).data?.applyForAuthorVerification).toMatchObject({ ok: true, verification: { isBookAuthor: false, requestState: 'PENDING' } });
    expect((await reader.gql(APPLY, { books: BOOKS })).data?.applyForAuthorVerification).toMatchObject({ ok: false, code: 'ALREADY_PENDING' });
    expect(await requests()).toBe(1);
    expect(await booksPage()).not.toContain('The Quiet Shelf');
  });
});

describe('staff decide', () => {
  it('the review page is the 404 page to anyone else, and a forged decision changes nothing', async () => {
    const other = await createSession(testDb, USERS.member);
    expect((await workerFetch(`${ORIGIN}/_/admin/author-verifications`, { headers: { cookie: `sid=${other.token}` } })).status).toBe(404);
    const id = (await testDb.prepare('SELECT id FROM author_verification_requests').first<{ id: string }>())!.id;
    expect((await decide(id, 'approve', other)).status).toBe(404);
    const staff = await createSession(testDb, USERS.staff);
    expect((await decide(id, 'approve', staff, 'forged')).status).toBe(403);
    expect((await reader.gql(MENU)).data?.authorVerification).toMatchObject({ isBookAuthor: false, requestState: 'PENDING' });
  });

  it('approving verifies the author: books listed (escaped), the menu knows', async () => {
    const staff = await createSession(testDb, USERS.staff);
    const page = await workerFetch(`${ORIGIN}/_/admin/author-verifications`, { headers: { cookie: `sid=${staff.token}` } });
    expect(await page.text()).toContain('The Quiet Shelf');
    const id = (await testDb.prepare('SELECT id FROM author_verification_requests').first<{ id: string }>())!.id;
    expect((await decide(id, 'approve', staff)).status).toBe(303);
    expect((await decide(id, 'approve', staff)).status).toBe(409);
    expect((await reader.gql(MENU)).data).toMatchObject({ viewer: { verifications: { isBookAuthor: true } }, authorVerification: { isBookAuthor: true, requestState: 'APPROVED' } });
    const html = await booksPage();
    expect(html).toContain('href="https://publisher.example/quiet-shelf"');
    expect(html).toContain('The Quiet Shelf');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect((await reader.gql(APPLY, { books: BOOKS })).data?.applyForAuthorVerification).toMatchObject({ ok: false, code: 'ALREADY_VERIFIED' });
  });

  it('declining leaves the writer unverified and free to apply again', async () => {
    const member = await signedIn(USERS.member);
    expect((await member.gql(APPLY, { books: [BOOKS[0]] })).data?.applyForAuthorVerification.ok).toBe(true);
    const staff = await createSession(testDb, USERS.staff);
    const id = (await testDb.prepare("SELECT id FROM author_verification_requests WHERE user_id = ?").bind(USERS.member).first<{ id: string }>())!.id;
    expect((await decide(id, 'decline', staff)).status).toBe(303);
    expect((await member.gql(MENU)).data?.authorVerification).toMatchObject({ isBookAuthor: false, requestState: 'DECLINED' });
    expect((await member.gql(APPLY, { books: [BOOKS[0]] })).data?.applyForAuthorVerification.ok).toBe(true);
  });
});
