// The site's own pages (docs/product/3-routes-data-calls-constants.md §2.1): about, help, the
// terms (with the privacy policy at #privacy), the writers' and business landings, jobs, and
// the three state pages (suspended, not available, goodbye). They need no data, so they have
// no query: a render is cheap and, logged out, the edge cache keeps it. They share one chunk
// (one module): a reader moving between them loads no more code. Their words are ours
// (docs/reader.md, "The site's own pages").
//
// Some page names serve two routes (/creators and /creator-tools are landing-creators; /earn
// and /partner-program are landing-partner-program); the route name picks the text, so each
// address has its own heading.
import type { ReactNode } from 'react';
import { Link, useCurrentPage } from '../app/navigation.tsx';
import { useAppState } from '../app/app-state.tsx';
import { buildLink } from '../../shared/routing/links.ts';
import { landingUrl } from '../../shared/urls/misc-urls.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import type { PageDefinition } from '../app/page-definition.ts';

interface SiteText {
  title: string;
  heading: string;
  body: (productName: string) => ReactNode;
}

function Section({ id, heading, children }: { id?: string; heading: string; children: ReactNode }) {
  return (
    <section className="site-page-section" id={id} aria-labelledby={id ? `${id}-heading` : undefined}>
      <h2 id={id ? `${id}-heading` : undefined}>{heading}</h2>
      {children}
    </section>
  );
}

function StartLinks() {
  const ctx = useLinkContext();
  return (
    <p className="site-page-actions">
      <Link className="button button-dark" href={buildLink('ShowNewPost', {}, ctx)}>
        Start writing
      </Link>{' '}
      <Link className="button button-outline" href={buildLink('ShowHome', {}, ctx)}>
        Start reading
      </Link>
    </p>
  );
}

