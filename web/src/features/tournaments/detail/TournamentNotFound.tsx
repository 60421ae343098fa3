import { Link } from 'react-router'
import { PRODUCT_NAME } from '../../../lib/product'

const WHY = `There is no tournament at this address. The link may be mistyped, or the tournament may have been removed. Tournament addresses use ${PRODUCT_NAME}'s own number, not the FPL league ID.`

/**
 * The detail page's answer to an address with no tournament behind it (the API's 404, or 400 for
 * an id that is none, e.g. /tournaments/abc): what happened and the ways back, no "Try again"
 * (trying again would find nothing either). The page's heading (in its bar) says "Tournament
 * not found" (decision 160).
 */
export function TournamentNotFound({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="card standalone-card standalone-card--in-page" aria-label="Tournament not found">
      <p className="standalone-card__icon" aria-hidden="true">
        🔍
      </p>
      <p className="page-lede">{WHY}</p>
      <div className="button-row">
        <Link to="/tournaments" className="button button--primary">
          View Tournaments
        </Link>
        {signedIn ? (
          <Link to="/dashboard" className="button button--ghost">
            View My Dashboard
          </Link>
        ) : (
          <Link to="/" className="button button--ghost">
            Go Home
          </Link>
        )}
      </div>
    </section>
  )
}
