// The sign-in and sign-up dialog (docs/product/2-sign-in-notices-cache-routing.md §2.1, §4.1, §5,
// §8): login options, register options, ENTER_EMAIL, UNRECOGNIZED_EMAIL and CHECK_YOUR_INBOX, the
// login/register toggle and the terms notice. As a modal it is 678 px wide (600 at the medium
// breakpoint, the whole screen below it), animates in and out over 300 ms, traps focus and gives it
// back, and closes (and resets) with its close button or Escape. Embedded (the /m/signin page) it
// has no close button.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, MouseEvent, ReactNode } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  GENERIC_FAILURE_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  INVALID_LOGIN_CODE_MESSAGE,
  isValidEmail,
  LOGIN_CODE_PATTERN,
  type AuthOperation,
} from '../../../shared/auth/sign-in-rules.ts';
import { useAppState } from '../../app/app-state.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';
import { SendAcctAuthEmail, SignInOptionsQuery, VerifyLoginCode } from './SignInDialog.graphql.ts';
import { captchaToken } from './captcha.ts';
import { isEmbeddedBrowser, logSignInEvent } from './events.ts';
import { useFocusTrap } from './focus-trap.ts';
import { InputField } from './InputField.tsx';
import { PROVIDER_LABELS, SUSI_TEXTS } from './texts.ts';
import { useNarrowScreen } from './use-narrow-screen.ts';
import { dialogTarget, optionsStep, returnAddress, type SignInDialogConfig } from './dialog-config.ts';

export { optionsStep, SIGN_IN_STEPS, type SignInDialogConfig, type SignInStep } from './dialog-config.ts';

/** Modal animation (docs/product/2-sign-in-notices-cache-routing.md §9). */
export const MODAL_ANIMATION_MS = 300;
/** Escape closes modals (docs/product/2-sign-in-notices-cache-routing.md §2.1: key code 27). */
const ESCAPE_KEY_CODE = 27;


interface SocialButton {
  provider: string;
  href: string;
  offeredForSignUp: boolean;
}

interface SignInOptionsData {
  signInOptions: {
    socialButtons: SocialButton[];
    email: boolean;
    captchaSiteKey: string | null;
    captchaOnLogin: boolean;
    captchaOnRegister: boolean;
    captchaV3?: boolean;
  };
}

type SendResult =
  | { __typename: 'SusiMethod'; value: string }
  | { __typename: 'BadRequest' | 'FailedChallenge' | 'NotFound' | 'TooManyRequests'; message: string }
  | IpLockout;
type VerifyResult =
  | { __typename: 'Token'; value: string }
  | { __typename: 'BadRequest' | 'NotFound' | 'TooManyRequests'; message: string }
  | IpLockout;
type IpLockout = { __typename: 'IpAuthLockout'; message: string; lockoutInfo?: { failCount?: number | null; lockedOutUntil?: number | null } | null };

interface FieldError {
  message: string;
  key: number;
}

export interface SignInDialogProps {
  config: SignInDialogConfig;
  onConfigChange(config: SignInDialogConfig): void;
  /** Closes (after the 300 ms animation); absent when embedded. */
  onClose?(): void;
  embedded?: boolean;
  /** Full navigation after signing in (tests may pass their own). */
  assignLocation?(url: string): void;
}

/**
 * Where the reader is: a path on the main host; on another of our hosts (a custom domain, a
 * subdomain) the whole address, which the sign-in turns into the main host's
 * /m/login-redirect so the reader comes back there signed in
 * (docs/adr/0078-signed-in-on-every-host.md "Sign-in from a custom domain"). A path alone would
 * land on the main host, and the host's `sid_checked` cookie would hide the sign-in for 30 min.
 */
function currentAddress(mainOrigin: string): string {
  if (typeof window === 'undefined') return '/';
  if (window.location.origin !== mainOrigin) return window.location.href;
  return window.location.pathname + window.location.search + window.location.hash;
}

function withQuery(href: string, query: Record<string, string>): string {
  const url = new URL(href, 'http://placeholder.invalid');
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return href.startsWith('http') ? url.href : url.pathname + url.search;
}

