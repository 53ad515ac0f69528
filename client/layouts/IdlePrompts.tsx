// The prompts that may come up over any page — one-tap sign-in, "verify your email", the tax
// status banner — draw nothing on the server and nothing before they have asked or decided
// something in the browser, so none of them is start-up work: their chunk loads once the page is
// idle after hydration (client/app/when-idle.ts; docs/adr/0197-start-up-loads-the-first-screen-only.md).
import { GoogleOneTap } from '../components/signin/GoogleOneTap.tsx';
import { VerifyEmailPrompt } from '../components/signin/VerifyEmailPrompt.tsx';
import { TaxStatusPrompt } from '../components/partner/TaxStatusPrompt.tsx';

export function IdlePrompts({ routeName, resolvedRouteName, pathname }: { routeName: string | null; resolvedRouteName: string | null; pathname: string }) {
  return (
    <>
      <VerifyEmailPrompt />
      <GoogleOneTap routeName={routeName} />
      {/* The route even of a page not built yet: a stats address never shows the tax banner. */}
      <TaxStatusPrompt routeName={resolvedRouteName} pathname={pathname} />
    </>
  );
}