/** Texts by route name: the page name alone cannot tell /creators from /creator-tools. */
const TEXTS: Record<string, SiteText> = {
  ShowLandingAbout: {
    title: 'About',
    heading: 'Where good ideas find readers',
    body: (p) => (
      <>
        <p className="site-page-lede">
          {p} is a place to read and write stories that take their time: essays, reporting, guides and personal
          accounts from people who know their subject.
        </p>
        <Section heading="Writing that earns attention">
          <p>
            There are no ads on {p}. Readers who want more become members, and part of every membership goes to the
            writers they read. A story does well here because people read it to the end, not because it was loud.
          </p>
        </Section>
        <Section heading="Anyone can write">
          <p>
            Publishing takes a few minutes and costs nothing. Writers keep their own names, their own readers and, if
            they wish, their own domain. Publications gather writers around a subject; lists gather the stories worth
            keeping.
          </p>
        </Section>
        <StartLinks />
      </>
    ),
  },
  ShowLandingCreators: {
    title: 'Write on',
    heading: 'Write for readers who read',
    body: (p) => (
      <>
        <p className="site-page-lede">
          {p} gives your stories a clean page, a home for your readers and a network that finds them more.
        </p>
        <Section heading="Your audience, your way">
          <p>
            Readers can follow you and get your new stories by email. Your profile lists everything you publish, and you
            can connect a domain of your own.
          </p>
        </Section>
        <Section heading="Be paid for your work">
          <p>Join the Partner Program and earn from the reading time members spend on your stories.</p>
        </Section>
        <StartLinks />
      </>
    ),
  },
  ShowLandingCreatorTools: {
    title: 'Tools for writers',
    heading: 'Tools for writers',
    body: (p) => (
      <>
        <p className="site-page-lede">Everything {p} gives you to write, publish and grow.</p>
        <Section heading="The editor">
          <p>Write in a distraction-free editor that saves as you go. Import a story from elsewhere in one step.</p>
        </Section>
        <Section heading="Stats">
          <p>See views, reads and reading time for each story, and where your readers came from.</p>
        </Section>
        <Section heading="Publications and newsletters">
          <p>Start a publication with other writers, and send your stories to your followers by email.</p>
        </Section>
        <StartLinks />
      </>
    ),
  },
  ShowLandingEarn: {
    title: 'Earn',
    heading: 'Earn from your writing',
    body: (p) => (
      <>
        <p className="site-page-lede">
          Writers in the {p} Partner Program are paid each month for the time members spend reading their member-only
          stories.
        </p>
        <Section heading="How it works">
          <ol>
            <li>Apply to the Partner Program from your account.</li>
            <li>Put stories behind the member-only line when you publish them.</li>
            <li>Earn from members’ reading time, paid out monthly once your tax details are complete.</li>
          </ol>
        </Section>
        <StartLinks />
      </>
    ),
  },
  ShowLandingPartnerProgram: {
    title: 'Partner Program',
    heading: 'The Partner Program',
    body: (p) => (
      <>
        <p className="site-page-lede">Get paid for the member-only stories you publish on {p}.</p>
        <StartLinks />
      </>
    ),
  },
  ShowLandingB2b: {
    title: 'For teams',
    heading: 'Membership for your whole team',
    body: (p) => (
      <>
        <p className="site-page-lede">
          Give your team unlimited access to every story on {p}, billed to one account.
        </p>
        <Section heading="What your team gets">
          <ul>
            <li>Every member-only story, for every seat.</li>
            <li>Lists your team can share and build together.</li>
            <li>One invoice, seats you can add and remove.</li>
          </ul>
        </Section>
        <Section heading="Talk to us">
          <p>Write to us from the Help page and we will set your team up.</p>
        </Section>
      </>
    ),
  },
  ShowJobs: {
    title: 'Careers',
    heading: 'Work with us',
    body: (p) => (
      <>
        <p className="site-page-lede">
          We build {p} for people who read and write seriously. We are a small, remote team.
        </p>
        <Section heading="Open roles">
          <p>There are no open roles just now. Come back soon, or follow our blog to hear first.</p>
        </Section>
      </>
    ),
  },
  ShowHelp: {
    title: 'Help',
    heading: 'How can we help?',
    body: (p) => (
      <>
        <Section id="getting-started" heading="Getting started">
          <p>
            Create an account with your email: we send you a sign-in link and a code, so there is no password to
            remember. Follow writers, publications and topics to shape your home feed.
          </p>
        </Section>
        <Section id="membership" heading="Membership and billing">
          <p>
            Members read every story on {p}. You can cancel at any time from your settings; your membership stays
            active until the end of the period you paid for.
          </p>
        </Section>
        <Section id="writing" heading="Writing and publishing">
          <p>Write a story from the Write button. Drafts save as you type and only you can see them.</p>
        </Section>
        <Section id="text-to-speech" heading="Text to speech">
          <p>Members can listen to stories. Use your device’s own screen reader or read-aloud feature on any story.</p>
        </Section>
        <Section id="safety" heading="Safety">
          <p>
            You can mute or block anyone, and report stories or responses that break our rules from the story’s menu.
          </p>
        </Section>
      </>
    ),
  },
  ShowTermsOfService: {
    title: 'Terms of Service',
    heading: 'Terms of Service',
    body: (p) => (
      <>
        <p className="site-page-lede">These terms apply to everyone who reads or writes on {p}.</p>
        <Section id="your-content" heading="Your content">
          <p>
            You own what you write. By publishing it you let us show it to readers, store it and send it to the people
            who follow you. You can delete it at any time.
          </p>
        </Section>
        <Section id="your-account" heading="Your account">
          <p>
            Keep your sign-in email secure; you are responsible for what your account does. We may suspend accounts that
            break these terms or the law.
          </p>
        </Section>
        <Section id="membership" heading="Membership">
          <p>
            Memberships renew until you cancel. Cancelling stops the next renewal; what you already paid for stays
            yours until the period ends.
          </p>
        </Section>
        <Section id="privacy" heading="Privacy Policy">
          <p>
            We collect what we need to run {p}: your account details, what you publish, and how stories are read so
            writers can see their stats. We do not sell your data. Payment details are handled by our payment
            processor and never stored by us.
          </p>
          <p>
            Cookies keep you signed in and remember your choices, such as closing a banner. You can ask for a copy of
            your data or delete your account from your settings.
          </p>
        </Section>
      </>
    ),
  },
  ShowSuspended: {
    title: 'Account suspended',
    heading: 'This account is suspended',
    body: (p) => (
      <p className="site-page-lede">
        This account broke the {p} rules and has been suspended. If it is yours and you think this is a mistake,
        write to us from the <HelpLink /> page.
      </p>
    ),
  },
  ShowNotAvailable: {
    title: 'Not available',
    heading: 'This page is not available',
    body: () => (
      <p className="site-page-lede">
        The page you asked for is not available, either because it was removed or because it cannot be shown where you
        are. You can <HomeLink /> instead.
      </p>
    ),
  },
  ShowGoodbye: {
    title: 'Goodbye',
    heading: 'Your account has been deleted',
    body: (p) => (
      <p className="site-page-lede">
        Thank you for the time you spent on {p}. Your stories, responses and lists have been removed. You are welcome
        back whenever you like: <HomeLink />.
      </p>
    ),
  },
};

