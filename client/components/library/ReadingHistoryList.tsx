// The reader's reading history, newest read first, each story removable, with an optional
// "Clear history" (pages your-reading-history and customize-reading-history).
import { useState } from 'react';
import { useMutation } from 'urql';
import { formatDate } from '../../../shared/format.ts';
import { StoryCard } from '../StoryCard.tsx';
import { SaveToListButton } from '../lists/SaveToListButton.tsx';
import { usePagedList } from '../lists/use-paged-list.ts';
import { useToast } from '../toasts/ToastProvider.tsx';
import { ShowMore } from './LibraryChrome.tsx';
import { ClearReadingHistory, ReadingHistoryPageQuery, RemoveFromReadingHistory, type ReadingHistoryItemData, type ReadingHistoryPageData } from './ReadingHistoryList.graphql.ts';

const pick = (data: ReadingHistoryPageData) => data.viewer?.readingHistoryConnection ?? null;
const idOf = (item: ReadingHistoryItemData) => item.id;

export function ReadingHistoryList({ data, canClear }: { data: ReadingHistoryPageData; canClear: boolean }) {
  const { showToast } = useToast();
  const list = usePagedList({ initial: pick(data) ?? { items: [], pagingInfo: { next: null } }, query: ReadingHistoryPageQuery, pick, idOf });
  const [confirming, setConfirming] = useState(false);
  const [, removeOne] = useMutation(RemoveFromReadingHistory);
  const [, clearAll] = useMutation(ClearReadingHistory);

  const remove = async (item: ReadingHistoryItemData) => {
    list.setItems((items) => items.filter((i) => i.id !== item.id));
    const result = await removeOne({ postId: item.post.id });
    if (result.error) {
      list.setItems((items) => [item, ...items].sort((a, b) => b.readAt - a.readAt));
      showToast({ style: 'ERROR', message: 'Something went wrong. Please try again.' });
    }
  };

  const clear = async () => {
    const result = await clearAll({});
    setConfirming(false);
    if (result.error) {
      showToast({ style: 'ERROR', message: 'Something went wrong. Please try again.' });
      return;
    }
    list.setItems(() => []);
    showToast({ message: 'Your reading history was cleared.' });
  };

  return (
    <>
      {canClear && list.items.length > 0 ? (
        <div className="reading-history-clear">
          {confirming ? (
            <span role="group" aria-label="Clear history">
              Clear your whole reading history? This cannot be undone.{' '}
              <button type="button" className="button button-dark button-small" onClick={() => void clear()} data-testid="confirm-clear-history">
                Clear history
              </button>{' '}
              <button type="button" className="button button-outline button-small" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" className="button button-outline button-small" onClick={() => setConfirming(true)} data-testid="clear-history">
              Clear history
            </button>
          )}
        </div>
      ) : null}
      {list.items.length === 0 ? <p className="library-empty muted">You haven't read any stories yet. Stories you read show up here.</p> : null}
      <section aria-label="Reading history" data-testid="reading-history">
        {list.items.map((item) => (
          <div key={item.id} className="library-item" data-post-id={item.post.id}>
            <StoryCard post={item.post} />
            <div className="library-item-actions muted">
              <span>Read {formatDate(item.readAt)}</span>
              <SaveToListButton postId={item.post.id} isBookmarked={item.post.viewerEdge.isBookmarked} />
              <button type="button" className="library-item-remove" onClick={() => void remove(item)} aria-label={`Remove ${item.post.title} from your reading history`}>
                Remove
              </button>
            </div>
          </div>
        ))}
      </section>
      <ShowMore hasMore={list.hasMore} loading={list.loading} error={list.error} onClick={list.showMore} />
    </>
  );
}
