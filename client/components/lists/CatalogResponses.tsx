// Responses under a public list (page user-catalog): the story responses' section with a
// list as its parent, plus the list creator's switch to close or open discussion.
// Closing discussion is not shown in the spec; like a story's "Responses" settings it is the
// author's, so only the list's creator sees the switch (signed-in only: the page is
// dynamic for signed-in viewers, so this never reaches a shared cached copy).
import { useMutation } from 'urql';
import { SetCatalogResponsesLocked, type CatalogResponsesData } from './CatalogResponses.graphql.ts';
import { useViewerSession } from '../header/viewer-session.tsx';
import { MultiVoteProvider } from '../story/ClapButton.tsx';
import { ResponsesSection } from '../story/ResponsesSection.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';

function DiscussionSwitch({ catalogId, responsesLocked }: { catalogId: string; responsesLocked: boolean }) {
  const { showToast } = useToast();
  const [{ fetching }, setLocked] = useMutation(SetCatalogResponsesLocked);
  const toggle = async () => {
    const result = await setLocked({ catalogId, responsesLocked: !responsesLocked });
    if (result.error) showToast({ style: 'ERROR', message: result.error.graphQLErrors[0]?.message ?? 'The list could not be changed.' });
  };
  return (
    <button type="button" className="button button-text catalog-discussion-switch" disabled={fetching} onClick={() => void toggle()}>
      {responsesLocked ? 'Open discussion' : 'Close discussion'}
    </button>
  );
}

export function CatalogResponses({ catalog }: { catalog: CatalogResponsesData & { id: string } }) {
  const { viewer } = useViewerSession();
  // Responses are clapped like a story's (docs/product/3-routes-data-calls-constants.md §3
  // (multiVote)), so the section brings the provider.
  return (
    <MultiVoteProvider>
    <ResponsesSection
      parent={{ kind: 'catalog', id: catalog.id, creatorId: catalog.creator.id }}
      count={catalog.responsesCount}
      responsesLocked={catalog.responsesLocked}
      first={catalog.threadedCatalogResponses}
    >
      {viewer?.id === catalog.creator.id ? <DiscussionSwitch catalogId={catalog.id} responsesLocked={catalog.responsesLocked} /> : null}
    </ResponsesSection>
    </MultiVoteProvider>
  );
}
