// The prompts that may come up over any page, each set a chunk of its own loaded once the page is
// idle after hydration (docs/adr/0197-start-up-loads-the-first-screen-only.md): a visitor's page
// loads only what can show to a visitor (one-tap sign-in), a signed-in reader's only the prompts
// for a signed-in reader (docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
import { lazy, Suspense } from 'react';
import { useViewerSession } from '../components/header/viewer-session.tsx';

const GoogleOneTap = lazy(() => import('../components/signin/GoogleOneTap.tsx').then((module) => ({ default: module.GoogleOneTap })));
const SignedInIdlePrompts = lazy(() => import('./SignedInIdlePrompts.tsx').then((module) => ({ default: module.SignedInIdlePrompts })));

export function IdlePrompts({ routeName, resolvedRouteName, pathname }: { routeName: string | null; resolvedRouteName: string | null; pathname: string }) {
  const { isLoggedIn } = useViewerSession();
  return (
    <Suspense fallback={null}>
      {isLoggedIn ? <SignedInIdlePrompts resolvedRouteName={resolvedRouteName} pathname={pathname} /> : <GoogleOneTap routeName={routeName} />}
    </Suspense>
  );
}
