// The client events the browser may report (docs/product/1-product-screens-membership-header-search.md §7;
// docs/product/3-routes-data-calls-constants.md §7.2, §9; docs/stats.md). Shared by the client
// queue (client/events/) and the intake (worker/events/), so a name cannot be sent that the
// intake refuses.

/** Where the queue posts its batches (the spec's analytics path). */
export const EVENTS_PATH = '/_/batch';

/** At most this many events are queued, and accepted in one batch (docs/product/3-… §9). */
export const MAX_QUEUED_EVENTS = 1000;

/** The queue sends every this many ms (docs/product/3-… §9: "sent in batches after 5 seconds"). */
export const SEND_INTERVAL_MS = 5000;

/** Failed sends are retried at most this many times, the delay doubling (docs/product/1-… §7). */
export const MAX_SEND_RETRIES = 10;

/** The named client events of docs/product/1-… §7: their fields are free-form (at most 2 KiB with the common data). */
export const NAMED_EVENTS = [
  'button.clientPresented',
  'button.clicked',
  'search.predictiveOpened',
  'search.predictiveQueried',
  'search.predictiveResultClicked',
  'nav.avatarMenuOpened',
  'upsell.viewed',
  'upsell.dismissed',
  'upsell.clicked',
  'openInApp.viewed',
  'openInApp.clicked',
  'homepage.footer.aboutClicked',
] as const;

/**
 * Events the spec names by what they record, not by a key (docs/events.md has the table):
 * the sign-in dialog's exceeded attempts and captcha failure (docs/product/2-… §8), the
 * multi-user login (docs/product/2-… §9) and the reactivation conversion (docs/product/1-… §4).
 */
export const OUTCOME_EVENTS = ['susi.exceededAttempts', 'susi.captchaFailure', 'susi.multiUserLogin', 'membership.reactivated'] as const;

/**
 * Story events (docs/stats.md): a view when a story page has loaded, a read after the reading
 * rule, and the seconds of visible reading since the last report. Each carries { postId };
 * story.readingTime also { seconds }.
 */
export const STORY_EVENTS = ['story.viewed', 'story.read', 'story.readingTime'] as const;

export type ClientEventName = (typeof NAMED_EVENTS)[number] | (typeof OUTCOME_EVENTS)[number] | (typeof STORY_EVENTS)[number];

/** The record's type: every client event is an "e" (docs/product/3-… §3 "Event record"). */
export const EVENT_RECORD_TYPE = 'e';

/** The service every event of these pages names (docs/product/3-… §3, §9 "Service variants"). */
export const EVENT_SERVICE = 'lite';

/**
 * The data every event carries besides its own (docs/product/3-… §3 "Common event data"):
 * the page's address, the window's width, the referrer (the previous page after an in-place
 * navigation, docs/product/3-… §4) and the `source` query parameter of the page's address.
 */
export interface CommonEventData {
  service: typeof EVENT_SERVICE;
  location: string;
  browserWidth: number;
  referrer: string;
  referrerSource: string | null;
}

/**
 * One event as the queue stores and sends it (docs/product/3-… §3 "Event record"): its key
 * (the event's name), its data (the common data and its own fields), type "e", when it
 * happened (ms since the epoch) and a random id given when it was queued, so a batch sent again
 * (its ok answer lost) counts once (docs/stats.md "Sent once").
 */
export interface EventRecord {
  key: ClientEventName;
  data: CommonEventData & Record<string, unknown>;
  type: typeof EVENT_RECORD_TYPE;
  timestamp: number;
  eventId: string;
}

/** The fields of a record, in the spec's order: the intake refuses any other. */
export const EVENT_RECORD_FIELDS = ['key', 'data', 'type', 'timestamp', 'eventId'] as const;

/** An event's data, common data included, is at most this many characters of JSON. */
export const MAX_EVENT_DATA_CHARS = 2048;

/** One POST carries at most this many events, so a full queue goes out in bounded bodies. */
export const MAX_EVENTS_PER_SEND = 100;

/** A story.viewed waits this long after the load event (docs/product/2-… §9 "load event delay"). */
export const LOAD_EVENT_DELAY_MS = 500;

/** A view event fires when this share of the element is on screen (docs/product/2-… §9). */
export const VIEW_THRESHOLD = 0.25;

/** A read: this many seconds of visible reading, or reaching the story's end (docs/stats.md). */
export const READ_AFTER_SECONDS = 30;

/** One story.readingTime event counts at most this many seconds (more is clamped). */
export const MAX_READING_SECONDS_PER_EVENT = 600;
