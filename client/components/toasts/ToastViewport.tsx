// The toast on screen (docs/product/2-sign-in-notices-cache-routing.md §4.4): its text and actions
// from the catalogue, inside the live region. Loaded by ToastProvider.tsx with the first toast a
// page shows.
import { useAppState } from '../../app/app-state.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { toastContent, type ToastRenderContext } from './catalogue.tsx';
import type { ToastEntry } from './toast-queue.ts';
import { BANNER_TOAST_STYLES, ERROR_TOAST_STYLES, NO_JOURNEY_TOAST_STYLES } from './toast-styles.ts';
import type { ToastApi } from './ToastProvider.tsx';

export function ToastViewport({ entry, api }: { entry: ToastEntry; api: ToastApi }) {
  const state = useAppState();
  const ctx = useLinkContext();
  const openSignIn = useSignInPrompt();

  const close = () => {
    void entry.extraParams.onClose?.();
    api.closeToast();
  };
  const render: ToastRenderContext = {
    productName: state.config.productName,
    ctx,
    now: Date.now(),
    openSignIn,
    show: api.showToast,
    close: api.closeToast,
    reload: () => window.location.reload(),
  };
  const content = toastContent(entry, render);
  const isError = ERROR_TOAST_STYLES.has(entry.style);
  const isBanner = BANNER_TOAST_STYLES.has(entry.style);
  const toast = (
    <div
      key={entry.id}
      className={
        (isBanner ? 'toast-banner' : 'toast') +
        (isError ? ' toast--error' : '') +
        (entry.style === 'ACCENT' ? ' toast--accent' : '') +
        (entry.phase === 'hiding' ? ' is-hiding' : '')
      }
      role={isError ? 'alert' : 'status'}
      data-style={entry.style}
      data-testid="toast"
    >
      <p className="toast-text">{content.text}</p>
      {content.actions.length > 0 ? (
        <div className="toast-actions">
          {content.actions.map((action) =>
            action.href ? (
              <a key={action.label} className="toast-action" href={action.href}>
                {action.label}
              </a>
            ) : (
              <button key={action.label} type="button" className="toast-action" onClick={action.onClick}>
                {action.label}
              </button>
            ),
          )}
        </div>
      ) : null}
      <button type="button" className="toast-close" aria-label="Close" data-testid="toast-close" onClick={close}>
        ×
      </button>
    </div>
  );
  return (
    <div className={`toast-viewport${isBanner ? ' toast-viewport--banner' : ''}`} aria-live="polite" data-testid="toast-viewport">
      {NO_JOURNEY_TOAST_STYLES.has(entry.style) ? (
        toast
      ) : (
        <div className="toast-journey" data-journey={entry.style}>
          {toast}
        </div>
      )}
    </div>
  );
}
