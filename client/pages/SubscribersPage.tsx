// import-mailing-list (/me/subscribers/import; issue 12 item 8; docs/newsletters.md "Importing
// subscribers", "Subscriber list"): a writer's (or a publication editor's) newsletter
// subscribers — who, since when, imported or not, the invitations still waiting, the CSV
// export — and the import: choose a CSV file, see what it would do line by line, say everyone
// agreed, send the invitations. Nobody is subscribed by an import until they confirm.
// Also newsletter-export (/export/newsletters/{newsletterV3Id}): one newsletter's CSV export.
import { useState, type FormEvent } from 'react';
import { useClient } from 'urql';
import { formatDate } from '../../shared/format.ts';
import { useAppState } from '../app/app-state.tsx';
import { Link } from '../app/navigation.tsx';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import { useMorePages } from '../components/profiles/use-more-pages.ts';
import { useViewerSession } from '../components/header/viewer-session.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { PageNotFound } from '../components/PageNotFound.tsx';
import { TableScroll } from '../components/TableScroll.tsx';
import { ExportEmailSubscribers, SubscribersPageQuery, type SubscribersPageData } from './SubscribersPage.graphql.ts';
import { useToast } from '../components/toasts/ToastProvider.tsx';

const SUBSCRIBERS_PAGE_SIZE = 25;

/** The CSV of a newsletter's subscribers (worker/newsletters/subscriber-export.ts). */
const csvExportHref = (username: string, newsletterId: string) => `/@${username}/newsletters/${encodeURIComponent(newsletterId)}/subscribers/csv-export`;

type Connection = NonNullable<SubscribersPageData['newsletterSubscribers']>;
type Subscriber = Connection['subscribers'][number] & { id: string };

interface ImportReport {
  fileName?: string;
  toInvite?: number;
  imported?: boolean;
  invited?: number;
  problems?: { line: number; value: string; reason: string }[];
  message?: string;
}

const pageOf = (data: SubscribersPageData) => {
  const connection = data.newsletterSubscribers;
  return connection ? { items: connection.subscribers.map((s) => ({ ...s, id: s.userId })), pagingInfo: connection.pagingInfo } : null;
};

