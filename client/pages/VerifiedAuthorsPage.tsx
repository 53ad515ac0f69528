// /verified-authors (page landing-verified-authors; docs/partner-program.md "Author
// verification"): what verification is, and for a signed-in writer who is not verified yet the
// application: their books, each with a title and a link. The avatar menu's "Apply for author
// verification" leads here and is hidden once the writer is verified.
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { useViewerSession } from '../components/header/viewer-session.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { VerifiedAuthorsQuery, type VerifiedAuthorsData, ApplyForAuthorVerification } from './VerifiedAuthorsPage.graphql.ts';

type Verification = NonNullable<VerifiedAuthorsData['authorVerification']>;
const MAX_BOOKS = 10;

function Application({ initial }: { initial: Verification }) {
  const [verification, setVerification] = useState(initial);
  const [books, setBooks] = useState([{ title: '', url: '' }]);
  const [error, setError] = useState<{ message: string; index: number | null } | null>(null);
  const [{ fetching }, apply] = useMutation(ApplyForAuthorVerification);
  const set = (index: number, key: 'title' | 'url', value: string) => setBooks((list) => list.map((b, i) => (i === index ? { ...b, [key]: value } : b)));

  if (verification.isBookAuthor) return <p data-testid="author-verified">You are a verified author: your books are listed on your profile.</p>;
  if (verification.requestState === 'PENDING') return <p data-testid="author-pending">Thanks: your request is being reviewed. We will verify your books shortly.</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = (await apply({ books })).data?.applyForAuthorVerification;
    if (answer?.ok && answer.verification) setVerification(answer.verification);
    else setError({ message: answer?.message ?? 'Something went wrong. Please try again.', index: answer?.bookIndex ?? null });
  };
  return (
    <form className="settings-form" onSubmit={submit} data-testid="author-application" noValidate>
      {verification.requestState === 'DECLINED' ? <p className="muted">Your last request was not approved. You can apply again with links that show you wrote the books.</p> : null}
      {books.map((book, index) => (
        <fieldset key={index} className="settings-section">
          <legend>Book {index + 1}</legend>
          <label className="settings-label" htmlFor={`book-title-${index}`}>
            Title
          </label>
          <input id={`book-title-${index}`} className="settings-input" value={book.title} onChange={(e) => set(index, 'title', e.target.value)} aria-invalid={error?.index === index || undefined} />
          <label className="settings-label" htmlFor={`book-url-${index}`}>
            Link to the book (publisher or bookshop page)
          </label>
          <input id={`book-url-${index}`} className="settings-input" type="url" value={book.url} onChange={(e) => set(index, 'url', e.target.value)} aria-invalid={error?.index === index || undefined} />
        </fieldset>
      ))}
      {books.length < MAX_BOOKS ? (
        <button type="button" className="button button-outline" onClick={() => setBooks((list) => [...list, { title: '', url: '' }])}>
          Add another book
        </button>
      ) : null}
      {error ? (
        <p className="settings-status is-error" role="alert" data-testid="author-error">
          {error.message}
        </p>
      ) : null}
      <button type="submit" className="button button-dark" disabled={fetching}>
        Apply for author verification
      </button>
    </form>
  );
}

export const verifiedAuthorsPage: PageDefinition<VerifiedAuthorsData> = {
  query: () => ({ query: VerifiedAuthorsQuery, variables: {} }),
  title: (_data, state) => `Verified authors – ${state.config.productName}`,
  Component: function VerifiedAuthors({ data }) {
    const session = useViewerSession();
    return (
      <div className="site-page">
        <h1 className="site-page-heading">Verified authors</h1>
        <p className="site-page-lede">Published a book? Get verified: readers see your books on your profile, with links to where they can buy them.</p>
        {data.authorVerification ? (
          <Application initial={data.authorVerification} />
        ) : session.isLoggedIn ? null : (
          <p>
            <a href="/m/signin?operation=login">Sign in</a> to apply for author verification.
          </p>
        )}
      </div>
    );
  },
};
