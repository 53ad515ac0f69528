// Settings (/me/settings, /me/settings/{setting}; page settings): the tabs, labels and section
// anchors of docs/product/1-product-screens-membership-header-search.md §2.4. Every control
// changes the viewer's own account through the calls of SettingsPage.graphql.ts; what is
// decided where the spec is silent is in docs/adr/0079-account-settings.md.
import { TwoFactorSection } from '../components/settings/TwoFactorSection.tsx';
import { uploadImage } from '../app/upload-image.ts';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from 'urql';
import { SETTINGS_ANCHORS, SETTINGS_TABS, settingsTabOf, type SettingsTab, BIO_MAX_LENGTH, DELETE_ACCOUNT_CONFIRMATION_HINT } from '../../shared/accounts/settings.ts';
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../shared/auth/sign-in-rules.ts';
import { AccountSettingsQuery, ChangeEmail, ChangeUsername, DeleteAccount, DisconnectSignInProvider, SetPreference, SetProfilePhoto, SignOutOtherSessions, UpdateProfile, type AccountSettingsData, type AccountSettingsValue } from './SettingsPage.graphql.ts';
import { Link, useNavigation } from '../app/navigation.tsx';
import { providerName, socialConnectErrorText } from '../../shared/auth/social-sign-in.ts';
import { SetMembershipPromotion, SetTimeZoneMutation, UnclaimSubdomain } from './SettingsPage.graphql.ts';
import { useToast } from '../components/toasts/ToastProvider.tsx';
import { useAppState } from '../app/app-state.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { useViewerSession } from '../components/header/viewer-session.tsx';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import { RedeemGiftForm } from '../components/membership/RedeemGiftForm.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

const tabHref = (tab: SettingsTab) => (tab === 'account' ? '/me/settings' : `/me/settings/${tab}`);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One status line under a form: what happened, announced to screen readers. */
function Status({ text, error }: { text: string | null; error?: boolean }) {
  return (
    <p className={`settings-status${error ? ' is-error' : ''}`} role={error ? 'alert' : 'status'}>
      {text ?? ''}
    </p>
  );
}

function ProfileSection({ settings }: { settings: AccountSettingsValue }) {
  const [name, setName] = useState(settings.name);
  const [bio, setBio] = useState(settings.bio);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [{ fetching }, update] = useMutation(UpdateProfile);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ name, bio });
    const answer = result.data?.updateProfile;
    if (answer?.__typename === 'AccountSettings') setStatus({ text: 'Saved.', error: false });
    else setStatus({ text: answer?.__typename === 'BadRequest' ? answer.message : 'Please try again.', error: true });
  };
  return (
    <Section id="profileInformation" title="Profile information">
      <PhotoSection settings={settings} />
      <form className="settings-form" onSubmit={submit}>
        <label className="settings-label" htmlFor="settings-name">
          Name
        </label>
        <input id="settings-name" className="settings-input" value={name} maxLength={NAME_MAX_LENGTH} onChange={(e) => setName(e.target.value)} required />
        <label className="settings-label" htmlFor="settings-bio">
          Short bio
        </label>
        <textarea id="settings-bio" className="settings-input" value={bio} maxLength={BIO_MAX_LENGTH} rows={3} onChange={(e) => setBio(e.target.value)} />
        <p className="settings-hint muted">
          {bio.length}/{BIO_MAX_LENGTH}
        </p>
        <button type="submit" className="button button-dark" disabled={fetching}>
          Save
        </button>
        <Status text={status?.text ?? null} error={status?.error} />
      </form>
    </Section>
  );
}

