// Types of the runtime modules the integration tests import inside workerd. Declared here
// (rather than pulling the Workers global types into the shared tsconfig, where they
// clash with the DOM types the client needs).
declare module 'cloudflare:workers' {
  import type { Env } from '../../worker/env.ts';
  export const env: Env & { TEST_MIGRATIONS: unknown[]; /** JSON: { vars } of wrangler.toml as `wrangler deploy` reads it (vitest.config.ts). */ DEPLOYABLE_CONFIG: string };
  export const exports: {
    default: { fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> };
  };
}

declare module 'cloudflare:test' {
  import type { D1Database } from '@cloudflare/workers-types';
  export function applyD1Migrations(db: D1Database, migrations: unknown[], migrationsTableName?: string): Promise<void>;
  export function createExecutionContext(): import('@cloudflare/workers-types').ExecutionContext;
  export function waitOnExecutionContext(ctx: import('@cloudflare/workers-types').ExecutionContext): Promise<void>;
  export function createScheduledController(options?: { scheduledTime?: number | Date; cron?: string }): import('@cloudflare/workers-types').ScheduledController;
}
