// The reader's fixed endpoints, mounted before the page pipeline (worker/index.ts): share
// redirects, the vote and bookmark links, creating highlights, the performance and preload reports,
// the topic curators' pages, a story's state for its viewer (GET /p/{postId}/state), a newsletter's issues
// (GET /_api/newsletters/{newsletterV3Id}/posts), a story's embeds (GET /media/{mediaResourceId}[/href]), a reply to a note for the writer
// (GET /p/notereplies/{replyId}).
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { mountShareRoutes } from './share.ts';
import { mountStoryActionLinks } from './story-actions.ts';
import { mountHighlightRoutes } from './highlights.ts';
import { mountPerformanceReports } from '../reports/performance-reports.ts';
import { mountPreloadReports } from '../reports/preload-reports.ts';
import { mountListAddresses } from './list-addresses.ts';
import { mountTopicCurator } from './topic-curators.ts';
import { mountStoryState } from './story-state.ts';
import { mountNewsletterPosts } from './newsletter-posts.ts';
import { mountMedia } from './media.ts';
import { mountNoteReplies } from './note-replies.ts';

export function mountReader(app: Hono<{ Bindings: Env }>): void {
  mountShareRoutes(app);
  mountStoryActionLinks(app);
  mountHighlightRoutes(app);
  mountPerformanceReports(app);
  mountPreloadReports(app);
  mountListAddresses(app);
  mountTopicCurator(app);
  mountStoryState(app);
  mountNewsletterPosts(app);
  mountMedia(app);
  mountNoteReplies(app);
}
