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

/** The named client events of docs/product/1-… §7: their fields are free-form (at most 1 KiB). */
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
 * Story events (docs/stats.md): a view when a story page has loaded, a read after the reading
 * rule, and the seconds of visible reading since the last report. Each carries { postId };
 * story.readingTime also { seconds }.
 */
export const STORY_EVENTS = ['story.viewed', 'story.read', 'story.readingTime'] as const;

export type ClientEventName = (typeof NAMED_EVENTS)[number] | (typeof STORY_EVENTS)[number];

/** One queued event as sent: its name, when it happened (ms) and its fields. */
export interface ClientEvent {
  /**
   * A random id the browser gives the event when it is queued: a batch sent again (its ok
   * answer lost) counts once (docs/stats.md "Sent once"). Absent from older clients.
   */
  id?: string;
  name: ClientEventName;
  at: number;
  data: Record<string, unknown>;
}

/** A read: this many seconds of visible reading, or reaching the story's end (docs/stats.md). */
export const READ_AFTER_SECONDS = 30;

/** One story.readingTime event counts at most this many seconds (more is clamped). */
export const MAX_READING_SECONDS_PER_EVENT = 600;
