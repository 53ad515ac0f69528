// Signed-in pages off the primary (docs/adr/0101-held-sign-ins.md): a page request's session and
// its user row, once read, are held in this isolate's memory for a short time, so a reader's next
// pages read neither from D1. The bound: a sign-out, "sign out everywhere", suspension or any
// change to the user row made in another isolate is seen by this one within the hold time; made in
// this isolate (session-store.ts's revocations), at once.
//
// Only valid sign-ins are held (an unknown or revoked cookie is read every time, as before), keyed
// by the session id's hash (never the token). Bounded: cleared when full.

/** What resolveViewer read for a session: the session row and its user's row. */
export interface HeldSignIn<Session, User> {
  session: Session;
  user: User;
  /** Held until (ms since the epoch). */
  until: number;
}

/** The default hold, and the longest honoured (VIEWER_HOLD_MS, env.ts). */
export const VIEWER_HOLD_MS_DEFAULT = 30_000;
export const VIEWER_HOLD_MS_MAX = 60_000;
const HELD_SIGN_INS_MAX = 10_000;

const held = new Map<string, HeldSignIn<unknown, unknown>>();

/** The configured hold in ms: a number up to the maximum; "0" turns holding off. */
export function viewerHoldMs(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return VIEWER_HOLD_MS_DEFAULT;
  const value = Number(setting);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, VIEWER_HOLD_MS_MAX) : VIEWER_HOLD_MS_DEFAULT;
}

export function heldSignIn<Session, User>(idHash: string, now: number): HeldSignIn<Session, User> | null {
  const entry = held.get(idHash);
  if (!entry) return null;
  if (entry.until <= now) {
    held.delete(idHash);
    return null;
  }
  return entry as HeldSignIn<Session, User>;
}

export function holdSignIn<Session, User>(idHash: string, entry: HeldSignIn<Session, User>): void {
  if (held.size >= HELD_SIGN_INS_MAX) held.clear();
  held.set(idHash, entry);
}

/** Forgets every held sign-in of this isolate: a revocation here takes effect at once (revocations are rare). */
export function forgetHeldSignIns(): void {
  held.clear();
}
