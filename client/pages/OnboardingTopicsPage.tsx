// Onboarding (/get-started/topics, page topics-onboarding, basic layout; /get-started and
// /welcome redirect here): a new reader picks topics to follow, then writers, then goes back to
// where they signed up from (?redirect=, a main-host path). The writer, publication or topic
// they signed up from is already followed (docs/adr/0081-sign-up-context-and-onboarding.md).
import { useState } from 'react';
import { useClient, useMutation } from 'urql';
import { CompleteOnboarding, OnboardingTopicsQuery, OnboardingWritersQuery, type OnboardingTopicsData } from './OnboardingTopicsPage.graphql.ts';
import { FollowTag } from '../components/follow/FollowStoreProvider.graphql.ts';
import { useNavigation } from '../app/navigation.tsx';
import { UserRow } from '../components/follow/SocialRows.tsx';
import type { SocialUser } from '../components/follow/SocialRows.graphql.ts';
import { CustomizeSignInPrompt } from './CustomizeLayout.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

/** Topics a reader picks at least (a home feed needs something to show). */
export const MIN_ONBOARDING_TOPICS = 3;

/** The ?redirect= of the page when it is a path on this host; home otherwise. */
function returnPath(search: string): string {
  const value = new URLSearchParams(search).get('redirect');
  return value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : '/';
}

function Onboarding({ data }: { data: OnboardingTopicsData }) {
  const { location, navigate } = useNavigation();
  const client = useClient();
  const [picked, setPicked] = useState<string[]>([]);
  const [step, setStep] = useState<'topics' | 'writers'>('topics');
  const [writers, setWriters] = useState<SocialUser[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [, followTag] = useMutation(FollowTag);
  const [, complete] = useMutation(CompleteOnboarding);
  const toggle = (slug: string) => setPicked((p) => (p.includes(slug) ? p.filter((s) => s !== slug) : [...p, slug]));

  const toWriters = async () => {
    setBusy(true);
    setError(null);
    const results = await Promise.all(picked.map((slug) => followTag({ targetTagId: slug })));
    if (results.some((r) => r.error)) {
      setBusy(false);
      return setError('Some topics could not be followed. Please try again.');
    }
    const answer = await client.query(OnboardingWritersQuery, { topicSlugs: picked }, { requestPolicy: 'network-only' }).toPromise();
    setWriters(answer.data?.onboardingWriters ?? []);
    setStep('writers');
    setBusy(false);
  };

  const finish = async () => {
    setBusy(true);
    await complete({});
    navigate(returnPath(location.search));
  };

  if (step === 'writers') {
    return (
      <div className="onboarding">
        <h1 className="onboarding-title">Follow writers</h1>
        <p className="onboarding-lead muted">Their stories will appear on your home page.</p>
        <div className="onboarding-writers" data-testid="onboarding-writers">
          {(writers ?? []).length === 0 ? <p className="muted">No suggestions yet.</p> : null}
          {(writers ?? []).map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </div>
        <button type="button" className="button button-dark button-large" onClick={() => void finish()} disabled={busy}>
          Continue
        </button>
      </div>
    );
  }
  const titleOf = new Map(data.topicsToFollow.map((topic) => [topic.slug, topic.displayTitle]));
  const missing = Math.max(0, MIN_ONBOARDING_TOPICS - picked.length);
  return (
    <div className="onboarding">
      <h1 className="onboarding-title">What are you interested in?</h1>
      <p className="onboarding-lead muted">Choose {MIN_ONBOARDING_TOPICS} or more.</p>
      <ul className="topic-chips onboarding-topics">
        {data.topicsToFollow.map((topic) => {
          const chosen = picked.includes(topic.slug);
          return (
            <li key={topic.id}>
              <button
                type="button"
                className={`topic-chip${chosen ? ' is-picked' : ''}`}
                aria-pressed={chosen}
                data-tag-slug={topic.slug}
                onClick={() => toggle(topic.slug)}
              >
                {/* A chosen topic reads as chosen without colour: the mark changes from + to ✓. */}
                <span className="topic-chip-mark" aria-hidden="true">
                  {chosen ? '\u2713' : '+'}
                </span>
                {topic.displayTitle}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="onboarding-picked" data-testid="onboarding-picked" aria-live="polite">
        {picked.length === 0
          ? 'No topics chosen yet.'
          : `Chosen (${picked.length}): ${picked.map((slug) => titleOf.get(slug) ?? slug).join(', ')}.${missing > 0 ? ` Choose ${missing} more.` : ''}`}
      </p>
      {error ? (
        <p className="settings-status is-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="button button-dark button-large" disabled={busy || picked.length < MIN_ONBOARDING_TOPICS} onClick={() => void toWriters()}>
        Continue
      </button>
    </div>
  );
}

export const onboardingTopicsPage: PageDefinition<OnboardingTopicsData> = {
  query: () => ({ query: OnboardingTopicsQuery, variables: {} }),
  title: (_data, state) => `Get started – ${state.config.productName}`,
  Component: function OnboardingTopics({ data }) {
    if (!data.viewer) {
      return (
        <div className="onboarding">
          <CustomizeSignInPrompt what="pick the topics and writers you want to read" />
        </div>
      );
    }
    return <Onboarding data={data} />;
  },
};
