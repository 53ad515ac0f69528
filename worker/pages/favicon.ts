import type { Env } from '../env.ts';

/** The product's favicon differs per environment so a staging tab is never mistaken for production. */
export function defaultFaviconUrl(env: Pick<Env, 'ENVIRONMENT'>): string {
  const variant = ['development', 'staging'].includes(env.ENVIRONMENT) ? env.ENVIRONMENT : 'production';
  return `/favicon-${variant}.svg`;
}