function HelpLink() {
  const ctx = useLinkContext();
  return <Link href={buildLink('ShowHelp', {}, ctx)}>Help</Link>;
}

function HomeLink() {
  const ctx = useLinkContext();
  return <Link href={buildLink('ShowHome', {}, ctx)}>go to the home page</Link>;
}

function textFor(routeName: string | undefined): SiteText {
  return (routeName && TEXTS[routeName]) || TEXTS.ShowLandingAbout!;
}

/** The route name of the page being shown (the worker resolved it before the render). */
function useRouteName(): string | undefined {
  return useCurrentPage().resolved?.routeName;
}

function SitePage() {
  const { config } = useAppState();
  const text = textFor(useRouteName());
  const ctx = useLinkContext();
  return (
    <article className="site-page">
      <h1 className="site-page-heading">{text.heading}</h1>
      {text.body(config.productName)}
      <nav className="site-page-footer" aria-label="About the site">
        <Link href={landingUrl('about', ctx)}>About</Link>
        <Link href={buildLink('ShowHelp', {}, ctx)}>Help</Link>
        <Link href={buildLink('ShowTermsOfService', {}, ctx)}>Terms</Link>
        <Link href={buildLink('ShowTermsOfService', {}, ctx) + '#privacy'}>Privacy</Link>
        <Link href={buildLink('ShowJobs', {}, ctx)}>Careers</Link>
        <Link href={landingUrl('business', ctx)}>Teams</Link>
      </nav>
    </article>
  );
}

/** Titles follow the route too; the title function sees the state, not the route, so each page name gets its own definition below. */
function sitePage(routeName: string): PageDefinition<undefined> {
  return {
    title: (_data, state: PreloadedState) => `${textFor(routeName).title} – ${state.config.productName}`,
    Component: SitePage,
  };
}

/**
 * A definition whose title follows whichever of its two routes is shown. The title function
 * sees the state, not the route: the path tells them apart (the second route's last segment).
 */
function twoRoutePage(first: string, second: string, secondSegment: string): PageDefinition<undefined> {
  return {
    title: (_data, state) => {
      const path = typeof window === 'undefined' ? new URL(state.navigation.currentLocation, 'http://x.invalid').pathname : window.location.pathname;
      return `${textFor(path.endsWith('/' + secondSegment) ? second : first).title} – ${state.config.productName}`;
    },
    Component: SitePage,
  };
}

export const landingAboutPage = sitePage('ShowLandingAbout');
export const landingCreatorsPage = twoRoutePage('ShowLandingCreators', 'ShowLandingCreatorTools', 'creator-tools');
export const landingPartnerProgramPage = twoRoutePage('ShowLandingEarn', 'ShowLandingPartnerProgram', 'partner-program');
export const landingB2bPage = sitePage('ShowLandingB2b');
export const landingJobsPage = sitePage('ShowJobs');
export const helpPage = sitePage('ShowHelp');
export const termsOfServicePage = sitePage('ShowTermsOfService');
export const suspendedPage = sitePage('ShowSuspended');
export const notAvailablePage = sitePage('ShowNotAvailable');
export const goodbyePage = sitePage('ShowGoodbye');
