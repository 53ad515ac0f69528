// The queries and mutations of a publication's management pages (PublicationSettingsPages.tsx).
import { graphql, known, type ResultOf } from '../app/graphql.ts';

const PublicationManage_collection = known(graphql(`
  fragment PublicationManage_collection on Collection {
    id
    name
    slug
    description
    about
    avatarId
    faviconId
    domain
    customDomainState {
      live {
        domain
      }
    }
    viewerIsEditor
    socialStats {
      followerCount
    }
    design {
      headerLayout
      accentColor
      backgroundColor
      logoId
    }
    customStyleSheet {
      id
      headingFont
      bodyFont
    }
    navigation {
      title
      kind
      target
    }
    featurePages {
      id
      slug
      title
      body
      tagSlug
      showInNav
    }
  }
`));

export const PublicationManageQuery = known(graphql(`
  query PublicationManageQuery($slug: String!) {
    collection(slug: $slug) {
      ...PublicationManage_collection
      members {
        role
        user {
          id
          name
          username
        }
      }
    }
  }
`, [PublicationManage_collection]));

export type PublicationManageData = ResultOf<typeof PublicationManageQuery>;
export type ManagedPublication = NonNullable<PublicationManageData['collection']>;

export const UpdatePublication = known(graphql(`
  mutation UpdatePublication($collectionId: ID!, $name: String!, $tagline: String!, $about: String) {
    updatePublication(collectionId: $collectionId, name: $name, tagline: $tagline, about: $about) {
      __typename
      ... on Collection {
        ...PublicationManage_collection
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`, [PublicationManage_collection]));

export const SetPublicationImage = known(graphql(`
  mutation SetPublicationImage($collectionId: ID!, $kind: PublicationImageKind!, $imageId: String) {
    setPublicationImage(collectionId: $collectionId, kind: $kind, imageId: $imageId) {
      __typename
      ... on Collection {
        ...PublicationManage_collection
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`, [PublicationManage_collection]));

export const UpdatePublicationDesign = known(graphql(`
  mutation UpdatePublicationDesign($collectionId: ID!, $headerLayout: PublicationHeaderLayout!, $accentColor: String, $backgroundColor: String) {
    updatePublicationDesign(collectionId: $collectionId, headerLayout: $headerLayout, accentColor: $accentColor, backgroundColor: $backgroundColor) {
      __typename
      ... on Collection {
        ...PublicationManage_collection
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`, [PublicationManage_collection]));

export const UpdatePublicationStyleSheet = known(graphql(`
  mutation UpdatePublicationStyleSheet($collectionId: ID!, $headingFont: FontSet!, $bodyFont: FontSet!) {
    updatePublicationStyleSheet(collectionId: $collectionId, headingFont: $headingFont, bodyFont: $bodyFont) {
      __typename
      ... on CustomStyleSheet {
        id
        headingFont
        bodyFont
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const SetPublicationNavigation = known(graphql(`
  mutation SetPublicationNavigation($collectionId: ID!, $items: [PublicationNavItemInput!]!) {
    setPublicationNavigation(collectionId: $collectionId, items: $items) {
      __typename
      ... on Collection {
        ...PublicationManage_collection
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`, [PublicationManage_collection]));

export const SaveFeaturePage = known(graphql(`
  mutation SaveFeaturePage($collectionId: ID!, $id: ID, $slug: String!, $title: String!, $body: String!, $tagSlug: String, $showInNav: Boolean!) {
    saveFeaturePage(collectionId: $collectionId, id: $id, slug: $slug, title: $title, body: $body, tagSlug: $tagSlug, showInNav: $showInNav) {
      __typename
      ... on FeaturePage {
        id
        slug
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const DeleteFeaturePage = known(graphql(`
  mutation DeleteFeaturePage($collectionId: ID!, $id: ID!) {
    deleteFeaturePage(collectionId: $collectionId, id: $id) {
      __typename
      ... on Collection {
        ...PublicationManage_collection
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
    }
  }
`, [PublicationManage_collection]));
