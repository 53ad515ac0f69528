import { graphql, known } from '../../app/graphql.ts';

/**
 * The avatar menu (docs/product/1-product-screens-membership-header-search.md §2.6, §7): loaded in
 * the browser when the menu is about to open, never during the server render (the header must not
 * change while it hydrates).
 */
export const AvatarMenuQuery = known(graphql(`
  query AvatarMenuQuery {
    viewer {
      id
      username
      name
      imageId
      hasSubdomain
      customDomainState {
        live {
          domain
        }
      }
      emailObfuscated
      viewerEdge {
        id
        membership {
          id
          currentPeriodEndsAt
        }
      }
      membership {
        id
        tier
        memberSince
        isCancelled
        paymentFailedAt
        currentPeriodEndsAt
        paymentProvider
        switchPlanSchedule {
          plan {
            membershipType
          }
        }
      }
      adminCollections {
        id
        name
        slug
        domain
        avatarId
      }
      linkedAccounts {
        id
        mastodon {
          id
          username
          domain
          url
        }
      }
      verifications {
        isBookAuthor
      }
      partnerProgramEnrollment {
        id
        status
      }
    }
  }
`));
