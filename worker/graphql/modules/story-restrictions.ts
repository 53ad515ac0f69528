// The post-retrieval outcomes that come from staff-set restrictions
// (docs/product/2-sign-in-notices-cache-routing.md §3; migrations/0009_post_restrictions.sql;
// docs/reader.md "Outcomes"): UnavailableForLegalReasons, WithheldInCountry, Unauthorized.
// worker/stories/story-access.ts decides them; this module adds their types to PostResult, and
// the list of countries a story is withheld in to Post (the edge cache never stores such a
// story's page, whose answer depends on the reader's country: worker/cache/rules.ts withheld_post).
import type { RequestContext } from '../../context/request-context.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import { storyWithheldCountries } from '../../stories/restrictions.ts';
import type { SchemaModule } from './schema-module.ts';

export const postRestrictionsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "docs/product/2-sign-in-notices-cache-routing.md §3: the story needs a signed-in reader."
    type Unauthorized {
      message: String!
    }

    "docs/product/2-sign-in-notices-cache-routing.md §3: staff blocked the story on a legal order."
    type UnavailableForLegalReasons {
      message: String!
    }

    "docs/product/2-sign-in-notices-cache-routing.md §3: the story is withheld in the reader's country."
    type WithheldInCountry {
      message: String!
    }

    union PostResult = Unauthorized | UnavailableForLegalReasons | WithheldInCountry

    type Post {
      "ISO 3166-1 alpha-2 codes of the countries the story is withheld in (empty: none)."
      withheldCountries: [String!]!
    }
  `,
  resolvers: {
    Post: {
      withheldCountries: (post: StoryNode, _args: unknown, ctx: RequestContext) => storyWithheldCountries(ctx, post),
    },
  },
};
