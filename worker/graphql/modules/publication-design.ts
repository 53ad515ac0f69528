// Running a publication's site (issue 12 item 7; docs/publications.md): its identity
// (/{collectionSlug}/edit: name, tagline, avatar, logo, favicon; /settings/about: the long
// "about" text), its design (/design: header layout and colours), its navigation
// (/settings/navigation) and its feature pages (/settings/feature-pages, /new).
//
// Who may: the publication's owner and editors; to anyone else every mutation answers NotFound
// and changes nothing. The rules, and what each change records: worker/publications/publication-design.ts.
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import {
  deleteFeaturePage,
  designOf,
  featurePageBySlug,
  featurePagePosts,
  featurePagesOf,
  navigationOf,
  saveFeaturePage,
  setPublicationImage,
  setPublicationNavigation,
  updatePublication,
  updatePublicationDesign,
  type FeaturePageInput,
  type FeaturePageNode,
  type HeaderLayout,
  type NavInput,
  type PublicationImageKind,
} from '../../publications/publication-design.ts';
import { isPublicationRefusal, type CollectionFeaturePageRow, type PublicationRefusal } from '../../publications/results.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "How a publication's masthead shows it: its avatar and name, its name alone, or its logo."
  enum PublicationHeaderLayout {
    AVATAR_AND_NAME
    NAME_ONLY
    LOGO
  }

  "A publication's design (/{collectionSlug}/design), applied to its pages."
  type PublicationDesign {
    headerLayout: PublicationHeaderLayout!
    "#rrggbb, or null for the site's own."
    accentColor: String
    "#rrggbb, or null for the site's own."
    backgroundColor: String
    logoId: String
  }

  "What a navigation item leads to: the publication's stories with a tag, one of its feature pages, or a web address."
  enum PublicationNavKind {
    TAG
    FEATURE_PAGE
    LINK
  }

  type PublicationNavItem {
    title: String!
    kind: PublicationNavKind!
    "A tag slug, a feature page slug, or an http(s) address."
    target: String!
  }

  input PublicationNavItemInput {
    title: String!
    kind: PublicationNavKind!
    target: String!
  }

  "One of a publication's own pages (/{collectionSlug}/{slug}/home)."
  type FeaturePage {
    id: ID!
    slug: String!
    title: String!
    "Plain text; blank lines separate paragraphs."
    body: String!
    "When set, the page lists the publication's stories with this tag."
    tagSlug: String
    "Whether the publication's navigation leads to it."
    showInNav: Boolean!
    "The publication's stories with the page's tag, newest first (empty without a tag)."
    postsConnection(paging: PagingOptions): PostConnection!
  }

  "Which of a publication's images to set."
  enum PublicationImageKind {
    AVATAR
    LOGO
    FAVICON
  }

  type Collection {
    design: PublicationDesign!
    "The long description of the about page (the tagline is description)."
    about: String!
    "The masthead's navigation, in order."
    navigation: [PublicationNavItem!]!
    "The publication's feature pages, oldest first."
    featurePages: [FeaturePage!]!
    featurePage(slug: String!): FeaturePage
  }

  union PublicationManageResult = Collection | BadRequest | NotFound
  union FeaturePageResult = FeaturePage | BadRequest | NotFound

  type Mutation {
    "Owner and editors: the publication's name, tagline and (when given) its about text."
    updatePublication(collectionId: ID!, name: String!, tagline: String!, about: String): PublicationManageResult!
    "Owner and editors: sets (an image the viewer uploaded through /_/upload) or clears one of its images."
    setPublicationImage(collectionId: ID!, kind: PublicationImageKind!, imageId: String): PublicationManageResult!
    "Owner and editors: header layout and colours (#rrggbb or null)."
    updatePublicationDesign(collectionId: ID!, headerLayout: PublicationHeaderLayout!, accentColor: String, backgroundColor: String): PublicationManageResult!
    "Owner and editors: replaces the navigation with these items, in this order."
    setPublicationNavigation(collectionId: ID!, items: [PublicationNavItemInput!]!): PublicationManageResult!
    "Owner and editors: creates (no id) or changes a feature page."
    saveFeaturePage(collectionId: ID!, id: ID, slug: String!, title: String!, body: String!, tagSlug: String, showInNav: Boolean!): FeaturePageResult!
    "Owner and editors: deletes a feature page and its navigation item."
    deleteFeaturePage(collectionId: ID!, id: ID!): PublicationManageResult!
  }
`;

/** A publication as a result, or the refusal as it is. */
const asCollection = <T extends object>(result: T | null | PublicationRefusal) => (isPublicationRefusal(result) ? result : { __typename: 'Collection', ...result });

type CollectionArgs = { collectionId: string };

export const publicationDesignModule: SchemaModule = {
  typeDefs,
  resolvers: {
    PublicationManageResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    FeaturePageResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Collection: {
      design: (collection: { id: string }, _a: unknown, ctx: RequestContext) => designOf(ctx, collection.id),
      about: async (collection: { id: string }, _a: unknown, ctx: RequestContext) => (await designOf(ctx, collection.id)).about,
      navigation: (collection: { id: string }, _a: unknown, ctx: RequestContext) => navigationOf(ctx, collection.id),
      featurePages: (collection: { id: string }, _a: unknown, ctx: RequestContext) => featurePagesOf(ctx, collection.id),
      featurePage: (collection: { id: string }, args: { slug: string }, ctx: RequestContext) => featurePageBySlug(ctx, collection.id, args.slug),
    },
    FeaturePage: {
      postsConnection: async (page: CollectionFeaturePageRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const list = await featurePagePosts(ctx, page, args.paging);
        return { posts: list.items, pagingInfo: list.pagingInfo };
      },
    },
    Mutation: {
      updatePublication: async (_r: unknown, args: CollectionArgs & { name: string; tagline: string; about?: string | null }, ctx: RequestContext) =>
        asCollection(await updatePublication(ctx, args.collectionId, args)),
      setPublicationImage: async (_r: unknown, args: CollectionArgs & { kind: PublicationImageKind; imageId?: string | null }, ctx: RequestContext) =>
        asCollection(await setPublicationImage(ctx, args.collectionId, args.kind, args.imageId ?? null)),
      updatePublicationDesign: async (
        _r: unknown,
        args: CollectionArgs & { headerLayout: HeaderLayout; accentColor?: string | null; backgroundColor?: string | null },
        ctx: RequestContext,
      ) => asCollection(await updatePublicationDesign(ctx, args.collectionId, args)),
      setPublicationNavigation: async (_r: unknown, args: CollectionArgs & { items: NavInput[] }, ctx: RequestContext) =>
        asCollection(await setPublicationNavigation(ctx, args.collectionId, args.items)),
      saveFeaturePage: async (_r: unknown, args: CollectionArgs & FeaturePageInput, ctx: RequestContext) => {
        const result: FeaturePageNode | PublicationRefusal = await saveFeaturePage(ctx, args.collectionId, args);
        return isPublicationRefusal(result) ? result : { __typename: 'FeaturePage', ...result };
      },
      deleteFeaturePage: async (_r: unknown, args: CollectionArgs & { id: string }, ctx: RequestContext) => asCollection(await deleteFeaturePage(ctx, args.collectionId, args.id)),
    },
  },
};
