// your-reading-history (/me/lists/reading-history): the library's Reading history tab.
import { buildLink } from '../../shared/routing/links.ts';
import { Link } from '../app/navigation.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { LibraryHeader, SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { ReadingHistoryList } from '../components/library/ReadingHistoryList.tsx';
import { ReadingHistoryPageQuery, type ReadingHistoryPageData } from '../components/library/ReadingHistoryList.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

function History({ data }: { data: ReadingHistoryPageData }) {
  const ctx = useLinkContext();
  return (
    <>
      <LibraryHeader
        current="history"
        action={
          <Link href={buildLink('ShowReadingHistory', {}, ctx)} className="button button-outline button-small">
            Manage history
          </Link>
        }
      />
      <ReadingHistoryList data={data} canClear={false} />
    </>
  );
}

export const yourReadingHistoryPage: PageDefinition<ReadingHistoryPageData> = {
  query: () => ({ query: ReadingHistoryPageQuery, variables: { paging: { limit: 25 } } }),
  title: (_data, state) => `Reading history – ${state.config.productName}`,
  Component: ({ data }) => (data.viewer ? <History data={data} /> : <SignedOutNotice what="your reading history" />),
};