export function SignInDialog({ config, onConfigChange, onClose, embedded = false, assignLocation }: SignInDialogProps) {
  const state = useAppState();
  const productName = state.config.productName;
  const narrow = useNarrowScreen();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [visible, setVisible] = useState(embedded);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [sentOperation, setSentOperation] = useState<AuthOperation>(config.operation);
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<FieldError | null>(null);
  const [codeError, setCodeError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState(false);
  const [options] = useQuery<SignInOptionsData>({ query: SignInOptionsQuery });
  const [, sendEmail] = useMutation(SendAcctAuthEmail);
  const [, verifyCode] = useMutation(VerifyLoginCode);

  const operation = config.operation;
  const step = config.step ?? optionsStep(operation);
  // The action being finished comes first, then the redirect, then the publication (dialog-config.ts).
  // Embedded, the page is /m/signin itself: home is the last resort. On a custom domain the
  // whole address, so the reader comes back there (currentAddress).
  const redirect = returnAddress(config, embedded ? '/' : currentAddress(state.config.mainOrigin));
  const target = dialogTarget(config);
  const signInOptions = options.data?.signInOptions;
  const flags = new Set(state.flags);
  // Known after hydration only, so the server render and the first client render agree.
  const [embeddedBrowser, setEmbeddedBrowser] = useState(false);
  useEffect(() => setEmbeddedBrowser(isEmbeddedBrowser(navigator.userAgent)), []);
  const socialButtons = (signInOptions?.socialButtons ?? []).filter(
    (b) => !(b.provider === 'GOOGLE' && embeddedBrowser) && (operation === 'login' || b.offeredForSignUp),
  );
  const emailOffered = signInOptions ? signInOptions.email : !flags.has('disable_sign_in_email');
  const googleButton = (signInOptions?.socialButtons ?? []).find((b) => b.provider === 'GOOGLE' && !embeddedBrowser);

  const go = useCallback((next: Partial<SignInDialogConfig>) => onConfigChange({ ...config, ...next }), [config, onConfigChange]);
  const raise = (set: (e: FieldError) => void, message: string) => set({ message, key: Date.now() + Math.random() });
  const { showToast } = useToast();
  /**
   * A network lockout is also told in the ACCOUNT_LOCKOUT toast, built from its type and
   * lockoutInfo (docs/product/2-sign-in-notices-cache-routing.md §4.4).
   */
  const lockedOut = (answer: IpLockout) =>
    showToast({
      style: 'ACCOUNT_LOCKOUT',
      extraParams: { errorType: answer.__typename, failCount: answer.lockoutInfo?.failCount ?? undefined, lockedOutUntil: answer.lockoutInfo?.lockedOutUntil ?? undefined },
    });

  // Opening animation: mounted hidden, shown on the next frame.
  useEffect(() => {
    if (embedded) return;
    const frame = requestAnimationFrame(() => setVisible(true));
    return () => cancelAnimationFrame(frame);
  }, [embedded]);

  const close = useCallback(() => {
    if (!onClose) return;
    setVisible(false);
    setEmail('');
    window.setTimeout(onClose, MODAL_ANIMATION_MS);
  }, [onClose]);

  useFocusTrap(dialogRef, !embedded);

  // Escape closes; the page behind does not scroll while the modal is open.
  useEffect(() => {
    if (embedded) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.keyCode === ESCAPE_KEY_CODE) {
        event.preventDefault();
        close();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [embedded, close]);

  // Each step puts focus on its first field, or on its title.
  useEffect(() => {
    const root = dialogRef.current;
    if (!root || (embedded && step !== 'ENTER_EMAIL' && step !== 'CHECK_YOUR_INBOX')) return;
    const target = root.querySelector<HTMLElement>('[data-autofocus="true"]') ?? root.querySelector<HTMLElement>('.susi-title');
    target?.focus();
  }, [step, embedded, narrow]);

  const submitEmail = async () => {
    if (busy) return;
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) {
      raise(setEmailError, INVALID_EMAIL_MESSAGE);
      return;
    }
    setBusy(true);
    setEmailError(null);
    try {
      let captchaValue: string | undefined;
      const needsCaptcha = operation === 'login' ? signInOptions?.captchaOnLogin : signInOptions?.captchaOnRegister;
      if (needsCaptcha && signInOptions?.captchaSiteKey) {
        try {
          captchaValue = await captchaToken(signInOptions.captchaSiteKey, signInOptions.captchaV3 === true);
        } catch {
          logSignInEvent('susi.captchaFailure');
          raise(setEmailError, GENERIC_FAILURE_MESSAGE);
          return;
        }
      }
      const result = await sendEmail({ email: trimmed, operation, redirect, captchaValue, onMobileWeb: narrow, fullName: '' });
      const answer = result.data?.sendAcctAuthEmail as SendResult | undefined;
      if (!answer) {
        raise(setEmailError, GENERIC_FAILURE_MESSAGE);
        return;
      }
      switch (answer.__typename) {
        case 'SusiMethod':
          setSentTo(trimmed);
          setSentOperation(answer.value === 'register' ? 'register' : 'login');
          setCode('');
          setCodeError(null);
          go({ step: 'CHECK_YOUR_INBOX' });
          return;
        case 'NotFound':
          setEmail('');
          go({ step: 'UNRECOGNIZED_EMAIL' });
          return;
        case 'FailedChallenge':
          logSignInEvent('susi.captchaFailure');
          raise(setEmailError, answer.message);
          return;
        case 'IpAuthLockout':
          lockedOut(answer);
          raise(setEmailError, answer.message);
          return;
        case 'BadRequest':
        case 'TooManyRequests':
          raise(setEmailError, answer.message);
          return;
        default:
          raise(setEmailError, GENERIC_FAILURE_MESSAGE);
      }
    } catch {
      raise(setEmailError, GENERIC_FAILURE_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async () => {
    if (busy) return;
    if (!LOGIN_CODE_PATTERN.test(code)) {
      raise(setCodeError, INVALID_LOGIN_CODE_MESSAGE);
      return;
    }
    setBusy(true);
    setCodeError(null);
    try {
      const result = await verifyCode({ loginCode: code });
      const answer = result.data?.verifyLoginCode as VerifyResult | undefined;
      if (answer?.__typename === 'Token') {
        (assignLocation ?? ((url: string) => window.location.assign(url)))(answer.value);
        return;
      }
      if (answer?.__typename === 'TooManyRequests') logSignInEvent('susi.exceededAttempts');
      if (answer?.__typename === 'IpAuthLockout') lockedOut(answer);
      raise(setCodeError, answer && 'message' in answer ? answer.message : GENERIC_FAILURE_MESSAGE);
    } catch {
      raise(setCodeError, GENERIC_FAILURE_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const onFormSubmit = (handler: () => void) => (event: FormEvent) => {
    event.preventDefault();
    handler();
  };
  const linkButton = (label: string, onClick: () => void, testId?: string) => (
    <button type="button" className="susi-link" onClick={onClick} data-testid={testId}>
      {label}
    </button>
  );
  const socialHref = (button: SocialButton) => withQuery(button.href, { operation, redirect, ...(config.token ? { token: config.token } : {}) });
  const toggleTo = (next: AuthOperation) => () => {
    setEmail('');
    setEmailError(null);
    go({ operation: next, step: optionsStep(next) });
  };

  const termsNotice = (
    <p className="susi-terms" data-testid="susi-terms">
      {SUSI_TEXTS.termsNotice(operation === 'register' ? SUSI_TEXTS.registerCallToAction : SUSI_TEXTS.loginCallToAction, productName)}
      {target?.sharesEmailWith && (config.newsletterV3 || operation === 'register')
        ? SUSI_TEXTS.sharesEmail(target.sharesEmailWith)
        : operation === 'register' && config.sharesEmailWith
          ? SUSI_TEXTS.sharesEmail(config.sharesEmailWith)
          : ''}
    </p>
  );

  let body: ReactNode;
  switch (step) {
    case 'SIGNIN_OPTIONS':
    case 'SIGNUP_OPTIONS': {
      const register = step === 'SIGNUP_OPTIONS';
      body = (
        <>
          <h2 className="susi-title" id={titleId} tabIndex={-1}>
            {target?.title ?? (register ? SUSI_TEXTS.registerTitle(productName) : SUSI_TEXTS.loginTitle)}
          </h2>
          {config.post ? (
            <p className="susi-subheader" data-testid="susi-post">
              {SUSI_TEXTS.postLine(config.post)}
            </p>
          ) : null}
          <div className="susi-buttons">
            {socialButtons.map((button) => (
              <a key={button.provider} className="susi-option" href={socialHref(button)} data-provider={button.provider}>
                {register ? 'Sign up' : 'Sign in'} with {PROVIDER_LABELS[button.provider] ?? button.provider}
              </a>
            ))}
            {emailOffered ? (
              <button type="button" className="susi-option" data-testid="susi-email-option" onClick={() => go({ step: 'ENTER_EMAIL' })}>
                {register ? SUSI_TEXTS.signUpWithEmail : SUSI_TEXTS.signInWithEmail}
              </button>
            ) : null}
          </div>
          {register ? (
            <p className="susi-switch">
              {SUSI_TEXTS.haveAccount} {linkButton(SUSI_TEXTS.signIn, toggleTo('login'), 'susi-toggle')}
            </p>
          ) : (
            <>
              <p className="susi-switch">
                {SUSI_TEXTS.noAccount} {linkButton(SUSI_TEXTS.createOne, toggleTo('register'), 'susi-toggle')}
              </p>
              <p className="susi-help">
                {SUSI_TEXTS.troublePrefix} <a href="/help">{SUSI_TEXTS.getHelp}</a>
              </p>
            </>
          )}
          {termsNotice}
        </>
      );
      break;
    }
    case 'ENTER_EMAIL': {
      const register = operation === 'register';
      const expired = config.susiEntry === 'email_login_timeout';
      const title = expired ? SUSI_TEXTS.linkExpiredTitle : register ? SUSI_TEXTS.signUpWithEmail : SUSI_TEXTS.signInWithEmail;
      const subheader = register
        ? config.susiEntry === 'discount_plans'
          ? SUSI_TEXTS.discountPlansSubheader
          : SUSI_TEXTS.registerSubheader
        : SUSI_TEXTS.loginSubheader;
      const showGoogleHint = Boolean(googleButton) && /@(gmail|googlemail)\.com\s*$/i.test(email);
      body = (
        <>
          <h2 className="susi-title" id={titleId} tabIndex={-1}>
            {title}
          </h2>
          <p className="susi-subheader">{subheader}</p>
          <form className="susi-form" onSubmit={onFormSubmit(submitEmail)} noValidate>
            <InputField
              type="email"
              label={SUSI_TEXTS.emailLabel}
              value={email}
              onChange={(value) => {
                setEmail(value);
                if (emailError) setEmailError(null);
              }}
              onSubmit={submitEmail}
              error={emailError?.message}
              errorKey={emailError?.key}
              autoFocus
              testId="susi-email-field"
            />
            {showGoogleHint && googleButton ? (
              <p className="susi-hint">
                {SUSI_TEXTS.googleHint} <a href={socialHref(googleButton)}>{SUSI_TEXTS.googleHintAction}</a>
              </p>
            ) : null}
            <button type="submit" className="button button-dark susi-submit" disabled={busy} data-testid="susi-continue">
              {SUSI_TEXTS.continue}
            </button>
          </form>
          <p className="susi-back">{linkButton(`‹ ${register ? SUSI_TEXTS.allSignUpOptions : SUSI_TEXTS.allSignInOptions}`, () => go({ step: optionsStep(operation) }))}</p>
        </>
      );
      break;
    }
    case 'UNRECOGNIZED_EMAIL':
      body = (
        <>
          <h2 className="susi-title" id={titleId} tabIndex={-1}>
            {SUSI_TEXTS.unrecognizedTitle}
          </h2>
          <p className="susi-subheader">
            {linkButton(SUSI_TEXTS.seeAllSignInOptions, () => go({ operation: 'login', step: 'SIGNIN_OPTIONS' }))} or{' '}
            {linkButton(SUSI_TEXTS.createNewAccount, () => go({ operation: 'register', step: 'SIGNUP_OPTIONS' }))}.
          </p>
        </>
      );
      break;
    case 'CHECK_YOUR_INBOX':
      body = (
        <>
          <h2 className="susi-title" id={titleId} tabIndex={-1}>
            {SUSI_TEXTS.checkInboxTitle}
          </h2>
          {narrow ? (
            <form className="susi-form" onSubmit={onFormSubmit(submitCode)} noValidate>
              <p className="susi-subheader">{SUSI_TEXTS.checkInboxCode(sentTo, sentOperation)}</p>
              <InputField
                type="code"
                label={SUSI_TEXTS.codeLabel}
                value={code}
                onChange={(value) => {
                  setCode(value);
                  if (codeError) setCodeError(null);
                }}
                onSubmit={submitCode}
                error={codeError?.message}
                errorKey={codeError?.key}
                autoFocus
                testId="susi-code-field"
              />
              <button type="submit" className="button button-dark susi-submit" disabled={busy} data-testid="susi-ok">
                {SUSI_TEXTS.ok}
              </button>
            </form>
          ) : (
            <>
              <p className="susi-subheader">{SUSI_TEXTS.checkInboxLink(sentTo, sentOperation)}</p>
              <button
                type="button"
                className="button button-dark susi-submit"
                data-testid="susi-ok"
                data-autofocus="true"
                onClick={() => (embedded ? go({ step: optionsStep(operation) }) : close())}
              >
                {SUSI_TEXTS.ok}
              </button>
            </>
          )}
        </>
      );
      break;
  }

  const dialog = (
    <div
      ref={dialogRef}
      className={`susi-dialog${embedded ? ' is-embedded' : ''}`}
      role={embedded ? 'region' : 'dialog'}
      aria-modal={embedded ? undefined : true}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="susi-dialog"
      data-step={step}
      data-operation={operation}
    >
      {embedded ? null : (
        <button type="button" className="susi-close" aria-label={SUSI_TEXTS.close} onClick={close} data-testid="susi-close">
          ×
        </button>
      )}
      <div className="susi-body">{body}</div>
    </div>
  );
  if (embedded) return dialog;
  const onOverlayClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget) close();
  };
  return (
    <div className={`susi-overlay${visible ? ' is-visible' : ''}`} onMouseDown={onOverlayClick} data-testid="susi-overlay">
      {dialog}
    </div>
  );
}
