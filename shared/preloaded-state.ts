// The start-up state the server writes into every page (window.__PRELOADED_STATE__) and the
// client reads before hydrating. A page copy stored in the edge cache is shared by every
// logged-out reader, so nothing here may describe a particular viewer on such a page.

import type { StartupConfig } from './startup-config.ts';

export interface PreloadedState {
  config: {
    productName: string;
    environment: string;
    /** Origin of the main host, e.g. "http://localhost:8787". */
    mainOrigin: string;
    statusSiteUrl: string;
    /**
     * The search provider the browser talks to (docs/search.md): app id, public search-only
     * key, index prefix, and whether the page's own origin answers ('self', the local service)
     * or the hosted app.
     */
    search: { appId: string; apiKey: string; indexPrefix: string; host: 'self' | 'hosted' };
    /** Google's client id for one-tap sign-in (docs/sign-in.md); absent or null: no one-tap. */
    googleOneTapClientId?: string | null;
    /**
     * One-tap through the local identity provider (development; docs/adr/0156-one-tap-prompt-card.md):
     * our own prompt card stands in for Google's, and its buttons start the local Google sign-in.
     */
    googleOneTapLocal?: boolean;
    /**
     * The start-up configuration (docs/adr/0108-startup-configuration.md): payment settings,
     * staff picks, tier-one domains, logging, the homepage experiment, the beta product. The
     * same for every reader of a deployment, so it may be on a shared page. Absent only in tests'
     * hand-built states.
     */
    startup?: StartupConfig;
  };
  client: {
    isBot: boolean;
    /**
     * Routing entity type of the host (docs/product/3-routes-data-calls-constants.md §3 client
     * state).
     */
    routingEntityType: 'DEFAULT' | 'USER' | 'COLLECTION';
  };
  navigation: {
    host: string;
    /** Which route table the host uses (see shared/routing). */
    hostKind: 'default' | 'user' | 'collection';
    /** Set on a user's custom domain or subdomain. */
    hostUsername: string | null;
    /** Set on a publication's custom domain. */
    hostCollectionSlug: string | null;
    currentLocation: string;
  };
  session: {
    xsrf: string | null;
    isLoggedInCookie: boolean;
    isSpoofed: boolean;
  };
  /**
   * The signed-in viewer as the header draws them before anything loads (avatar, profile
   * link). null when logged out, hence on every page the edge cache may share.
   */
  viewer: PreloadedViewer | null;
  /**
   * Set by the sign-in flow on the page a sign-in returns to (never on a cached page): the
   * SIGN_IN_CONFIRMATION toast shows it (docs/product/2-sign-in-notices-cache-routing.md §4.4).
   */
  signInConfirmation?: { email: string; isMember: boolean; newAccount?: true };
  /**
   * The signed-in viewer's membership as the membership banners need it (never on a page the
   * edge cache may share: set only for a signed-in viewer). null: no membership.
   */
  viewerMembership?: PreloadedMembership | null;
  /** Feature flags that are on for this response (spec flag names). */
  flags: string[];
}

export interface PreloadedViewer {
  id: string;
  username: string;
  name: string;
  imageId: string | null;
  /** Set only for Partner Program writers who may see the tax banner (ACTIVE, PENDING_ACTION; docs/partner-program.md). */
  partnerProgramStatus?: string;
  /**
   * Set only for an account staff have suspended or limited (worker/accounts/account-limits.ts):
   * the page opens with the USER_SUSPENDED or LIMITED_STATE_BANNER banner
   * (docs/product/2-sign-in-notices-cache-routing.md §4.4).
   */
  standing?: 'SUSPENDED' | 'LIMITED';
}

/** What the membership banners read (docs/membership.md "Banners"). */
export interface PreloadedMembership {
  id: string;
  /** A renewal waits for the member's 3-D Secure authentication (docs/adr/0188-renewal-needing-authentication.md). */
  paymentActionRequired?: true;
  /** ACTIVE, CANCELLED, PAYMENT_FAILED, GRACE_EXPIRED or ENDED. */
  state: string;
  tier: 'MEMBER' | 'FRIEND';
  canSwitchPlan: boolean;
  currentPeriodEndsAt: number;
  /**
   * The tier a scheduled plan switch moves to (null: none scheduled). The scheduled plan wins over
   * the current type (docs/product/1-product-screens-membership-header-search.md §3): a Member
   * who chose Friend is not offered Friend again.
   */
  switchPlanTier?: 'MEMBER' | 'FRIEND' | null;
}
