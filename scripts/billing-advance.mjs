// `npm run billing:advance -- --days 31 [--base http://localhost:8787]`
//
// Moves the local billing clock forward (development only, with the local payment provider):
// every billing time moves N days into the past, then the billing job runs — monthly members
// renew, `4000 0000 0000 0341` cards fail, cancelled memberships end, grace periods run out.
// See worker/membership/billing-clock.ts and docs/membership.md.
import { parseArgs } from 'node:util';

function usage(message) {
  if (message) console.error(`billing:advance: ${message}\n`);
  console.error('usage: npm run billing:advance -- --days <N> [--base <site>]');
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({ options: { days: { type: 'string' }, base: { type: 'string', default: 'http://localhost:8787' }, help: { type: 'boolean', short: 'h' } } }));
} catch (error) {
  usage(error.message);
}
if (values.help) usage();
const days = Number(values.days);
if (!values.days || !Number.isFinite(days) || days < 0) usage('--days must be a number of days, e.g. --days 31');

const response = await fetch(new URL(`/_/dev/billing/advance?days=${days}`, values.base), { method: 'POST', headers: { 'x-vellum-billing-clock': '1' } });
const text = await response.text();
if (!response.ok) {
  console.error(`billing:advance: ${response.status} ${text}`);
  if (response.status === 404) console.error('(the site must run with ENVIRONMENT=development and PAYMENT_PROVIDER=local)');
  process.exit(1);
}
const report = JSON.parse(text);
console.log(`Billing clock moved ${days} days: ${report.renewed} renewed, ${report.failed} failed, ${report.ended} ended.`);
