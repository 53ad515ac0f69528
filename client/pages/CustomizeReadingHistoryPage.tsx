// customize-reading-history (/me/readinghistory): managing the reading history — what it
// is, removing stories one by one, and clearing it all.
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { ReadingHistoryList } from '../components/library/ReadingHistoryList.tsx';
import { ReadingHistoryPageQuery, type ReadingHistoryPageData } from '../components/library/ReadingHistoryList.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

export const customizeReadingHistoryPage: PageDefinition<ReadingHistoryPageData> = {
  query: () => ({ query: ReadingHistoryPageQuery, variables: { paging: { limit: 25 } } }),
  title: (_data, state) => `Reading history – ${state.config.productName}`,
  Component: ({ data }) =>
    data.viewer ? (
      <>
        <header className="library-header">
          <h1 className="library-title">Reading history</h1>
          <p className="muted">
            Stories you read while signed in, most recent first. Only you can see your reading history. Removing a story or clearing the
            history cannot be undone.
          </p>
        </header>
        <ReadingHistoryList data={data} canClear />
      </>
    ) : (
      <SignedOutNotice what="your reading history" />
    ),
};
