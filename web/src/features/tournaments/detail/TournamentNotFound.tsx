import { ButtonLink, HomeLink } from '../../../components/ButtonLink'
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
        <ButtonLink to="/tournaments" primary>
          View Tournaments
        </ButtonLink>
        {signedIn ? <ButtonLink to="/dashboard">View My Dashboard</ButtonLink> : <HomeLink>Go Home</HomeLink>}
      </div>
    </section>
  )
}
