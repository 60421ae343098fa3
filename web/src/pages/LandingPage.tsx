import { useEffect } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useAuthDialog } from '../features/auth/AuthDialogProvider'
import { useAuth } from '../features/auth/AuthProvider'
import { PRODUCT_NAME } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'

const AUTH_FLAGS = ['signin', 'forgot', 'register'] as const

/**
 * `/?signin=true` opens the Sign In tab, `/?forgot=true` its forgot-password panel and
 * `/?register=true` the Create Account tab. The flag is then removed from the address (replace,
 * state kept) so closing the dialog and reloading or going back does not reopen it. Signed-in
 * users just lose the flag: there is nothing to sign in to.
 */
function useAuthQueryFlags() {
  const [params, setParams] = useSearchParams()
  const { state } = useLocation()
  const { open } = useAuthDialog()
  const { isAuthenticated } = useAuth()
  const forgot = params.get('forgot') === 'true'
  const signin = params.get('signin') === 'true'
  const register = params.get('register') === 'true'

  useEffect(() => {
    if (!forgot && !signin && !register) return
    if (!isAuthenticated) {
      if (forgot) open('login', { forgot: true })
      else if (signin) open('login')
      else open('register')
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const flag of AUTH_FLAGS) next.delete(flag)
        return next
      },
      { replace: true, state, preventScrollReset: true },
    )
  }, [forgot, signin, register, isAuthenticated, open, setParams, state])
}

const FEATURES = [
  { icon: '📊', title: 'Live Tracking', text: 'Standings that move with every goal, assist and bonus point.' },
  { icon: '👑', title: 'Monthly Champions', text: 'A Manager of the Month, so there is always a crown to chase.' },
  { icon: '🔥', title: 'Banter Stats', text: '16+ stats your group chat will never let go: captain fails, bench disasters, hits.' },
  { icon: '💬', title: 'Community Wall', text: 'Celebrate the hauls, mourn the blanks, pin the best roasts.' },
  { icon: '🏆', title: 'Tournament Management', text: 'Link any FPL classic league in seconds and invite your mates.' },
  { icon: '📣', title: 'Shareable Cards', text: 'Turn a shocker into a card and share it wherever your league lives.' },
]

const STEPS = [
  { title: 'Join the squad', text: 'Sign up with your FPL team ID.' },
  { title: 'Pick your battles', text: 'Join the mini-leagues you already play in, or start one.' },
  { title: 'Track the banter', text: 'Live tables, monthly races and the stats nobody asked for.' },
  { title: 'Claim your crown', text: 'Win the month, win the season, win the group chat.' },
]

const SAMPLE_TABLE = [
  { rank: 1, team: 'Salah Fingers', manager: 'Priya', points: 812, tag: 'Gameweek Rocket' },
  { rank: 2, team: 'Klopp Goes the Weasel', manager: 'Dan', points: 798, tag: null },
  { rank: 3, team: 'Expected Toulouse', manager: 'Sam', points: 781, tag: 'Benched Beast' },
  { rank: 4, team: 'Haaland Oates', manager: 'Jo', points: 760, tag: 'Captain Catastrophe' },
]

export default function LandingPage() {
  useDocumentTitle()
  useAuthQueryFlags()
  const { isAuthenticated } = useAuth()
  const { open } = useAuthDialog()

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow eyebrow--on-hero">Fantasy Premier League · mini-league companion</p>
            <h1 id="hero-title" className="hero__title">
              Turn your FPL mini-league into a <span className="hero__highlight">banter arena</span>
            </h1>
            <p className="hero__lede">
              Live standings, Manager of the Month and brutally honest banter stats for you and your mates. Free,
              fan-made, and built for bragging rights.
            </p>
            <div className="button-row">
              {isAuthenticated ? (
                <Link to="/dashboard" className="button button--primary button--lg">
                  View My Dashboard
                </Link>
              ) : (
                <button type="button" className="button button--primary button--lg" onClick={() => open('register')}>
                  Get Started
                </button>
              )}
              <Link to="/tournaments" className="button button--outline-light button--lg">
                View Tournaments
              </Link>
            </div>
            <ul className="hero__stats" aria-label="At a glance">
              <li>
                <strong>100+</strong> managers
              </li>
              <li>
                <strong>16+</strong> banter stats
              </li>
              <li>
                <strong>£0</strong> to play
              </li>
            </ul>
          </div>

          <figure className="hero__card" aria-label="Example league table">
            <figcaption className="hero__card-head">
              <span className="live-dot" aria-hidden="true" /> Live · The Sunday League · GW 24
            </figcaption>
            <ol className="mini-table">
              {SAMPLE_TABLE.map((row) => (
                <li key={row.rank} className="mini-table__row">
                  <span className="mini-table__rank">{row.rank}</span>
                  <span className="mini-table__team">
                    <strong>{row.team}</strong>
                    <span>{row.manager}</span>
                  </span>
                  {row.tag ? <span className="badge badge--accent mini-table__tag">{row.tag}</span> : null}
                  <span className="mini-table__points">{row.points}</span>
                </li>
              ))}
            </ol>
          </figure>
        </div>
      </section>

      <section className="container section" aria-labelledby="features-title">
        <h2 id="features-title" className="section__title">
          Everything your mini-league was missing
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((f) => (
            <li key={f.title} className="card feature">
              <span className="feature__icon" aria-hidden="true">
                {f.icon}
              </span>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--tinted" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title" className="section__title">
            How it works
          </h2>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li key={s.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container section cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to elevate your league?</h2>
        <p>Bring your mates to {PRODUCT_NAME} and settle the arguments with numbers.</p>
        <Link to="/tournaments" className="button button--primary button--lg">
          Start Your Tournament
        </Link>
      </section>
    </div>
  )
}
