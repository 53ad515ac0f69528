// notifications (/me/notifications): follows, claps, responses, mentions and new stories by
// followed writers, newest first.
//
// Marking read (decided here; the spec does not say): opening the page marks what it shows
// as read, as the product this follows does — after hydration it calls
// markNotificationsAsRead(before: the newest shown) — everything up to it, on later pages
// too — so one arriving meanwhile stays unread. The ones that were unread keep their unread look for this visit, and the
// header's badge (UnreadNotificationCount) drops, because the mutation answers the
// viewer's NotificationStatus and urql refetches every query that holds one.
import { useEffect, useRef } from 'react';
import { useMutation } from 'urql';
import { formatDate } from '../../shared/format.ts';
import { Link } from '../app/navigation.tsx';
import { profileHref, storyHref, type StoryHrefRef } from '../app/hrefs.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import { Avatar } from '../components/Avatar.tsx';
import { usePagedList } from '../components/lists/use-paged-list.ts';
import { ShowMore, SignedOutNotice } from '../components/library/LibraryChrome.tsx';
import { MarkNotificationsAsRead, NotificationsPageQuery, type NotificationData, type NotificationsPageData } from './NotificationsPage.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';

const pick = (data: NotificationsPageData) => {
  const connection = data.viewer?.notificationsConnection;
  return connection ? { items: connection.notifications, pagingInfo: connection.pagingInfo } : null;
};
const idOf = (n: NotificationData) => n.id;

function StoryLink({ post }: { post: StoryHrefRef & { title: string; type?: string } }) {
  const ctx = useLinkContext();
  return (
    <Link href={storyHref(post, ctx)} className="notification-story">
      {post.title || (post.type === 'response' ? 'your response' : 'your story')}
    </Link>
  );
}

function NotificationText({ notification }: { notification: NotificationData }) {
  const { post } = notification;
  const ctx = useLinkContext();
  switch (notification.notificationType) {
    case 'FOLLOW':
      return <> started following you</>;
    case 'CLAP':
      return post ? (
        <>
          {' '}
          clapped for <StoryLink post={post} />
        </>
      ) : (
        <> clapped for your story</>
      );
    case 'RESPONSE':
      // A reply from the fediverse: post is the story, the link opens the reply on it (ADR 0215).
      if (notification.remoteActor && post) {
        return (
          <>
            {' '}
            <Link href={`${storyHref(post, ctx)}#fediverse-response-${notification.fediverseResponseId ?? ''}`}>replied</Link> to <StoryLink post={post} /> from the fediverse
          </>
        );
      }
      return post ? (
        <>
          {' '}
          <Link href={storyHref(post, ctx)}>responded</Link> to {post.inResponseToPost ? <StoryLink post={post.inResponseToPost} /> : 'your story'}
        </>
      ) : (
        <> responded to your story</>
      );
    case 'MENTION':
      return post ? (
        <>
          {' '}
          mentioned you in <StoryLink post={post} />
        </>
      ) : (
        <> mentioned you in a story</>
      );
    case 'NEW_STORY':
      // The story may be gone (deleted, unpublished, or now out of the viewer's reach).
      return post ? (
        <>
          {' '}
          published a new story: <StoryLink post={post} />
        </>
      ) : (
        <> published a new story</>
      );
    case 'NOTE_FOR_WRITER':
      // A reader's note left for the viewer on their story (docs/reader.md "Notes for the writer").
      return post && notification.note ? (
        <>
          {' '}
          <Link href={`/p/${post.id}/notes/${notification.note.id}`}>left you a note</Link> on <StoryLink post={post} />
        </>
      ) : (
        <> left you a note on your story</>
      );
    case 'NOTE_REPLY':
      return post && notification.noteReply ? (
        <>
          {' '}
          <a href={`/p/notereplies/${notification.noteReply.id}`}>replied to a note</a> on <StoryLink post={post} />
        </>
      ) : (
        <> replied to a note</>
      );
    case 'SERIES_PART':
      // A followed series' new part (docs/series.md "Following a series").
      return post ? (
        <>
          {' '}
          published a new part of a series you follow: <StoryLink post={post} />
        </>
      ) : (
        <> published a new part of a series you follow</>
      );
  }
}

function Notifications({ data }: { data: NotificationsPageData }) {
  const list = usePagedList({ initial: pick(data) ?? { items: [], pagingInfo: { next: null } }, query: NotificationsPageQuery, pick, idOf });
  const [, markRead] = useMutation(MarkNotificationsAsRead);
  const ctx = useLinkContext();
  const marked = useRef(false);

  useEffect(() => {
    if (marked.current) return;
    marked.current = true;
    if (!list.items.some((n) => n.isUnread)) return;
    void markRead({ before: list.items.reduce((max, n) => Math.max(max, n.createdAt), 0) });
    // Once, for what the page loaded with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <header className="library-header">
        <h1 className="library-title">Notifications</h1>
      </header>
      {list.items.length === 0 ? <p className="library-empty muted">You're all caught up.</p> : null}
      <ol className="notification-list" aria-label="Notifications">
        {list.items.map((notification) => (
          <li
            key={notification.id}
            className={notification.isUnread ? 'notification is-unread' : 'notification'}
            data-unread={notification.isUnread ? 'true' : 'false'}
            data-type={notification.notificationType}
          >
            {notification.actor ? (
              <Link href={profileHref(notification.actor, ctx)} className="notification-avatar">
                <Avatar name={notification.actor.name} imageId={notification.actor.imageId} size={32} />
              </Link>
            ) : notification.remoteActor ? (
              <a href={notification.remoteActor.url} rel="nofollow noopener ugc" className="notification-avatar">
                <Avatar name={notification.remoteActor.name} imageId={null} size={32} />
              </a>
            ) : null}
            <div className="notification-body">
              <p className="notification-text">
                {notification.actor ? (
                  <Link href={profileHref(notification.actor, ctx)} className="notification-actor">
                    {notification.actor.name}
                  </Link>
                ) : notification.remoteActor ? (
                  <>
                    <a href={notification.remoteActor.url} rel="nofollow noopener ugc" className="notification-actor">
                      {notification.remoteActor.name}
                    </a>{' '}
                    <span className="muted">{notification.remoteActor.handle}</span>
                  </>
                ) : (
                  'Someone'
                )}
                <NotificationText notification={notification} />
              </p>
              <time className="muted notification-time" dateTime={new Date(notification.createdAt).toISOString()}>
                {formatDate(notification.createdAt)}
              </time>
            </div>
            {notification.isUnread ? <span className="notification-dot" aria-label="Unread" /> : null}
          </li>
        ))}
      </ol>
      <ShowMore hasMore={list.hasMore} loading={list.loading} error={list.error} onClick={list.showMore} />
    </>
  );
}

export const notificationsPage: PageDefinition<NotificationsPageData> = {
  query: () => ({ query: NotificationsPageQuery, variables: { paging: { limit: 25 } } }),
  title: (_data, state) => `Notifications – ${state.config.productName}`,
  Component: ({ data }) => (data.viewer ? <Notifications data={data} /> : <SignedOutNotice what="your notifications" />),
};
