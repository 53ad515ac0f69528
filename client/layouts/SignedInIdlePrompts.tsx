// The prompts that come up over any page for a signed-in reader only — "verify your email" and the
// tax status banner — draw nothing on the server and nothing before they have asked or decided
// something in the browser, so neither is start-up work: their chunk loads once the page is idle
// after hydration (client/app/when-idle.ts; docs/adr/0197-start-up-loads-the-first-screen-only.md),
// and never for a visitor (docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
import { VerifyEmailPrompt } from '../components/signin/VerifyEmailPrompt.tsx';
import { TaxStatusPrompt } from '../components/partner/TaxStatusPrompt.tsx';

export function SignedInIdlePrompts({ resolvedRouteName, pathname }: { resolvedRouteName: string | null; pathname: string }) {
  return (
    <>
      <VerifyEmailPrompt />
      {/* The route even of a page not built yet: a stats address never shows the tax banner. */}
      <TaxStatusPrompt routeName={resolvedRouteName} pathname={pathname} />
    </>
  );
}
