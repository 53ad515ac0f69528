// Making and staffing a publication (issue 12 item 7):
// - new-publication (/new-publication): name, address and tagline; the writer becomes its owner
//   and goes to its submissions page.
// - Permissions: who may publish (editors) or submit (writers), added by username; the
//   /{collectionSlug}/permissions section of the settings page (PublicationSettingsPages.tsx).
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import type { ResultOf } from '../app/graphql.ts';
import { SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { NewPublicationViewerQuery, CreatePublication, SetPublicationMember, RemovePublicationMember } from './PublicationManagePages.graphql.ts';

/** A member as the permissions list shows them. */
export interface Member {
  role: string;
  user: { id: string; name: string; username: string };
}

function NewPublicationForm() {
  const [, create] = useMutation(CreatePublication);
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [tagline, setTagline] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (await create({ name, slug, tagline })).data?.createPublication;
    if (outcome?.__typename === 'Collection') {
      window.location.assign(`/${outcome.slug}/permissions`);
      return;
    }
    setError(outcome && 'message' in outcome ? outcome.message : 'The publication could not be created. Please try again.');
  };
  return (
    <form className="editor-page publish-options" onSubmit={(e) => void submit(e)}>
      <h1>New publication</h1>
      <label className="publish-field">
        Name
        <input value={name} maxLength={100} required onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="publish-field">
        Address: /{slug || 'your-publication'}
        <input value={slug} maxLength={40} required pattern="[a-z0-9\-]{3,40}" onChange={(e) => setSlug(e.target.value.toLowerCase())} />
      </label>
      <label className="publish-field">
        Tagline
        <input value={tagline} maxLength={160} onChange={(e) => setTagline(e.target.value)} />
      </label>
      {error ? (
        <p className="editor-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="publish-actions">
        <button type="submit" className="button button-primary">
          Create publication
        </button>
      </div>
    </form>
  );
}

export const newPublicationPage: PageDefinition<ResultOf<typeof NewPublicationViewerQuery>> = {
  query: () => ({ query: NewPublicationViewerQuery, variables: {} }),
  title: (_d, state) => `New publication – ${state.config.productName}`,
  Component: ({ data }) => (data.viewer ? <NewPublicationForm /> : <SignedOutNotice what="publications" />),
};

export function Permissions({ collectionId, initial }: { collectionId: string; initial: Member[] }) {
  const [, setMember] = useMutation(SetPublicationMember);
  const [, removeMember] = useMutation(RemovePublicationMember);
  const [members, setMembers] = useState(initial);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState('WRITER');
  const [error, setError] = useState<string | null>(null);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = (await setMember({ collectionId, username, role })).data?.setPublicationMember;
    if (outcome?.__typename === 'Collection') {
      setMembers(outcome.members ?? []);
      setUsername('');
      setError(null);
    } else setError(outcome && 'message' in outcome ? outcome.message : 'Something went wrong. Please try again.');
  };
  const remove = async (member: Member) => {
    const outcome = (await removeMember({ collectionId, userId: member.user.id })).data?.removePublicationMember;
    if (outcome?.__typename === 'Collection') {
      setMembers(outcome.members ?? []);
      setError(null);
    } else setError(outcome && 'message' in outcome ? outcome.message : 'Something went wrong. Please try again.');
  };
  return (
    <section aria-label="Editors and writers" className="publish-options">
      <ul data-testid="publication-members">
        {members.map((m) => (
          <li key={m.user.id}>
            {m.user.name} (@{m.user.username}): {m.role === 'WRITER' ? 'Writer' : m.role === 'EDITOR' ? 'Editor' : 'Owner'}
            {m.role === 'OWNER' ? null : (
              <>
                {' '}
                <button type="button" className="button-text" aria-label={`Remove @${m.user.username}`} onClick={() => void remove(m)}>
                  Remove
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form className="publish-actions" onSubmit={(e) => void add(e)}>
        <input aria-label="Username" placeholder="username" value={username} required onChange={(e) => setUsername(e.target.value)} />
        <select aria-label="Role" value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="WRITER">Writer: submits stories</option>
          <option value="EDITOR">Editor: publishes and approves</option>
        </select>
        <button type="submit" className="button button-primary button-small">
          Add
        </button>
      </form>
      {error ? (
        <p className="editor-alert" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