function PhotoSection({ settings }: { settings: AccountSettingsValue }) {
  const { xsrf } = useViewerSession();
  const [imageId, setImageId] = useState(settings.imageId);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [, setPhoto] = useMutation(SetProfilePhoto);
  const apply = async (next: string | null) => {
    const result = await setPhoto({ imageId: next });
    const answer = result.data?.setProfilePhoto;
    if (answer?.__typename === 'AccountSettings') {
      setImageId(answer.imageId);
      setStatus({ text: next ? 'Your new photo is on your profile.' : 'Your photo is removed.', error: false });
    } else setStatus({ text: answer?.__typename === 'BadRequest' ? answer.message : 'Please try again.', error: true });
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setStatus({ text: 'Uploading…', error: false });
    try {
      await apply(await uploadImage(file, xsrf, 'photo'));
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : 'Please try again.', error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="settings-photo">
      <Avatar name={settings.name} imageId={imageId} size={80} />
      <div className="settings-form">
        <label className="settings-label" htmlFor="settings-photo">
          Photo
        </label>
        <input
          id="settings-photo"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
          disabled={busy}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <p className="settings-hint muted">A square PNG, JPEG, GIF or WebP image works best.</p>
        {imageId ? (
          <button type="button" className="button button-outline" disabled={busy} onClick={() => void apply(null)}>
            Remove photo
          </button>
        ) : null}
        <Status text={status?.text ?? null} error={status?.error} />
      </div>
    </div>
  );
}

function UsernameSection({ settings }: { settings: AccountSettingsValue }) {
  const state = useAppState();
  const [username, setUsername] = useState(settings.username);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [{ fetching }, change] = useMutation(ChangeUsername);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await change({ username });
    const answer = result.data?.changeUsername;
    if (answer?.__typename === 'AccountSettings') setStatus({ text: `Your profile is now at ${state.config.mainOrigin}/@${answer.username}.`, error: false });
    else setStatus({ text: answer?.__typename === 'BadRequest' || answer?.__typename === 'AlreadyExists' ? answer.message : 'Please try again.', error: true });
  };
  return (
    <Section id="username" title="Username and subdomain">
      <form className="settings-form" onSubmit={submit}>
        <label className="settings-label" htmlFor="settings-username">
          Username
        </label>
        <div className="settings-inline">
          <span className="muted">@</span>
          <input id="settings-username" className="settings-input" value={username} maxLength={USERNAME_MAX_LENGTH} onChange={(e) => setUsername(e.target.value)} required />
        </div>
        <p className="settings-hint muted">Your old address keeps working: it leads to your new one.</p>
        <button type="submit" className="button button-dark" disabled={fetching}>
          Save
        </button>
        <Status text={status?.text ?? null} error={status?.error} />
      </form>
      {settings.hasSubdomain ? <SubdomainControl /> : null}
    </Section>
  );
}

/**
 * Deactivating the writer's subdomain (worker/accounts/account-changes.ts unclaimSubdomain): their
 * pages move back to the main host. A call that fails is the UNCLAIM_SUBDOMAIN_ERROR toast
 * (docs/product/2-sign-in-notices-cache-routing.md §4.4).
 */
function SubdomainControl() {
  const [{ fetching }, unclaim] = useMutation(UnclaimSubdomain);
  const { showToast } = useToast();
  const [done, setDone] = useState(false);
  if (done) return <p className="settings-hint muted" data-testid="subdomain-status">Your subdomain is deactivated: your pages are on the main site.</p>;
  const deactivate = async () => {
    const result = await unclaim({});
    if (result.data?.unclaimSubdomain.hasSubdomain === false) setDone(true);
    else showToast({ style: 'UNCLAIM_SUBDOMAIN_ERROR' });
  };
  return (
    <p className="settings-hint">
      <span className="muted">Your profile and stories are also at your own subdomain. </span>
      <button type="button" className="button button-outline button-small" disabled={fetching} onClick={() => void deactivate()} data-testid="unclaim-subdomain">
        Deactivate subdomain
      </button>
    </p>
  );
}

