// The toast slot and its lifecycle (docs/product/2-sign-in-notices-cache-routing.md §4.4,
// docs/product/3-routes-data-calls-constants.md §3, §9), as a pure reducer:
//   enqueue  → shown (a new toast replaces the current one at once)
//   dismiss  → hiding (its duration ended, or it was closed) → after the fade → hidden
//   FOREVER stays until closed; NEXTPAGE stays until the location changes; a number is
//   milliseconds (default 5000). Style defaults to MESSAGE.
// ToastProvider.tsx runs the timers that toastTimer() asks for.

/** docs/product/3-routes-data-calls-constants.md §9. */
export const DEFAULT_TOAST_DURATION_MS = 5000;
export const DEFAULT_TOAST_STYLE = 'MESSAGE';
/**
 * The fade out, as long as the modal animation
 * (docs/product/2-sign-in-notices-cache-routing.md §2.1: 300 ms).
 */
export const TOAST_FADE_MS = 300;

export type ToastDuration = number | 'FOREVER' | 'NEXTPAGE';

/**
 * What a caller asks for (docs/product/3-routes-data-calls-constants.md §3 "Toast: duration,
 * message, style, extra params").
 */
export interface ToastRequest<Params = ToastExtraParams> {
  style?: string;
  message?: string;
  duration?: ToastDuration;
  extraParams?: Params;
}

/**
 * Parameters some styles read. Callbacks stand for the features that act on a toast
 * (Undo, Resend email, …): the feature that shows the toast passes them.
 */
export interface ToastExtraParams {
  /** The user, publication or list the toast is about. */
  name?: string;
  email?: string;
  isMember?: boolean;
  /** SIGN_IN_CONFIRMATION: the account was just made. */
  newAccount?: boolean;
  /** NEWSLETTER_SUBSCRIBE: an author's newsletter or a publication's. */
  entityType?: 'USER' | 'COLLECTION';
  postId?: string;
  /** A link the toast offers (View story, Take a look, …). */
  href?: string;
  collectionName?: string;
  isPinned?: boolean;
  enabled?: boolean;
  /** UNDELETE_POST: the tab the story went back to. */
  tab?: string;
  /** ACCOUNT_LOCKOUT. */
  errorType?: string;
  failCount?: number;
  lockedOutUntil?: number;
  /** ALTERNATE_USER: signed in as someone else (true) or signed out (false). */
  isLoggedIn?: boolean;
  /** TAX_STATUS. */
  taxDocuments?: TaxDocumentsStatus;
  onUndo?: () => unknown;
  onResendEmail?: () => unknown;
  onUnsubscribe?: () => unknown;
  onRetry?: () => unknown;
  /** Called when the reader closes the toast (the privacy banner records acceptance). */
  onClose?: () => unknown;
}

/**
 * docs/product/2-sign-in-notices-cache-routing.md §3 tax documents of a user (status 0 not
 * submitted, 1 pending, 2 on hold, 3 invalid, 4 approved).
 */
export interface TaxDocumentsStatus {
  taxDocumentStatus: 0 | 1 | 2 | 3 | 4;
  earningsFirstWithheldAt?: number | null;
  earningsLimitedAt?: number | null;
  earningsForfeitedAt?: number | null;
}

export interface ToastEntry {
  id: number;
  style: string;
  message: string;
  duration: ToastDuration;
  extraParams: ToastExtraParams;
  phase: 'shown' | 'hiding';
  /** Where it was shown: a NEXTPAGE toast goes when the location differs. */
  location: string;
}

export interface ToastState {
  current: ToastEntry | null;
  nextId: number;
}

export type ToastAction =
  | { type: 'enqueue'; toast: ToastRequest; location: string }
  | { type: 'dismiss'; id?: number }
  | { type: 'hidden'; id: number }
  | { type: 'locationChanged'; location: string };

export const initialToastState: ToastState = { current: null, nextId: 1 };

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  const current = state.current;
  switch (action.type) {
    case 'enqueue': {
      const { toast } = action;
      const entry: ToastEntry = {
        id: state.nextId,
        style: toast.style || DEFAULT_TOAST_STYLE,
        message: toast.message ?? '',
        duration: normalizeDuration(toast.duration),
        extraParams: toast.extraParams ?? {},
        phase: 'shown',
        location: action.location,
      };
      return { current: entry, nextId: state.nextId + 1 };
    }
    case 'dismiss':
      if (!current || current.phase !== 'shown' || (action.id !== undefined && action.id !== current.id)) return state;
      return { ...state, current: { ...current, phase: 'hiding' } };
    case 'hidden':
      if (!current || current.id !== action.id || current.phase !== 'hiding') return state;
      return { ...state, current: null };
    case 'locationChanged':
      if (!current || current.phase !== 'shown' || current.duration !== 'NEXTPAGE' || current.location === action.location) return state;
      return { ...state, current: { ...current, phase: 'hiding' } };
  }
}

function normalizeDuration(duration: ToastDuration | undefined): ToastDuration {
  if (duration === 'FOREVER' || duration === 'NEXTPAGE') return duration;
  return typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? duration : DEFAULT_TOAST_DURATION_MS;
}

/** The timer the current toast needs: its duration, or its fade; none for FOREVER and NEXTPAGE. */
export function toastTimer(entry: ToastEntry | null): { action: ToastAction; delayMs: number } | null {
  if (!entry) return null;
  if (entry.phase === 'hiding') return { action: { type: 'hidden', id: entry.id }, delayMs: TOAST_FADE_MS };
  if (typeof entry.duration === 'number') return { action: { type: 'dismiss', id: entry.id }, delayMs: entry.duration };
  return null;
}
