// The publish step (issue 12 item 4): the story preview (title, subtitle, first image), up to
// 5 tags, member-only (offered to writers allowed to put stories behind the paywall),
// unlisted, a publication (editors publish into it, writers submit to it), and "send to
// subscribers" (the writer's newsletter: emailed on the story's first listed publication, once;
// docs/newsletters.md). Publishing sends the story's newest saved revision; the server checks
// everything again.
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import type { StoryContent } from '../../shared/content.ts';
import { storyImageSrc } from '../editor/story-image-src.ts';
import { PublishPostMutation, type NewStoryPageData } from './EditorPage.graphql.ts';

export const MAX_TAGS = 5;

export interface PublishDefaults {
  tags: string[];
  memberOnly: boolean;
  unlisted: boolean;
  collectionId: string | null;
}

export const NO_DEFAULTS: PublishDefaults = { tags: [], memberOnly: false, unlisted: false, collectionId: null };

type Viewer = NonNullable<NewStoryPageData['viewer']>;
type WritablePublication = NonNullable<Viewer['writablePublications']>[number];

const subscribers = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'subscriber' : 'subscribers'}`;

/**
 * Who "Send to subscribers" reaches: the writer's newsletter, and the chosen publication's when
 * an editor publishes there (a reader of both gets the story once: worker/newsletters/send-story.ts).
 */
export function sendToWhom(own: number, publication: Pick<WritablePublication, 'newsletterSubscriberCount' | 'collection'> | null): string {
  const theirs = publication?.newsletterSubscriberCount;
  if (theirs == null) return `email this story to your newsletter's ${subscribers(own)}`;
  return `email this story to your newsletter's ${subscribers(own)} and ${publication!.collection.name}'s ${subscribers(theirs)} (once to a reader of both)`;
}

interface Props {
  viewer: Viewer;
  postId: string;
  title: string;
  subtitle: string;
  content: StoryContent;
  isResponse: boolean;
  defaults: PublishDefaults;
  /** Someone else's story, published by an editor of its publication: whose it stays. */
  writerName?: string | null;
  onClose: () => void;
}

export function PublishPanel({ viewer, postId, title, subtitle, content, isResponse, defaults, writerName = null, onClose }: Props) {
  const [, publish] = useMutation(PublishPostMutation);
  const [tags, setTags] = useState<string[]>(defaults.tags);
  const [tagText, setTagText] = useState('');
  const [memberOnly, setMemberOnly] = useState(defaults.memberOnly);
  const [unlisted, setUnlisted] = useState(defaults.unlisted);
  const [sendToSubscribers, setSendToSubscribers] = useState(true);
  const [collectionId, setCollectionId] = useState(defaults.collectionId ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const image = content.paragraphs.find((p) => p.type === 'IMG')?.metadata;
  const firstText = content.paragraphs.find((p) => p.type === 'P')?.text ?? '';
  const publications = viewer.writablePublications ?? [];
  const chosen = publications.find((p) => p.collection.id === collectionId);

  const addTag = (text: string) => {
    const tag = text.replace(/\s+/g, ' ').trim();
    if (tag === '' || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return;
    if (tags.length >= MAX_TAGS) {
      setError(`Add up to ${MAX_TAGS} tags.`);
      return;
    }
    setTags([...tags, tag]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const all = tagText.trim() !== '' && tags.length < MAX_TAGS ? [...tags, tagText.trim()] : tags;
    setBusy(true);
    setError(null);
    const result = await publish({ postId, tags: all, memberOnly, unlisted, collectionId: collectionId || null, sendToSubscribers: sendToSubscribers && !unlisted && !isResponse && !writerName });
    const outcome = result.data?.publishPost;
    if (outcome?.__typename === 'Post') {
      window.location.assign(outcome.mediumUrl);
      return;
    }
    setBusy(false);
    setError(outcome && 'message' in outcome ? outcome.message : 'Your story could not be published. Please try again.');
  };

  return (
    <div className="publish-overlay">
      <form className="publish-panel" role="dialog" aria-modal="true" aria-label="Publish story" onSubmit={(e) => void submit(e)}>
        <section className="publish-preview" aria-label="Story preview">
          <h2 className="publish-heading">Story preview</h2>
          {image ? <img className="publish-preview-image" src={storyImageSrc(image.id)} alt="" /> : <div className="publish-preview-image is-empty muted">No image</div>}
          <p className="publish-preview-title">{title || 'Untitled story'}</p>
          <p className="publish-preview-subtitle muted">{subtitle || firstText.slice(0, 140)}</p>
        </section>
        <section className="publish-options">
          <p>
            Publishing to: <strong>{writerName ?? viewer.name}</strong>
          </p>
          {isResponse ? null : (
            <>
              <label htmlFor="publish-tags">Add or change topics (up to {MAX_TAGS}) so readers know what your story is about</label>
              <div className="publish-tags">
                {tags.map((tag) => (
                  <span key={tag} className="publish-tag">
                    {tag}
                    <button type="button" aria-label={`Remove ${tag}`} onClick={() => setTags(tags.filter((t) => t !== tag))}>
                      ×
                    </button>
                  </span>
                ))}
                <input
                  id="publish-tags"
                  value={tagText}
                  placeholder={tags.length >= MAX_TAGS ? '' : 'Add a topic…'}
                  disabled={tags.length >= MAX_TAGS}
                  onChange={(event) => setTagText(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ',') {
                      event.preventDefault();
                      addTag(tagText);
                      setTagText('');
                    }
                  }}
                />
              </div>
            </>
          )}
          {publications.length > 0 && !isResponse ? (
            <label className="publish-field">
              Publication
              <select value={collectionId} onChange={(event) => setCollectionId(event.target.value)}>
                <option value="">None: publish on my profile</option>
                {publications.map((p) => (
                  <option key={p.collection.id} value={p.collection.id}>
                    {p.canPublish ? `Publish in ${p.collection.name}` : `Submit to ${p.collection.name}`}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {chosen && !chosen.canPublish ? <p className="muted">The publication's editors review your story before it appears there.</p> : null}
          {viewer.canMakeStoriesMemberOnly && !isResponse ? (
            <label className="publish-check">
              <input type="checkbox" checked={memberOnly} onChange={(event) => setMemberOnly(event.target.checked)} disabled={unlisted} />
              Meter my story: only members can read it in full
            </label>
          ) : null}
          {isResponse ? null : (
            <label className="publish-check">
              <input type="checkbox" checked={unlisted} onChange={(event) => setUnlisted(event.target.checked)} disabled={memberOnly} />
              Unlisted: only people with the link can find it
            </label>
          )}
          {/* Only the writer sends their newsletter (docs/adr/0146-publication-editors-change-stories.md). */}
          {isResponse || writerName ? null : (
            <label className="publish-check">
              <input type="checkbox" checked={sendToSubscribers && !unlisted} onChange={(event) => setSendToSubscribers(event.target.checked)} disabled={unlisted} />
              Send to subscribers: {sendToWhom(viewer.newsletterSubscriberCount ?? 0, chosen?.canPublish ? chosen : null)} when it is first published
            </label>
          )}
          {error ? (
            <p className="editor-alert" role="alert">
              {error}
            </p>
          ) : null}
          <div className="publish-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {chosen && !chosen.canPublish ? 'Submit' : 'Publish now'}
            </button>
            <button type="button" className="button button-outline" onClick={onClose}>
              Cancel
            </button>
          </div>
        </section>
      </form>
    </div>
  );
}
