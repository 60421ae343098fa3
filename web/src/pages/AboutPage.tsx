import { Link } from 'react-router'
import { PRODUCT_NAME, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function AboutPage() {
  useDocumentTitle('About')
  return (
    <div className="container page page--prose">
      <header className="page-header">
        <p className="eyebrow">About us</p>
        <h1>About {PRODUCT_NAME}</h1>
        <p className="page-lede">A fan-made home for the mini-leagues that make Fantasy Premier League worth playing.</p>
      </header>

      <aside className="notice" aria-label="Disclaimer">
        <strong>Not affiliated.</strong> {PRODUCT_NAME} is an independent fan project. It is not affiliated with, endorsed by or connected to the Premier League
        or Fantasy Premier League. Data comes from the game&apos;s public API.
      </aside>

      <section>
        <h2>Why we exist</h2>
        <p>
          Every mini-league starts the season loud and then goes quiet by November. If you are not in the title race, there is nothing left to play for, and
          nobody crowns a winner for a great month. We think every gameweek deserves a story.
        </p>
      </section>

      <section>
        <h2>What we offer</h2>
        <ul>
          <li>Live standings for your league, updated through the gameweek.</li>
          <li>Monthly performance and a Manager of the Month, so there is always a prize in reach.</li>
          <li>Insights your league will argue about: worst captain, most points left on the bench, most transfers.</li>
          <li>Social tools: a community wall and shareable banter cards.</li>
        </ul>
      </section>

      <section>
        <h2>Support the project</h2>
        <p>
          {PRODUCT_NAME} is free. The best support is bringing your league along: see the <Link to="/tournaments">tournaments</Link>. Ideas, bugs or kind words
          go to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
    </div>
  )
}