function EmailSection({ settings }: { settings: AccountSettingsValue }) {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(
    settings.unverifiedEmail ? { text: `Waiting for you to confirm ${settings.unverifiedEmail}: follow the link we sent there.`, error: false } : null,
  );
  const [{ fetching }, change] = useMutation(ChangeEmail);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await change({ email });
    const answer = result.data?.changeEmail;
    if (answer?.__typename === 'VerificationEmailSent') {
      setStatus({ text: `We sent a link to ${answer.email}. Your email changes when you follow it.`, error: false });
      setEmail('');
    } else setStatus({ text: answer && 'message' in answer ? answer.message : 'Please try again.', error: true });
  };
  return (
    <Section id="email" title="Email address">
      <p className="settings-value" data-testid="settings-email">
        {settings.email ?? 'No email address'}
      </p>
      <form className="settings-form" onSubmit={submit}>
        <label className="settings-label" htmlFor="settings-new-email">
          New email address
        </label>
        <input id="settings-new-email" type="email" className="settings-input" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <button type="submit" className="button button-outline" disabled={fetching}>
          Send confirmation link
        </button>
        <Status text={status?.text ?? null} error={status?.error} />
      </form>
    </Section>
  );
}

/** Download my data: POST /me/export builds the archive (worker/accounts/account-export.ts), then the browser downloads it. */
function ExportSection() {
  const { xsrf } = useViewerSession();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [download, setDownload] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setStatus({ text: 'Preparing your archive…', error: false });
    try {
      const response = await fetch('/me/export', { method: 'POST', headers: { 'x-xsrf-token': xsrf ?? '' }, credentials: 'same-origin' });
      const answer = (await response.json().catch(() => null)) as { url?: string; message?: string; storyCount?: number } | null;
      if (!response.ok || !answer?.url) throw new Error(answer?.message ?? 'Please try again.');
      setDownload(answer.url);
      setStatus({ text: `Your archive is ready (${answer.storyCount ?? 0} ${answer.storyCount === 1 ? 'story' : 'stories'}). The link works for 7 days.`, error: false });
      window.location.assign(answer.url);
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : 'Please try again.', error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="downloadData" title="Download your information">
      <p className="muted">A ZIP file of your profile, your stories (as Markdown and as structured data) and your lists.</p>
      <button type="button" className="button button-outline" disabled={busy} onClick={() => void start()}>
        Download your information
      </button>
      {download ? (
        <a href={download} className="settings-hint" data-testid="settings-export-link">
          Download again
        </a>
      ) : null}
      <Status text={status?.text ?? null} error={status?.error} />
    </Section>
  );
}

function DeleteSection({ settings }: { settings: AccountSettingsValue }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, remove] = useMutation(DeleteAccount);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await remove({ username: typed });
    const answer = result.data?.deleteAccount;
    if (answer?.__typename === 'AccountDeleted') window.location.assign(answer.redirect);
    else setError(answer?.__typename === 'BadRequest' ? answer.message : 'Please try again.');
  };
  return (
    <Section id="deleteAccount" title="Delete account">
      <p className="muted">
        Permanently delete your account and all of your content. Your stories will say the account was deleted; your username will not be given to
        anyone else.
      </p>
      {!open ? (
        <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      ) : (
        <form className="settings-form" onSubmit={submit}>
          <label className="settings-label" htmlFor="settings-delete-confirm">
            {DELETE_ACCOUNT_CONFIRMATION_HINT} (@{settings.username})
          </label>
          <input id="settings-delete-confirm" className="settings-input" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          <div className="settings-inline">
            <button type="submit" className="button button-danger" disabled={fetching || typed.length === 0}>
              Delete my account
            </button>
            <button type="button" className="button button-outline" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
          <Status text={error} error />
        </form>
      )}
    </Section>
  );
}

