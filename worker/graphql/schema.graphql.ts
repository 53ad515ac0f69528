// The GraphQL contract of the data service, as SDL. Names follow the spec
// (docs/product/1-product-screens-membership-header-search.md §3,
// docs/product/2-sign-in-notices-cache-routing.md §3,
// docs/product/3-routes-data-calls-constants.md §3): they are what the client's queries are written
// against. Resolvers live beside it in ./resolvers/; ./schema.ts joins the two.
//
// Rules the resolvers keep, written here so a reader of the contract sees them:
// - A story (Post) only resolves after the access check of
//   docs/product/2-sign-in-notices-cache-routing.md §3's post-retrieval states
//   (resolvers/post-access.ts); `post` answers null where `postResult` names why.
// - Member-only paragraphs leave the server only through Post.content / previewContent /
//   extendedPreviewContent, which all read through one gate (resolvers/post-content.ts).
// - Lists (feeds, postsConnection) never hold drafts, trashed stories, responses, suspended
//   stories or stories of suspended or deleted accounts (resolvers/post-lists.ts).
// - Fields marked "viewer only" answer null for anyone but the signed-in user themselves.

import { MARKUP_TYPES, PARAGRAPH_TYPES } from '../../shared/content.ts';

export const typeDefs = /* GraphQL */ `
"""
Milliseconds since the Unix epoch, as a JSON number (GraphQL's Int is 32-bit, too small).
"""
scalar Long

type Query {
  "The signed-in user; null when logged out."
  viewer: User

  "A user by id or by username (pass exactly one). Null when unknown or deleted."
  user(id: ID, username: String): User

  "A user by id or by username (pass exactly one), or why it cannot be shown."
  userResult(id: ID, username: String): UserResult!

  "A story or response by id; null whenever postResult would not be a Post."
  post(id: ID!): Post

  "A story or response by id, or the post-retrieval state that keeps it from this viewer."
  postResult(id: ID!): PostResult!

  "A publication by id, slug or live custom domain (pass exactly one)."
  collection(id: ID, slug: String, domain: String): Collection

  tag(slug: String!): Tag

  "Topics are tags: TopicCacheController reads topic(slug: $topicSlug) { id }."
  topic(slug: String!): Tag

  """
  The home page's stories. LATEST: newest published public and member-only stories (not
  responses). FOLLOWING: the same, limited to the writers, publications and tags the
  viewer follows (empty when logged out). Both leave out the viewer's muted writers and
  publications.
  """
  homeFeed(mode: HomeFeedMode = LATEST, paging: PagingOptions): PostFeed!
}

enum HomeFeedMode {
  LATEST
  FOLLOWING
}

"""
Paging through a list: limit is the page size (default 25, at most 50); to is the
opaque cursor from a previous page's pagingInfo.next.to (absent for the first page).
"""
input PagingOptions {
  limit: Int
  to: String
}

type PagingInfo {
  "The next page's options; null on the last page."
  next: PageCursor
}

type PageCursor {
  limit: Int!
  to: String!
}

type PostFeed {
  items: [PostFeedItem!]!
  pagingInfo: PagingInfo!
}

type PostFeedItem {
  post: Post!
}

type PostConnection {
  posts: [Post!]!
  pagingInfo: PagingInfo!
}

# ---- Result outcomes (union members with a message, per docs/product/2-sign-in-notices-cache-routing.md §8) -------------

type NotFound {
  message: String!
}

"The story was moved to the trash by its author."
type RemovedByUser {
  message: String!
}

"The account (or the account that wrote the story) is suspended."
type AccountSuspended {
  message: String!
}

"The account (or the account that wrote the story) was deleted."
type AccountDeleted {
  message: String!
}

"The story itself is suspended (under investigation or in violation of the rules)."
type PostSuspended {
  message: String!
}

"A look-up by an empty id: nothing was asked for, so nothing is found (docs/outcomes.md)."
type GraphqlEmptyId {
  message: String!
}

union UserResult = User | NotFound | AccountSuspended | AccountDeleted | GraphqlEmptyId

"""
docs/product/2-sign-in-notices-cache-routing.md §3 post-retrieval states (Blocked and Blocking are
added by modules/blocks.ts; Unauthorized, UnavailableForLegalReasons and WithheldInCountry by
modules/story-restrictions.ts).
"""
union PostResult = Post | NotFound | RemovedByUser | AccountSuspended | AccountDeleted | PostSuspended | GraphqlEmptyId

# ---- People ------------------------------------------------------------------------------

type User {
  id: ID!
  name: String!
  username: String!
  bio: String!
  imageId: String
  hasSubdomain: Boolean!
  "Only a live custom domain is shown; null otherwise."
  customDomainState: CustomDomainState
  socialStats: UserSocialStats!
  "Since when the user is a paying member (start of the membership); null when not a member now."
  mediumMemberAt: Long
  "Whether the user is a Friend now (a Friend-tier membership that unlocks member-only stories): the Friend of the product badge."
  isFriend: Boolean!
  isSuspended: Boolean!
  isBookAuthor: Boolean!
  verifications: UserVerifications!
  viewerEdge: UserViewerEdge!
  "Published stories (not responses, not trashed), newest first. Unlisted ones only for their author."
  postsConnection(paging: PagingOptions): PostConnection!

  "Viewer only."
  email: String
  "Viewer only. The first letter, five dots and the domain: r•••••@vellum.test."
  emailObfuscated: String
  "Viewer only. The membership row, whatever its state (active, cancelled, payment failed, ended)."
  membership: Membership
  "Viewer only. Publications the viewer owns or edits."
  adminCollections: [Collection!]
}

type UserSocialStats {
  followerCount: Int!
  followingCount: Int!
}

type UserVerifications {
  isBookAuthor: Boolean!
}

"How the signed-in viewer relates to a user (all false when logged out)."
type UserViewerEdge {
  id: ID!
  isFollowing: Boolean!
  isMuting: Boolean!
  "When the viewer's account was made (docs/product/1-product-screens-membership-header-search.md §3 Viewer.viewerEdge.createdAt); on the viewer's own user only."
  createdAt: Long
}

type CustomDomainState {
  live: CustomDomain
}

type CustomDomain {
  domain: String!
}

enum MembershipTier {
  FREE
  FRIEND
  MEMBER
}

enum MembershipPlan {
  MONTHLY
  YEARLY
  PREMIUM_MONTHLY
  PREMIUM_YEARLY
}

enum PaymentProvider {
  APPLE
  BRAINTREE
  GOOGLE
  MEDIUM_GIFT
  PAYPAL
  STRIPE
}

enum Currency {
  USD
  CAD
}

type Membership {
  id: ID!
  tier: MembershipTier!
  plan: MembershipPlan!
  "Cancelled members keep their benefits until currentPeriodEndsAt."
  isCancelled: Boolean!
  "Set when the last charge failed; member-only stories are locked until it is paid."
  paymentFailedAt: Long
  currentPeriodEndsAt: Long!
  startedAt: Long!
  currency: Currency!
  "Price in integer cents of the current cycle: the discounted price while a discount runs (planV2.regularPrice is the regular one)."
  amount: Int!
  friendSince: Long
  paymentProvider: PaymentProvider!
}

# ---- Publications and tags ---------------------------------------------------------------

type Collection {
  id: ID!
  name: String!
  slug: String!
  description: String!
  "The live custom domain; null when none is live."
  domain: String
  customDomainState: CustomDomainState
  avatarId: String
  faviconId: String
  creator: User
  socialStats: CollectionSocialStats!
  viewerEdge: CollectionViewerEdge!
  "Published stories in the publication, newest first."
  postsConnection(paging: PagingOptions): PostConnection!
}

type CollectionSocialStats {
  followerCount: Int!
}

type CollectionViewerEdge {
  id: ID!
  isFollowing: Boolean!
  isMuting: Boolean!
}

type Tag {
  id: ID!
  slug: String!
  displayTitle: String!
  "The same as displayTitle (primaryTopic and topic readers ask for name)."
  name: String!
  postCount: Int!
  followerCount: Int!
  viewerEdge: TagViewerEdge!
  "Published stories with this tag, newest first."
  postsConnection(paging: PagingOptions): PostConnection!
}

type TagViewerEdge {
  id: ID!
  isFollowing: Boolean!
}

# ---- Stories -----------------------------------------------------------------------------

enum PostVisibility {
  PUBLIC
  UNLISTED
  "Member-only: non-members read the first previewParagraphCount paragraphs."
  LOCKED
}

"Post types of docs/product/3-routes-data-calls-constants.md §3. Derived: deleted, draft, response, unlisted, public (published and unknown are never produced)."
enum PostType {
  deleted
  draft
  public
  published
  response
  unknown
  unlisted
}

type Post {
  id: ID!
  title: String!
  subtitle: String!
  "{slug}-{id}, or the id alone when the story has no title slug."
  uniqueSlug: String!
  creator: User!
  collection: Collection
  visibility: PostVisibility!
  isLocked: Boolean!
  "Who made the story member-only (docs/product/3-routes-data-calls-constants.md §3; docs/outcomes.md)."
  lockedSource: LockedPostSource!
  type: PostType!
  isPublished: Boolean!
  "True when the story is suspended; only its author, staff and viewers allowed to see suspended content get it."
  isSuspended: Boolean!
  firstPublishedAt: Long
  latestPublishedAt: Long
  updatedAt: Long!
  "Minutes, fractional; the display rounds up."
  readingTime: Float!
  clapCount: Int!
  responsesCount: Int!
  responsesLocked: Boolean!
  tags: [Tag!]!
  "The first tag."
  primaryTopic: Tag
  previewImage: ImageMetadata
  "Canonical absolute address (the profile address rule): on the publication's or the writer's own site, else {scheme}://{MAIN_HOST}/@{username}/{uniqueSlug}."
  mediumUrl: String!
  "The story this response answers; null when it is not visible to the viewer."
  inResponseToPost: Post
  "The whole story, or for a member-only story and a viewer without access, its preview."
  content: PostContent!
  "The license the author chose (all rights reserved unless they chose another)."
  license: PostLicense!
  "The first two readable paragraphs (a card's lines)."
  previewContent: PostPreviewContent!
  "The first previewParagraphCount readable paragraphs."
  extendedPreviewContent: PostPreviewContent!
  viewerEdge: PostViewerEdge!
}

"""
A story's license (docs/product/3-routes-data-calls-constants.md §3): all rights reserved, the
Creative Commons 4.0 variants, CC0, public domain (shared/stories/license.ts).
"""
enum PostLicense {
  ALL_RIGHTS_RESERVED
  CC_40_BY
  CC_40_BY_SA
  CC_40_BY_ND
  CC_40_BY_NC
  CC_40_BY_NC_ND
  CC_40_BY_NC_SA
  CC_40_ZERO
  PUBLIC_DOMAIN
}

"Reasons for a locked source (docs/product/3-routes-data-calls-constants.md §3; docs/outcomes.md): NONE when the story is not member-only, UGC when its writer made it so."
enum LockedPostSource {
  LOCKED_POST_SOURCE_NONE
  LOCKED_POST_SOURCE_UGC
}

"Locked-post reasons (docs/product/3-routes-data-calls-constants.md §8; docs/outcomes.md)."
enum LockedPostReason {
  LACK_OF_MEMBERSHIP
  UNKNOWN
}

type PostContent {
  "True when the viewer may not read this member-only story and got only its preview."
  isLockedPreviewOnly: Boolean!
  "Why the viewer got only the preview; null when they read the whole story."
  lockedPostReason: LockedPostReason
  bodyModel: RichText!
}

type PostPreviewContent {
  "True when the preview holds the whole story."
  isFullContent: Boolean!
  bodyModel: RichText!
}

type RichText {
  paragraphs: [Paragraph!]!
}

enum ParagraphType {
  ${PARAGRAPH_TYPES.join('\n  ')}
}

enum MarkupType {
  ${MARKUP_TYPES.join('\n  ')}
}

enum AnchorType {
  LINK
  USER
}

type Paragraph {
  "{postId}_{name}: stable for client caches."
  id: ID!
  "Stable 4-hex-digit name, unique within the story (anchors, highlights)."
  name: String!
  type: ParagraphType!
  "Plain text; for IMG the caption; for IFRAME and MIXTAPE_EMBED the link title."
  text: String!
  markups: [Markup!]!
  "IMG only."
  metadata: ImageMetadata
  "IFRAME and MIXTAPE_EMBED: the embedded address."
  href: String
  "PRE only: the code block's language, when known."
  codeLanguage: String
}

"A styled range [start, end) of a paragraph's text, in UTF-16 code units."
type Markup {
  type: MarkupType!
  start: Int!
  end: Int!
  href: String
  anchorType: AnchorType
  "For a USER anchor: the mentioned user."
  userId: ID
}

type ImageMetadata {
  id: ID!
  originalWidth: Int
  originalHeight: Int
  alt: String
  focusPercentX: Float
  focusPercentY: Float
}

"How the signed-in viewer relates to a story (zero and false when logged out)."
type PostViewerEdge {
  id: ID!
  "The viewer's own claps (0 to 50)."
  clapCount: Int!
  "In the viewer's Reading list."
  isBookmarked: Boolean!
}
`;
