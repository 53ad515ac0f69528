// Making and staffing a publication (issue 12 item 7): createPublication (/new-publication: name,
// slug, tagline; the creator is its owner) and its permissions (/{collectionSlug}/permissions):
// the owner and editors add people by username as editors (publish) or writers (submit), and
// remove them. Everyone else is told the publication has no members to manage (NotFound).
// The rules: worker/publications/new-publication.ts and worker/publications/members.ts.
import type { RequestContext } from '../../context/request-context.ts';
import { createPublication } from '../../publications/new-publication.ts';
import { publicationMembers, removePublicationMember, setPublicationMember } from '../../publications/members.ts';
import { isPublicationRefusal, type PublicationRefusal } from '../../publications/results.ts';
import { isAuroraVisible } from '../../publications/aurora.ts';
import type { AlreadyExists } from '../../context/outcomes.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  type PublicationMember {
    user: User!
    "OWNER, EDITOR or WRITER."
    role: String!
  }

  type Collection {
    "Owner and editors only: who may publish or submit."
    members: [PublicationMember!]
    "Readers get the publication's community pages (about, profile, tagged in the publication layout; docs/publications.md)."
    isAuroraVisible: Boolean!
  }

  union PublicationResult = Collection | BadRequest | NotFound | AlreadyExists

  type Mutation {
    "Makes a publication owned by the viewer."
    createPublication(name: String!, slug: String!, tagline: String): PublicationResult!
    "Owner and editors: adds or changes a member by username (role EDITOR or WRITER)."
    setPublicationMember(collectionId: ID!, username: String!, role: String!): PublicationResult!
    "Owner and editors: removes a member (never the owner)."
    removePublicationMember(collectionId: ID!, userId: ID!): PublicationResult!
  }
`;

/** A publication as a result, or the refusal as it is. */
const asResult = <T extends object>(result: T | null | PublicationRefusal | AlreadyExists) =>
  result && '__typename' in result && (isPublicationRefusal(result) || result.__typename === 'AlreadyExists') ? result : { __typename: 'Collection', ...result };

export const publicationsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    PublicationResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Collection: {
      members: (collection: { id: string }, _a: unknown, ctx: RequestContext) => publicationMembers(ctx, collection.id),
      isAuroraVisible: (_collection: unknown, _a: unknown, ctx: RequestContext) => isAuroraVisible(ctx),
    },
    Mutation: {
      createPublication: async (_r: unknown, args: { name: string; slug: string; tagline?: string | null }, ctx: RequestContext) => asResult(await createPublication(ctx, args)),
      setPublicationMember: async (_r: unknown, args: { collectionId: string; username: string; role: string }, ctx: RequestContext) =>
        asResult(await setPublicationMember(ctx, args.collectionId, args.username, args.role)),
      removePublicationMember: async (_r: unknown, args: { collectionId: string; userId: string }, ctx: RequestContext) =>
        asResult(await removePublicationMember(ctx, args.collectionId, args.userId)),
    },
  },
};
