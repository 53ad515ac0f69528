// Opens the sign-in dialog from anywhere in the app:
//   const { openSignInDialog } = useSignInDialog();  openSignInDialog({ operation: 'register', susiEntry: 'nav' });
// or, outside React, openSignInDialog(options) (a window event the provider listens to).
// The provider also answers the header's, avatar menu's and toasts' sign-in prompts
// (SignInPromptProvider of client/components/header/sign-in-prompt.tsx).
// The dialog itself is drawn by <SignInDialogHost />, which client/layouts/App.tsx mounts inside
// the ToastProvider: the toast viewport needs this provider's prompt, and the dialog needs the
// toasts (its lockout answers raise ACCOUNT_LOCKOUT, docs/product/2-sign-in-notices-cache-routing.md §4.4).
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { AuthOperation } from '../../../shared/auth/sign-in-rules.ts';
import { SignInPromptProvider } from '../header/sign-in-prompt.tsx';
import { optionsStep, SIGN_IN_STEPS, TARGET_SETTINGS, type SignInDialogConfig, type SignInStep } from './dialog-config.ts';

// The dialog is its own chunk: most readers never open it, so it loads on the first open.
const SignInDialog = lazy(() => import('./SignInDialog.tsx').then((module) => ({ default: module.SignInDialog })));

export interface OpenSignInOptions {
  operation?: AuthOperation;
  /** A step to open at; the options step of the operation by default. */
  step?: SignInStep | null;
  susiEntry?: string;
  redirectTo?: string;
  sharesEmailWith?: string;
  /** What the visitor was doing (dialog-config.ts, docs/adr/0106-sign-in-dialog-settings.md). */
  actionUrl?: string;
  token?: string;
  collection?: string;
  collectionSlug?: string;
  topic?: string;
  user?: string;
  newsletterV3?: string;
  post?: string;
}

export interface SignInDialogApi {
  openSignInDialog(options?: OpenSignInOptions): void;
  closeSignInDialog(): void;
  isOpen: boolean;
}

const OPEN_EVENT = 'vellum:open-sign-in';
const SignInDialogContext = createContext<SignInDialogApi | null>(null);

interface DialogState {
  config: SignInDialogConfig | null;
  openCount: number;
  setConfig(next: SignInDialogConfig | null): void;
  close(): void;
}
const DialogStateContext = createContext<DialogState | null>(null);

export function toDialogConfig(options: OpenSignInOptions = {}): SignInDialogConfig {
  const operation: AuthOperation = options.operation === 'register' ? 'register' : 'login';
  const step = options.step && SIGN_IN_STEPS.includes(options.step) && options.step !== 'CHECK_YOUR_INBOX' ? options.step : optionsStep(operation);
  return {
    operation,
    step,
    ...(options.susiEntry ? { susiEntry: options.susiEntry } : {}),
    ...(options.redirectTo ? { redirectTo: options.redirectTo } : {}),
    ...(options.sharesEmailWith ? { sharesEmailWith: options.sharesEmailWith } : {}),
    ...Object.fromEntries(TARGET_SETTINGS.flatMap((name) => (typeof options[name] === 'string' && options[name] !== '' ? [[name, options[name].slice(0, 200)]] : []))),
  };
}

/** Opens the dialog from code outside React (the provider must be mounted). */
export function openSignInDialog(options: OpenSignInOptions = {}): void {
  window.dispatchEvent(new CustomEvent<OpenSignInOptions>(OPEN_EVENT, { detail: options }));
}

export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<SignInDialogConfig | null>(null);
  // Remounting on every open resets the dialog (typed email, errors).
  const [openCount, setOpenCount] = useState(0);

  const open = useCallback((options: OpenSignInOptions = {}) => {
    setConfig(toDialogConfig(options));
    setOpenCount((n) => n + 1);
  }, []);
  const close = useCallback(() => setConfig(null), []);

  useEffect(() => {
    const onOpen = (event: Event) => open((event as CustomEvent<OpenSignInOptions>).detail ?? {});
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, [open]);

  const api = useMemo(() => ({ openSignInDialog: open, closeSignInDialog: close, isOpen: config !== null }), [open, close, config]);
  const dialogState = useMemo<DialogState>(() => ({ config, openCount, setConfig, close }), [config, openCount, close]);
  return (
    <SignInDialogContext.Provider value={api}>
      <DialogStateContext.Provider value={dialogState}>
        <SignInPromptProvider open={open}>{children}</SignInPromptProvider>
      </DialogStateContext.Provider>
    </SignInDialogContext.Provider>
  );
}

/** The open dialog, wherever the layout mounts it (inside the toast provider). */
export function SignInDialogHost() {
  const state = useContext(DialogStateContext);
  if (!state?.config) return null;
  const { config, openCount, setConfig, close } = state;
  return (
    <Suspense fallback={null}>
      <SignInDialog key={openCount} config={config} onConfigChange={(next) => (next.step === null ? close() : setConfig(next))} onClose={close} />
    </Suspense>
  );
}

export function useSignInDialog(): SignInDialogApi {
  const api = useContext(SignInDialogContext);
  if (!api) throw new Error('useSignInDialog must be used inside SignInDialogProvider');
  return api;
}
