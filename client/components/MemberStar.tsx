/** The member-only star (spec 1 §2.7): the popover comes with the membership issue. */
export function MemberStar() {
  return (
    <span className="member-star" title="Member-only story" aria-label="Member-only story">
      ★
    </span>
  );
}
