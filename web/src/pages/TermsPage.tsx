import { Link } from 'react-router'
import { PRODUCT_NAME, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function TermsPage() {
  useDocumentTitle('Terms of Service')
  return (
    <div className="container page page--prose">
      <header className="page-header">
        <p className="eyebrow">Legal</p>
        <h1>Terms of Service</h1>
        <p className="page-meta">Last updated August 2, 2025</p>
        <p className="page-lede">The rules of the arena: what you can expect from {PRODUCT_NAME}, and what we expect from you.</p>
      </header>

      <aside className="notice" aria-label="Disclaimer">
        {PRODUCT_NAME} is a fan-made companion app. It is not affiliated with, endorsed by or connected to the Premier League or Fantasy Premier League.
        &ldquo;Fantasy Premier League&rdquo; and &ldquo;FPL&rdquo; are used only to describe what the app works with.
      </aside>

      <section>
        <h2>Using {PRODUCT_NAME}</h2>
        <p>
          By creating an account or using the app you agree to these terms. You need to be old enough to agree to them where you live, and you must give a real
          email address you can receive mail at.
        </p>
      </section>

      <section>
        <h2>Your account</h2>
        <ul>
          <li>Keep your password to yourself; you are responsible for what happens under your account.</li>
          <li>Add only an FPL team ID that is yours.</li>
          <li>
            Tell us at <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a> if you think someone else is using your account.
          </li>
        </ul>
      </section>

      <section>
        <h2>Keep the banter friendly</h2>
        <ul>
          <li>Banter about football, yes. Abuse, harassment, hate speech, threats or other people&apos;s personal data, no.</li>
          <li>No spam, advertising or anything illegal on community walls.</li>
          <li>Commissioners can remove posts and members from their leagues, and we can remove content or suspend accounts that break these rules.</li>
          <li>You keep the rights to what you post, and let us show it to the members of the league you posted it in.</li>
        </ul>
      </section>

      <section>
        <h2>Tournaments and commissioners</h2>
        <p>
          A tournament follows an FPL classic league. The person who creates it becomes its commissioner and manages its settings, invite link and members.{' '}
          {PRODUCT_NAME} is free: there are no entry fees or prizes handled through the app, and any side bets between friends are their own business.
        </p>
      </section>

      <section>
        <h2>Data and accuracy</h2>
        <p>
          Standings and stats are calculated from the game&apos;s public API and can be delayed or wrong when that data is late, changes or is unavailable. The
          official FPL site always has the final word.
        </p>
      </section>

      <section>
        <h2>The service is provided as is</h2>
        <p>
          We run {PRODUCT_NAME} with care but without guarantees: it may be unavailable at times, and features may change or end. To the extent the law allows,
          we are not liable for losses arising from using it.
        </p>
      </section>

      <section>
        <h2>Ending your account</h2>
        <p>
          You can stop using the app at any time and ask us to delete your account. How we handle your data is described in the{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </section>

      <section>
        <h2>Changes and contact</h2>
        <p>
          If these terms change, we update the date at the top of this page. Questions go to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
    </div>
  )
}
