// The invisible captcha on sending sign-in mail
// (docs/product/2-sign-in-notices-cache-routing.md §5): Cloudflare Turnstile, loaded from its own
// origin only when the server says a send needs it, returning a token on demand.
const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface Turnstile {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  execute(widget: string): void;
  remove(widget: string): void;
}

let loading: Promise<Turnstile> | null = null;

function loadTurnstile(): Promise<Turnstile> {
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => {
      const turnstile = (window as unknown as { turnstile?: Turnstile }).turnstile;
      if (turnstile) resolve(turnstile);
      else reject(new Error('Turnstile did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Turnstile did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * A fresh Turnstile token for `siteKey`. The v3 variant (its flag) never shows the widget
 * (appearance "execute": it runs only when asked, without interaction); otherwise the widget
 * shows itself only when Turnstile needs the visitor to interact.
 */
export async function captchaToken(siteKey: string, v3 = false): Promise<string> {
  const turnstile = await loadTurnstile();
  const container = document.createElement('div');
  container.className = 'susi-captcha';
  document.body.appendChild(container);
  try {
    return await new Promise<string>((resolve, reject) => {
      const widget = turnstile.render(container, {
        sitekey: siteKey,
        execution: 'execute',
        appearance: v3 ? 'execute' : 'interaction-only',
        callback: (token: string) => resolve(token),
        'error-callback': () => reject(new Error('captcha failed')),
      });
      turnstile.execute(widget);
    });
  } finally {
    container.remove();
  }
}
