// Reading history for stories reached by client-side navigation. A full load of a story
// page is recorded by the server render (worker/reading/record-read.ts); a story
// opened in place (a card's link) never reaches that render, so the story page calls
//   useRecordStoryRead(post.id)
// which sends MarkPostAsRead after mount for a signed-in reader — except for the page the
// browser loaded first, which the server already recorded.
import { useEffect } from 'react';
import { useClient } from 'urql';
import { useViewerSession } from '../header/viewer-session.tsx';

/** The path of the server-rendered page, until a story page has consumed it. */
let serverRenderedPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;

export function useRecordStoryRead(postId: string | null | undefined): void {
  const { isLoggedIn } = useViewerSession();
  const client = useClient();
  useEffect(() => {
    if (!postId || !isLoggedIn) return;
    const recordedByServer = serverRenderedPath === window.location.pathname;
    serverRenderedPath = null;
    // The document loads only when a read is to be sent (signed in, in-place navigation).
    if (!recordedByServer) void import('./use-record-story-read.graphql.ts').then(({ MarkPostAsRead }) => client.mutation(MarkPostAsRead, { postId }).toPromise());
  }, [postId, isLoggedIn, client]);
}
