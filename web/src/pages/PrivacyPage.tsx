import { Link } from 'react-router'
import { PRODUCT_NAME, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function PrivacyPage() {
  useDocumentTitle('Privacy Policy')
  return (
    <div className="container page page--prose">
      <header className="page-header">
        <p className="eyebrow">Legal</p>
        <h1>Privacy Policy</h1>
        <p className="page-meta">Last updated August 2, 2025</p>
        <p className="page-lede">How {PRODUCT_NAME} handles your account details, your FPL team ID and your data.</p>
      </header>

      <aside className="notice" aria-label="Disclaimer">
        {PRODUCT_NAME} is an independent fan project. It is not affiliated with, endorsed by or connected to the Premier League or Fantasy Premier League.
      </aside>

      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your name, your email address and your password. The password is stored only as a one-way hash; nobody at{' '}
            {PRODUCT_NAME} can read it.
          </li>
          <li>
            <strong>Your FPL team ID</strong>, if you add it, so we can find your mini-leagues and mark your row in the standings.
          </li>
          <li>
            <strong>What you post:</strong> community wall posts, likes and reports, and the banter cards you choose to share.
          </li>
          <li>
            <strong>Technical data:</strong> the minimum our hosting needs to run the service and keep it secure, such as request logs kept for a short time.
          </li>
        </ul>
      </section>

      <section>
        <h2>Data from Fantasy Premier League</h2>
        <p>
          Standings, points, transfers and picks come from the game&apos;s public API. That data is already public on the FPL site; we store copies to calculate
          standings, monthly winners and banter stats for the leagues on {PRODUCT_NAME}.
        </p>
      </section>

      <section>
        <h2>What other people see</h2>
        <ul>
          <li>Members of your tournaments see your name, your FPL team name and your points.</li>
          <li>Your email address is shown only to you and to the commissioner of a league you belong to.</li>
          <li>
            A banter card you share is public to anyone with its link. You can turn sharing off in your account settings and delete your shares at any time.
          </li>
        </ul>
      </section>

      <section>
        <h2>Cookies and analytics</h2>
        <p>
          We use your browser&apos;s storage to keep you signed in and to remember your theme and your cookie choice. Analytics cookies are used only if you
          accept them in the cookie banner; declining changes nothing else about the service. We never use advertising cookies.
        </p>
      </section>

      <section>
        <h2>Emails</h2>
        <p>We send the emails the service needs: verifying your address and resetting your password. No newsletters, and we never sell or rent your address.</p>
      </section>

      <section>
        <h2>How long we keep data</h2>
        <p>
          We keep your account while it is active. If you ask us to delete it, we remove your account, your posts and your shares; anonymous statistics derived
          from public FPL data may remain.
        </p>
      </section>

      <section>
        <h2>Your rights</h2>
        <p>
          You can see and change your details on <Link to="/dashboard">your dashboard</Link>. To get a copy of your data or to have it deleted, email{' '}
          <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a> and we will answer within 30 days.
        </p>
      </section>

      <section>
        <h2>Changes</h2>
        <p>If this policy changes, we update the date at the top of this page and mention it in the app.</p>
      </section>
    </div>
  )
}
