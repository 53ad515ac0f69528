// The reader's fixed endpoints, mounted before the page pipeline (worker/index.ts): share
// redirects and the vote and bookmark links.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { mountShareRoutes } from './share.ts';
import { mountPostActionLinks } from './post-actions.ts';

export function mountReader(app: Hono<{ Bindings: Env }>): void {
  mountShareRoutes(app);
  mountPostActionLinks(app);
}
