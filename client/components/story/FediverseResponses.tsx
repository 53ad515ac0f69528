// Replies from the fediverse (issue 30 point 4; docs/adr/0204-fediverse-replies-beside-responses.md):
// a section under the story's responses, oldest first. Their authors are people on other servers,
// not accounts here: the byline names them by handle and links to their profile there, and their
// avatar is their initial (no remote image is loaded into a reader's page). The story's writer
// sees the replies they hid, marked, and hides or shows each again; and blocks (or unblocks) a
// reply's author, whose replies readers then no longer see (docs/adr/0214-blocking-a-fediverse-person.md).
// Each reply is anchored (fediverse-response-{id}): the writer's notification opens it.
import { useMutation } from 'urql';
import { formatCount, formatDate } from '../../../shared/format.ts';
import { Avatar } from '../Avatar.tsx';
import { FediverseBlockButton } from '../blocks/FediverseBlockButton.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { StoryBody } from './StoryBody.tsx';
import { SetFediverseResponseHidden, type FediverseResponse } from './FediverseResponses.graphql.ts';

function FediverseResponseItem({ response, writer }: { response: FediverseResponse; writer: boolean }) {
  const [{ fetching }, setHidden] = useMutation(SetFediverseResponseHidden);
  return (
    <article className="response" data-testid="fediverse-response" id={`fediverse-response-${response.id}`}>
      <header className="response-byline">
        <a href={response.author.url} rel="nofollow noopener ugc">
          <Avatar name={response.author.name} imageId={null} size={32} />
        </a>
        <div className="response-byline-text">
          <a href={response.author.url} rel="nofollow noopener ugc" className="response-author">
            {response.author.name}
          </a>
          <span className="muted">{response.author.handle}</span>
          <a href={response.url} rel="nofollow noopener ugc" className="muted response-date">
            <time dateTime={new Date(response.firstPublishedAt).toISOString()}>{formatDate(response.firstPublishedAt)}</time>
          </a>
          {response.isHidden ? <span className="muted">· Hidden from readers</span> : null}
          {response.isAuthorBlocked ? <span className="muted">· Blocked: readers do not see their replies</span> : null}
        </div>
        {writer ? (
          <div className="response-writer-tools">
            <button type="button" className="button button-text" disabled={fetching} onClick={() => void setHidden({ id: response.id, hidden: !response.isHidden })}>
              {response.isHidden ? 'Show response' : 'Hide response'}
            </button>
            <FediverseBlockButton person={{ id: response.author.id, handle: response.author.handle }} isBlocking={response.isAuthorBlocked} />
          </div>
        ) : null}
      </header>
      <div className="response-body">
        <StoryBody paragraphs={response.paragraphs} />
      </div>
    </article>
  );
}

export function FediverseResponses({ creatorId, responses }: { creatorId: string; responses: readonly FediverseResponse[] }) {
  const { viewer } = useViewerSession();
  if (responses.length === 0) return null;
  const writer = viewer?.id === creatorId;
  return (
    <section className="responses" aria-label="From the fediverse">
      <h2 className="responses-heading">{`From the fediverse (${formatCount(responses.length)})`}</h2>
      <div className="response-list">
        {responses.map((response) => (
          <FediverseResponseItem key={response.id} response={response} writer={writer} />
        ))}
      </div>
    </section>
  );
}
