// The editor's documents (pages new-story and edit-story): what the editor opens, and the
// writes it makes (autosave, publish, unpublish). Server rendering runs the page query
// in-process; the browser reads it from the seeded cache.
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const NewStoryPageQuery = known(graphql(`
  query NewStoryPageQuery {
    viewer {
      id
      username
      name
      canMakeStoriesMemberOnly
      newsletterSubscriberCount
      writablePublications {
        canPublish
        newsletterSubscriberCount
        collection {
          id
          name
          slug
        }
      }
    }
  }
`));
export type NewStoryPageData = ResultOf<typeof NewStoryPageQuery>;

export const EditStoryPageQuery = known(graphql(`
  query EditStoryPageQuery($postId: ID!, $rev: Int) {
    viewer {
      id
      username
      name
      canMakeStoriesMemberOnly
      newsletterSubscriberCount
      writablePublications {
        canPublish
        newsletterSubscriberCount
        collection {
          id
          name
          slug
        }
      }
    }
    post(id: $postId) {
      id
      title
      isPublished
      isSuspended
      visibility
      mediumUrl
      uniqueSlug
      responsesLocked
      canonicalUrl
      license
      viewerEditorRole
      creator {
        id
        username
        name
      }
      collection {
        id
        name
      }
      submittedCollection {
        id
        name
      }
      tags {
        id
        slug
        displayTitle
      }
      inResponseToPost {
        id
        title
      }
      draft(rev: $rev) {
        rev
        title
        subtitle
        contentJson
        hasUnpublishedChanges
      }
      revisions {
        rev
        title
        createdAt
      }
    }
  }
`));
export type EditStoryPageData = ResultOf<typeof EditStoryPageQuery>;

export const SaveDraftMutation = known(graphql(`
  mutation SaveDraft($postId: ID, $baseRev: Int!, $title: String!, $subtitle: String!, $contentJson: String!, $inResponseToPostId: ID) {
    saveDraft(postId: $postId, baseRev: $baseRev, title: $title, subtitle: $subtitle, contentJson: $contentJson, inResponseToPostId: $inResponseToPostId) {
      __typename
      ... on DraftSaved {
        rev
        post {
          id
        }
      }
      ... on Conflict {
        message
        currentRev
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
`));

export const PublishPostMutation = known(graphql(`
  mutation PublishPost($postId: ID!, $tags: [String!]!, $memberOnly: Boolean!, $unlisted: Boolean!, $collectionId: ID, $sendToSubscribers: Boolean) {
    publishPost(postId: $postId, tags: $tags, memberOnly: $memberOnly, unlisted: $unlisted, collectionId: $collectionId, sendToSubscribers: $sendToSubscribers) {
      __typename
      ... on Post {
        id
        isPublished
        visibility
        mediumUrl
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
      ... on Forbidden {
        message
      }
      ... on PublishingRestrictedBannedLinks {
        message
        links
      }
    }
  }
`));

export const UnpublishPostMutation = known(graphql(`
  mutation UnpublishPost($postId: ID!) {
    unpublishPost(postId: $postId) {
      __typename
      ... on Post {
        id
        isPublished
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
      ... on Forbidden {
        message
      }
    }
  }
`));

export const UpdatePostSettingsMutation = known(graphql(`
  mutation UpdatePostSettings($postId: ID!, $canonicalUrl: String, $responsesLocked: Boolean!, $memberOnly: Boolean!, $license: PostLicense) {
    updatePostSettings(postId: $postId, canonicalUrl: $canonicalUrl, responsesLocked: $responsesLocked, memberOnly: $memberOnly, license: $license) {
      __typename
      ... on Post {
        id
        responsesLocked
        canonicalUrl
        license
        visibility
      }
      ... on NotFound {
        message
      }
      ... on BadRequest {
        message
      }
    }
  }
`));