function PublishingTab({ settings }: { settings: AccountSettingsValue }) {
  return (
    <>
      <Section id="managePublications" title="Manage publications">
        {settings.publications.length === 0 ? (
          <p className="muted">You don't run any publications yet.</p>
        ) : (
          <ul className="settings-list">
            {settings.publications.map((p) => (
              <li key={p.id} className="settings-row">
                <a href={`/${p.slug}`}>{p.name}</a>
                <span className="muted">{p.role === 'OWNER' ? 'Owner' : 'Editor'}</span>
                <a href={`/${p.slug}/settings`}>Settings</a>
                <a href={`/${p.slug}/settings/custom-domain`}>Custom domain</a>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="customDomain" title="Custom domain">
        <p className="settings-value">
          {settings.customDomain ? `${settings.customDomain} (${settings.customDomainState === 'LIVE' ? 'live' : 'pending'})` : 'None'}
        </p>
        <p className="muted">Your stories and profile at a domain of your own.</p>
        <a className="button button-outline" href="/me/settings/custom-domain">
          {settings.customDomain ? 'Manage custom domain' : 'Connect a domain'}
        </a>
      </Section>
      <TimeZoneSection settings={settings} />
      <MembershipPromotionSection settings={settings} />
    </>
  );
}

/**
 * The writer's switch for the invitation on their member-only stories (docs/membership.md
 * "Membership promotion"); a saved change is the SUBSCRIPTION_PROMOTION toast
 * (docs/product/2-sign-in-notices-cache-routing.md §4.4), whose "Take a look" opens the page the
 * invitation leads to.
 */
function MembershipPromotionSection({ settings }: { settings: AccountSettingsValue }) {
  const [, save] = useMutation(SetMembershipPromotion);
  const { showToast } = useToast();
  const [enabled, setEnabled] = useState(settings.membershipPromotionEnabled);
  const toggle = async (next: boolean) => {
    setEnabled(next);
    const answer = (await save({ enabled: next })).data?.setMembershipPromotion;
    if (!answer) {
      setEnabled(!next);
      showToast({ style: 'RETRYABLE_ERROR' });
      return;
    }
    showToast({ style: 'SUBSCRIPTION_PROMOTION', extraParams: { enabled: answer.enabled, href: `/@${answer.username}/membership` } });
  };
  return (
    <Section id="customizeMembershipPromotion" title="Customize membership promotion">
      <p className="muted">Readers who aren't members see a short invitation at the end of your member-only stories, with a link to your membership page.</p>
      <p>
        <label className="settings-toggle">
          <input type="checkbox" checked={enabled} onChange={(e) => void toggle(e.target.checked)} data-testid="settings-membership-promotion" />
          Invite readers to support you on your member-only stories
        </label>
      </p>
      <a className="button button-outline button-small" href={`/@${settings.username}/membership`} data-testid="settings-membership-page">
        See your membership page
      </a>
    </Section>
  );
}

/** The zone a writer's stats days are cut in (docs/stats.md "Days in the writer's time zone"). */
function TimeZoneSection({ settings }: { settings: AccountSettingsValue }) {
  const [, setTimeZone] = useMutation(SetTimeZoneMutation);
  const [zone, setZone] = useState(settings.timeZone ?? '');
  const [zones, setZones] = useState<string[]>(() => (settings.timeZone ? [settings.timeZone] : []));
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  // The list is the browser's own (Intl), so it is filled after hydration.
  useEffect(() => {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    setZones((current) => [...new Set([...current, ...known])].sort());
  }, []);
  const save = async (value: string) => {
    setZone(value);
    const answer = (await setTimeZone({ timeZone: value || null })).data?.setTimeZone;
    if (answer?.__typename === 'AccountSettings') setStatus({ text: `Your stats now show days in ${answer.timeZone ?? 'UTC'}.`, error: false });
    else setStatus({ text: answer && 'message' in answer ? answer.message : 'Please try again.', error: true });
  };
  return (
    <Section id="timeZone" title="Time zone">
      <p className="muted">Your stats count each day from your midnight. Days already counted keep the zone they were counted in.</p>
      <label className="settings-label" htmlFor="settings-time-zone">
        Time zone
      </label>
      <select id="settings-time-zone" className="settings-input" value={zone} onChange={(e) => void save(e.target.value)}>
        <option value="">UTC</option>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </select>
      <Status text={status?.text ?? null} error={status?.error} />
    </Section>
  );
}

function NotificationsTab({ settings }: { settings: AccountSettingsValue }) {
  const [, set] = useMutation(SetPreference);
  const [values, setValues] = useState(() => Object.fromEntries(settings.preferences.map((p) => [p.key, p.enabled])));
  const toggle = async (key: string, enabled: boolean) => {
    setValues((v) => ({ ...v, [key]: enabled }));
    const result = await set({ key, enabled });
    if (result.data?.setPreference.__typename !== 'Preference') setValues((v) => ({ ...v, [key]: !enabled }));
  };
  return (
    <Section id="notifications" title="Email and notifications">
      <ul className="settings-list">
        {settings.preferences.map((p) => (
          <li key={p.key} className="settings-row">
            <label className="settings-toggle">
              <input type="checkbox" checked={values[p.key] ?? p.enabled} onChange={(e) => void toggle(p.key, e.target.checked)} data-preference={p.key} />
              {p.label}
            </label>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function MembershipTab() {
  return (
    <>
      <Section id="manageSubscriptions" title="Manage membership">
        <a className="button button-outline" href="/manage-membership">
          Manage membership
        </a>
      </Section>
      <Section id="updateBilling" title="Payment method">
        <a className="button button-outline" href="/me/settings/payment/update">
          Update payment method
        </a>
      </Section>
      <Section id="redeemGiftMembership" title="Redeem a gift membership">
        {/* The anchor opens redemption itself (docs/product/1-product-screens-membership-header-search.md §2.4): the form, focused when the address names it. */}
        <RedeemGiftForm initialCode="" from={null} focusOnHash="#redeemGiftMembership" />
      </Section>
    </>
  );
}

/** "Chrome on Linux" from a user agent, or the agent itself. */
function deviceOf(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : null;
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X/.test(userAgent) ? 'macOS' : /Windows/.test(userAgent) ? 'Windows' : /Linux/.test(userAgent) ? 'Linux' : null;
  return browser && system ? `${browser} on ${system}` : userAgent.slice(0, 60);
}

/** The providers this deployment offers (the sign-in options' buttons), by lower-case id. */
type ConnectableProvider = { provider: string; href: string };

function ConnectedProvidersSection({ settings, connectable }: { settings: AccountSettingsValue; connectable: ConnectableProvider[] }) {
  const { location } = useNavigation();
  const [providers, setProviders] = useState(settings.connectedProviders);
  // A connect round trip comes back here with ?connected=… or ?connectError=… (a code; the words are shared/auth/social-sign-in.ts's).
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(() => {
    const query = new URLSearchParams(location.search);
    const error = socialConnectErrorText(query.get('connectError'), query.get('provider'));
    if (error) return { text: error, error: true };
    const connected = query.get('connected');
    return connected ? { text: `${providerName(connected)} is connected. You can sign in with it now.`, error: false } : null;
  });
  const [{ fetching }, disconnect] = useMutation(DisconnectSignInProvider);
  const remove = async (provider: string) => {
    const answer = (await disconnect({ provider })).data?.disconnectSignInProvider;
    if (answer?.__typename === 'AccountSettings') {
      setProviders(answer.connectedProviders);
      setStatus({ text: `${providerName(provider)} is disconnected.`, error: false });
    } else setStatus({ text: answer?.__typename === 'BadRequest' ? answer.message : 'Please try again.', error: true });
  };
  const linked = new Set(providers.map((p) => p.provider));
  const offered = connectable.filter((p) => !linked.has(p.provider.toLowerCase()));
  return (
    <Section id="connectedAccounts" title="Connected sign-in methods">
      {providers.length === 0 ? (
        <p className="muted">You sign in with a link sent to your email. Connect an account below to sign in with it too.</p>
      ) : (
        <ul className="settings-list" data-testid="settings-providers">
          {providers.map((p) => (
            <li key={p.provider} className="settings-row">
              <span>{providerName(p.provider)}</span>
              <span className="muted">{p.email ?? ''}</span>
              <button type="button" className="button button-outline" disabled={fetching} onClick={() => void remove(p.provider)}>
                Disconnect
              </button>
            </li>
          ))}
        </ul>
      )}
      {offered.length > 0 ? (
        <ul className="settings-list" data-testid="settings-connect-providers">
          {offered.map((p) => (
            <li key={p.provider} className="settings-row">
              <span>{providerName(p.provider)}</span>
              <span className="muted">Not connected</span>
              <a className="button button-outline" href={`${p.href}?${new URLSearchParams({ operation: 'connect' })}`}>
                Connect
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <Status text={status?.text ?? null} error={status?.error} />
    </Section>
  );
}

function SecurityTab({ settings, connectable }: { settings: AccountSettingsValue; connectable: ConnectableProvider[] }) {
  const [{ fetching }, signOutOthers] = useMutation(SignOutOtherSessions);
  const [status, setStatus] = useState<string | null>(null);
  const mainSessions = settings.sessions.filter((s) => s.host === null);
  const others = settings.sessions.filter((s) => !s.isCurrent && s.host === null).length;
  return (
    <>
      <TwoFactorSection />
      <Section id="sessions" title="Signed-in sessions">
        <ul className="settings-list" data-testid="settings-sessions">
          {mainSessions.map((s) => (
            <li key={s.id} className="settings-row">
              <span>{deviceOf(s.userAgent)}</span>
              <span className="muted">
                {new Date(s.createdAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}
              </span>
              {s.isCurrent ? <span className="settings-badge">This session</span> : null}
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="button button-outline"
          disabled={fetching || others === 0}
          onClick={async () => {
            const result = await signOutOthers({});
            setStatus(result.data ? 'Signed out of all other sessions.' : 'Please try again.');
          }}
        >
          Sign out of all other sessions
        </button>
        <Status text={status} />
      </Section>
      <ConnectedProvidersSection settings={settings} connectable={connectable} />
      <Section id="applications" title="Integration tokens">
        <p className="muted">Tokens let your own tools publish to your account through the API.</p>
        <a className="button button-outline" href="/me/applications">
          Manage integration tokens
        </a>
      </Section>
    </>
  );
}

function SettingsScreen({ settings, initialTab, connectable }: { settings: AccountSettingsValue; initialTab: SettingsTab; connectable: ConnectableProvider[] }) {
  const [tab, setTab] = useState(initialTab);
  useEffect(() => setTab(initialTab), [initialTab]);
  // An anchor of another tab (e.g. /me/settings#updateBilling) opens that tab, then scrolls to it.
  useEffect(() => {
    const follow = () => {
      const anchor = window.location.hash.slice(1);
      const wanted = SETTINGS_ANCHORS[anchor];
      if (wanted && wanted !== tab) setTab(wanted);
      else if (anchor) document.getElementById(anchor)?.scrollIntoView();
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [tab]);
  return (
    <div className="settings-page">
      <h1 className="settings-heading">Settings</h1>
      <nav className="customize-tabs" aria-label="Settings">
        {SETTINGS_TABS.map(({ value, label }) => (
          <Link key={value} href={tabHref(value)} className={`customize-tab${value === tab ? ' is-active' : ''}`} aria-current={value === tab ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      {tab === 'account' ? (
        <>
          <ProfileSection settings={settings} />
          <UsernameSection settings={settings} />
          <EmailSection settings={settings} />
          <ExportSection />
          <DeleteSection settings={settings} />
        </>
      ) : null}
      {tab === 'publishing' ? <PublishingTab settings={settings} /> : null}
      {tab === 'notifications' ? <NotificationsTab settings={settings} /> : null}
      {tab === 'membership' ? <MembershipTab /> : null}
      {tab === 'security' ? <SecurityTab settings={settings} connectable={connectable} /> : null}
    </div>
  );
}

export const settingsPage: PageDefinition<AccountSettingsData> = {
  query: () => ({ query: AccountSettingsQuery, variables: {} }),
  title: (_data, state) => `Settings – ${state.config.productName}`,
  Component: function Settings({ data, params }) {
    const settings = data.accountSettings;
    if (!settings) {
      return (
        <div className="settings-page">
          <h1 className="settings-heading">Settings</h1>
          <CustomizeSignInPrompt what="change your settings" />
        </div>
      );
    }
    return <SettingsScreen settings={settings} initialTab={settingsTabOf(params.setting)} connectable={data.signInOptions?.socialButtons ?? []} />;
  },
};
