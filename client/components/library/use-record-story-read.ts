// Reading history for stories reached by client-side navigation. A full load of a story
// page is recorded by the server render (worker/graphql/modules/record-read.ts); a story
// opened in place (a card's link) never reaches that render, so the story page calls
//   useRecordStoryRead(post.id)
// which sends MarkPostAsRead after mount for a signed-in reader — except for the page the
// browser loaded first, which the server already recorded.
import { useEffect } from 'react';
import { useMutation } from 'urql';
import { MarkPostAsRead } from '../../graphql/library.ts';
import { useViewerSession } from '../header/viewer-session.tsx';

/** The path of the server-rendered page, until a story page has consumed it. */
let serverRenderedPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;

export function useRecordStoryRead(postId: string | null | undefined): void {
  const { isLoggedIn } = useViewerSession();
  const [, markPostAsRead] = useMutation(MarkPostAsRead);
  useEffect(() => {
    if (!postId || !isLoggedIn) return;
    const recordedByServer = serverRenderedPath === window.location.pathname;
    serverRenderedPath = null;
    if (!recordedByServer) void markPostAsRead({ postId });
  }, [postId, isLoggedIn, markPostAsRead]);
}
