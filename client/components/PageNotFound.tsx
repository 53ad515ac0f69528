// The body of a page whose data says it is not there for this viewer (a management or stats page
// of someone else's, a newsletter that does not exist): the 404 page's kicker, heading and Home
// link (docs/product/1-product-screens-membership-header-search.md §2.2), without its sample
// stories, which only the not-found page's own query loads.
import { Link } from '../app/navigation.tsx';

export function PageNotFound() {
  return (
    <div className="error-page">
      <p className="error-page-kicker">PAGE NOT FOUND</p>
      <h1 className="error-page-heading">Out of nothing, something.</h1>
      <Link href="/" className="button button-outline">
        Home
      </Link>
    </div>
  );
}