function SubscriberList({ connection }: { connection: Connection }) {
  const pages = useMorePages<Subscriber, SubscribersPageData, { newsletterId: string; paging: { limit: number; to?: string } }>(
    { items: connection.subscribers.map((s) => ({ ...s, id: s.userId })), pagingInfo: connection.pagingInfo },
    SubscribersPageQuery,
    { newsletterId: connection.newsletter.id, paging: { limit: SUBSCRIBERS_PAGE_SIZE } },
    pageOf,
  );
  if (pages.items.length === 0) return <p className="muted">No subscribers yet.</p>;
  return (
    <>
      <TableScroll label="Subscribers">
        <table className="stats-table subscribers-table" data-testid="subscribers">
          <caption className="visually-hidden">Subscribers, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Subscribed</th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  <Link href={`/@${s.username}`}>{s.name}</Link>
                  {s.imported ? <span className="subscriber-imported">Imported</span> : null}
                </th>
                <td>{s.email ?? '—'}</td>
                <td>{formatDate(s.subscribedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ShowMoreButton pages={pages} />
    </>
  );
}

function ImportForm({ newsletterId, onImported }: { newsletterId: string; onImported: () => void }) {
  const { xsrf } = useViewerSession();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (confirm: boolean) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    const body = new FormData();
    body.set('file', file);
    if (confirm) {
      body.set('confirm', 'yes');
      body.set('consent', consent ? 'yes' : 'no');
    }
    const response = await fetch(`/_/api/newsletters/${encodeURIComponent(newsletterId)}/import/process-unvalidated-files`, {
      method: 'POST',
      body,
      headers: { 'x-xsrf-token': xsrf ?? '' },
      credentials: 'same-origin',
    }).catch(() => null);
    setBusy(false);
    const answer = (await response?.json().catch(() => null)) as ImportReport | null;
    if (!response?.ok || !answer) {
      setError(answer?.message ?? 'The file could not be checked. Please try again.');
      return;
    }
    setReport(answer);
    if (answer.imported) onImported();
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <section className="subscribers-import" aria-labelledby="import-heading">
      <h2 id="import-heading">Import subscribers</h2>
      <p className="muted">
        A CSV file with one email address per line (a header row and a name column are optional), up to 5,000 addresses. Each address gets one email
        inviting them to subscribe; only those who confirm become subscribers. People who unsubscribed before are never invited back.
      </p>
      <form onSubmit={check}>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setReport(null);
            setConsent(false);
          }}
        />
        <button type="submit" className="button button-outline" disabled={!file || busy}>
          Check the file
        </button>
      </form>
      {error ? (
        <p className="editor-alert" role="alert">
          {error}
        </p>
      ) : null}
      {report && !report.imported ? (
        <div className="subscribers-report" data-testid="import-report">
          <p role="status">
            {report.toInvite === 1 ? '1 address will be invited.' : `${report.toInvite ?? 0} addresses will be invited.`}{' '}
            {report.problems?.length ? `${report.problems.length} ${report.problems.length === 1 ? 'line is' : 'lines are'} left out:` : ''}
          </p>
          {report.problems?.length ? (
            <TableScroll label="Lines left out">
              <table className="stats-table">
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Value</th>
                    <th scope="col">Why</th>
                  </tr>
                </thead>
                <tbody>
                  {report.problems.map((p) => (
                    <tr key={`${p.line}-${p.value}`}>
                      <td>{p.line}</td>
                      <td>{p.value || '—'}</td>
                      <td>{p.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          {report.toInvite ? (
            <>
              <label className="publish-check">
                <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
                Everyone on this list agreed to get my emails.
              </label>
              <button type="button" className="button button-primary" disabled={!consent || busy} onClick={() => void send(true)}>
                Send {report.toInvite === 1 ? 'the invitation' : `${report.toInvite} invitations`}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {report?.imported ? (
        <p role="status" data-testid="import-done">
          {report.invited === 1 ? 'One invitation is on its way.' : `${report.invited} invitations are on their way.`} New subscribers appear here as they confirm.
        </p>
      ) : null}
    </section>
  );
}

function Subscribers({ data }: { data: SubscribersPageData }) {
  const client = useClient();
  const productName = useAppState().config.productName;
  const [current, setCurrent] = useState(data.newsletterSubscribers);
  const [pending, setPending] = useState(current?.pendingInvitations ?? 0);
  const load = async (newsletterId: string) => {
    const answer = await client.query(SubscribersPageQuery, { newsletterId, paging: { limit: SUBSCRIBERS_PAGE_SIZE } }, { requestPolicy: 'network-only' }).toPromise();
    const connection = answer.data?.newsletterSubscribers ?? null;
    setCurrent(connection);
    setPending(connection?.pendingInvitations ?? 0);
  };
  if (!current) return <p className="muted">This newsletter does not exist, or you don't run it.</p>;
  const exportHref = csvExportHref(data.viewer!.username, current.newsletter.id);
  return (
    <div className="subscribers-page">
      <h1 className="library-title">Subscribers</h1>
      {data.managedNewsletters.length > 1 ? (
        <label className="publish-field subscribers-choice">
          Newsletter
          <select value={current.newsletter.id} onChange={(e) => void load(e.target.value)}>
            {data.managedNewsletters.map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p data-testid="subscriber-count">
        <strong>{current.total.toLocaleString('en-US')}</strong> {current.total === 1 ? 'subscriber' : 'subscribers'} of {current.newsletter.name}
        {pending > 0 ? ` · ${pending.toLocaleString('en-US')} invited, not confirmed yet` : ''} ·{' '}
        <a href={exportHref} download>
          Export as CSV
        </a>
      </p>
      <SubscriberList key={current.newsletter.id} connection={current} />
      <ImportForm key={`import-${current.newsletter.id}`} newsletterId={current.newsletter.id} onImported={() => void load(current.newsletter.id)} />
      <p className="muted">Readers subscribe on your profile; every email {productName} sends them has a one-click unsubscribe link.</p>
    </div>
  );
}

export const subscribersPage: PageDefinition<SubscribersPageData> = {
  query: () => ({ query: SubscribersPageQuery, variables: { newsletterId: null, paging: { limit: SUBSCRIBERS_PAGE_SIZE } } }),
  title: (_data, state) => `Subscribers – ${state.config.productName}`,
  Component: ({ data }) => (data.viewer ? <Subscribers data={data} /> : <SignedOutNotice what="your subscribers" />),
};

/**
 * Page newsletter-export (/export/newsletters/{newsletterV3Id}): what the export of one newsletter
 * the viewer runs holds, and the file. A newsletter the viewer does not run is the 404 page
 * (its existence is not told to strangers, as for the file itself).
 */
export const newsletterExportPage: PageDefinition<SubscribersPageData> = {
  query: (params) => ({ query: SubscribersPageQuery, variables: { newsletterId: params.newsletterV3Id ?? '', paging: { limit: 1 } } }),
  status: (data) => (data.viewer && !data.newsletterSubscribers ? 404 : 200),
  title: (data, state) =>
    data?.newsletterSubscribers ? `Export subscribers – ${data.newsletterSubscribers.newsletter.name} – ${state.config.productName}` : `Page not found | ${state.config.productName}`,
  Component: ({ data }) => {
    if (!data.viewer) return <SignedOutNotice what="your subscribers" />;
    const connection = data.newsletterSubscribers;
    if (!connection) return <PageNotFound />;
    const { newsletter, total } = connection;
    return (
      <div className="subscribers-page">
        <h1 className="library-title">Export subscribers</h1>
        <p data-testid="export-count">
          <strong>{total.toLocaleString('en-US')}</strong> {total === 1 ? 'subscriber' : 'subscribers'} of {newsletter.name}.
        </p>
        <p className="muted">
          One line per subscriber: email, name, username and when they subscribed (UTC). The file holds readers' email
          addresses: keep it private.
        </p>
        <p className="subscribers-export-actions">
          <a className="button button-dark" href={csvExportHref(data.viewer.username, newsletter.id)} download data-testid="export-download">
            Download CSV
          </a>{' '}
          <EmailExportButton newsletterId={newsletter.id} />
        </p>
        <p>
          <Link href="/me/subscribers/import">Subscribers and import</Link>
        </p>
      </div>
    );
  },
};

/**
 * Export email subscribers by mail (docs/product/2-sign-in-notices-cache-routing.md §4.4
 * EXPORT_EMAIL_SUBSCRIBERS): the list is zipped and its link mailed to the writer
 * (worker/newsletters/subscriber-export-mail.ts); the toast says it is on its way.
 */
function EmailExportButton({ newsletterId }: { newsletterId: string }) {
  const client = useClient();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const result = await client.mutation(ExportEmailSubscribers, { newsletterId }).toPromise();
    setBusy(false);
    const answer = result.data?.exportEmailSubscribers;
    if (answer?.__typename === 'SubscriberExportMailed') showToast({ style: 'EXPORT_EMAIL_SUBSCRIBERS' });
    else showToast(answer?.__typename === 'NotFound' ? { style: 'ERROR', message: answer.message } : { style: result.error?.networkError ? 'RETRYABLE_ERROR' : 'ERROR', message: result.error?.graphQLErrors[0]?.message ?? '' });
  };
  return (
    <button type="button" className="button button-outline" disabled={busy} onClick={() => void send()} data-testid="export-by-email">
      Email me a zip file
    </button>
  );
}
