// Sending the browser's small JSON reports (worker/reports/report-intake.ts) as a browser would:
// a desktop user agent, the anti-forgery header, and a fresh client address each time so the
// per-address limit is met only when a test means to.
import { send } from './edge-cache.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
let address = 0;

export type SentReport = Awaited<ReturnType<typeof send>>;

export function reportSender(path: string) {
  return (body: string, options: { userAgent?: string; ip?: string; xsrf?: boolean } = {}): Promise<SentReport> =>
    send(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.xsrf === false ? {} : { 'x-xsrf-token': '1' }),
        'user-agent': options.userAgent ?? BROWSER,
        'cf-connecting-ip': options.ip ?? `203.0.113.${++address}`,
      },
      body,
    });
}

/** The structured lines of one event an answer's request wrote. */
export const loggedEvents = (answer: SentReport, event: string) => answer.logs.filter((line) => line.event === event);
