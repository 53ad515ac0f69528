import { collectionResolvers } from './collection.ts';
import { postResolvers } from './post.ts';
import { queryResolvers } from './query.ts';
import { Long } from './scalars.ts';
import { tagResolvers } from './tag.ts';
import { userResolvers } from './user.ts';

/** Every resolver of the schema, by type (each file owns its types). */
export const resolvers = {
  Long,
  ...queryResolvers,
  ...userResolvers,
  ...collectionResolvers,
  ...tagResolvers,
  ...postResolvers,
};
