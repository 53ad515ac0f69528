// The Partner Program's own endpoints (docs/partner-program.md). Its pages go through the page
// pipeline like every other page; this mounts what is not a page: the staff review of tax forms.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { mountStaffTaxReview } from './staff-tax-review.ts';

export function mountPartnerProgram(app: Hono<{ Bindings: Env }>): void {
  mountStaffTaxReview(app);
}
