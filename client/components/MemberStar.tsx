/**
 * The member-only star (docs/product/1-product-screens-membership-header-search.md §2.7): the
 * popover comes with the membership issue.
 */
export function MemberStar() {
  return (
    <span className="member-star" title="Member-only story" aria-label="Member-only story">
      ★
    </span>
  );
}
