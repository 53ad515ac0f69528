// The reader's fixed endpoints, mounted before the page pipeline (worker/index.ts): share
// redirects, the vote and bookmark links, creating highlights, the performance and preload reports,
// the topic curators' pages.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { mountShareRoutes } from './reader-share.ts';
import { mountPostActionLinks } from './reader-story-actions.ts';
import { mountHighlightRoutes } from './reader-highlights.ts';
import { mountPerformanceReports } from '../reports/performance-reports.ts';
import { mountPreloadReports } from '../reports/preload-reports.ts';
import { mountCuratedCatalogs } from './reader-curated-catalog.ts';
import { mountTopicCurator } from './reader-topic-curator.ts';

export function mountReader(app: Hono<{ Bindings: Env }>): void {
  mountShareRoutes(app);
  mountPostActionLinks(app);
  mountHighlightRoutes(app);
  mountPerformanceReports(app);
  mountPreloadReports(app);
  mountCuratedCatalogs(app);
  mountTopicCurator(app);
}
