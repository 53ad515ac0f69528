// The common data of every event (docs/product/3-routes-data-calls-constants.md §3 "Common event
// data", §4; docs/events.md): service lite, the page's address, the window's width, the referrer
// and the `source` query parameter. The referrer starts as the document's referrer; when an
// in-place navigation changes the path, the previous address becomes the referrer — once per
// navigation (a navigation that then rewrites its own address, a redirect or a query change,
// does not set it again). The rules are pure functions, so they are unit-tested without a page.
import { EVENT_SERVICE, type CommonEventData } from '../../shared/events/client-events.ts';

/** The spec's navigation area (docs/product/3-… §3 "Client state areas"): what the referrer rule needs. */
export interface NavigationTrail {
  currentLocation: string;
  referrer: string;
  /** The referrer was set by the navigation under way; cleared when the next one begins. */
  hasSetReferrer: boolean;
}

export function startTrail(location: string, documentReferrer: string): NavigationTrail {
  return { currentLocation: location, referrer: documentReferrer, hasSetReferrer: false };
}

function pathOf(href: string): string {
  try {
    return new URL(href).pathname;
  } catch {
    return href;
  }
}

/**
 * The trail after the address became `next`. `newNavigation`: this address change starts a
 * navigation (a link, history back/forward) rather than continuing the one under way.
 */
export function followLocation(trail: NavigationTrail, next: string, newNavigation: boolean): NavigationTrail {
  const hasSetReferrer = newNavigation ? false : trail.hasSetReferrer;
  if (pathOf(next) !== pathOf(trail.currentLocation) && !hasSetReferrer) {
    return { currentLocation: next, referrer: trail.currentLocation, hasSetReferrer: true };
  }
  return { currentLocation: next, referrer: trail.referrer, hasSetReferrer };
}

/** The common data for an event raised now on `trail`'s page in a window `browserWidth` wide. */
export function commonEventData(trail: NavigationTrail, browserWidth: number): CommonEventData {
  let referrerSource: string | null = null;
  try {
    referrerSource = new URL(trail.currentLocation).searchParams.get('source');
  } catch {
    // not an absolute address: no source
  }
  return { service: EVENT_SERVICE, location: trail.currentLocation, browserWidth, referrer: trail.referrer, referrerSource };
}

// The page's trail. Started by the event queue from the document; moved by navigation.tsx.
let trail: NavigationTrail | null = null;

function currentTrail(): NavigationTrail {
  trail ??= typeof window === 'undefined' ? startTrail('', '') : startTrail(window.location.href, document.referrer);
  return trail;
}

/** Starts the page's trail from the document (the event queue's start-up). */
export function beginPageTrail(): void {
  currentTrail();
}

/** Called by the in-place navigation each time it changes the address (client/app/navigation.tsx). */
export function noteLocation(href: string, newNavigation = true): void {
  trail = followLocation(currentTrail(), href, newNavigation);
}

/** The common data for an event raised now. */
export function pageEventData(): CommonEventData {
  return commonEventData(currentTrail(), typeof window === 'undefined' ? 0 : window.innerWidth);
}

/** For tests: forget the page's trail. */
export function resetTrail(next: NavigationTrail | null = null): void {
  trail = next;
}
