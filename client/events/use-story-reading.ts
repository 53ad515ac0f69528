// A story page's view, read and reading time (docs/stats.md#what-a-view-and-a-read-are): the view
// is reported after load by the browser (so the cached page is the same for everyone); reading
// seconds count while the page is visible; the read comes after READ_AFTER_SECONDS of them or
// when the story's end scrolls into view, once per page load. Only the story page's chunk has this.
import { useEffect } from 'react';
import { READ_AFTER_SECONDS, SEND_INTERVAL_MS } from '../../shared/events/client-events.ts';
import { track } from './event-queue.ts';
import { afterLoad } from './view-events.ts';

export function useStoryReading(postId: string, end: { current: Element | null }): void {
  useEffect(() => {
    // The view: LOAD_EVENT_DELAY_MS after the load event (client/events/view-events.ts).
    const cancelView = afterLoad(() => track('story.viewed', { postId }));
    let visibleSeconds = 0;
    let unreported = 0;
    let read = false;
    const markRead = () => {
      if (!read) track('story.read', { postId });
      read = true;
    };
    const report = () => {
      if (unreported > 0) track('story.readingTime', { postId, seconds: unreported });
      unreported = 0;
    };
    const tick = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      visibleSeconds += 1;
      unreported += 1;
      if (visibleSeconds >= READ_AFTER_SECONDS) markRead();
      // Reported just before the queue's own sends, so the seconds travel with them.
      if (unreported * 1000 >= SEND_INTERVAL_MS) report();
    }, 1000);
    const observer = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && markRead()) : null;
    if (end.current) observer?.observe(end.current);
    addEventListener('pagehide', report);
    return () => {
      cancelView();
      clearInterval(tick);
      observer?.disconnect();
      removeEventListener('pagehide', report);
      report();
    };
  }, [postId, end]);
}
