import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { formatNumber } from '../../../contract/numbers'
import { ButtonLink } from '../components/ButtonLink'
import { useAuth } from '../features/auth/AuthProvider'
import { useAuthDialog } from '../features/auth/auth-dialog-context'
import { HERO_COPY } from '../features/landing/heroCopy'
import { QuoteStrip } from '../features/landing/QuoteStrip'
import { useInView } from '../features/landing/useInView'
import { useUserStats } from '../features/landing/useUserStats'
import { prizesEnabled } from '../features/tournaments/constants'
import { PRODUCT_NAME } from '../lib/product'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import '../styles/home.css'

// Below the fold or behind a click: loaded on demand, not part of the entry chunk.
const BanterCarousel = lazy(() => import('../features/landing/BanterCarousel'))
const CreateFlow = lazy(() => import('../features/tournaments/CreateFlow'))

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

/** Prize Management joins the grid only when prize features are on. */
function features(prizes: boolean) {
  const list = [
    { icon: '🏆', title: 'Tournament Management', text: 'Link any FPL classic league in seconds, invite your mates and run it as Commissioner.' },
    { icon: '📊', title: 'Live Tracking', text: 'Standings that move with every goal, assist and bonus point, with your own row front and centre.' },
    { icon: '🔥', title: 'Banter Stats', text: '16+ stats your group chat will never let go: captain fails, bench disasters, transfer hits.' },
    { icon: '💬', title: 'Community Wall', text: 'Celebrate the hauls, mourn the blanks and keep the receipts, league by league.' },
    { icon: '👑', title: 'Monthly Champions', text: 'A Manager of the Month, so there is always a crown to chase, even in February.' },
  ]
  if (prizes) list.push({ icon: '💰', title: 'Prize Management', text: 'Entry fees, prize pools and monthly payouts, tracked for you.' })
  return list
}

const STEPS = [
  { title: 'Join the squad', text: 'Sign up with your FPL team ID: we find the mini-leagues you already play in.' },
  { title: 'Pick your battles', text: 'Join your leagues, or create a tournament from any FPL league ID.' },
  { title: 'Track the banter', text: 'Live tables, monthly races and the stats nobody asked for.' },
  { title: 'Claim your crown', text: 'Win the month, win the season, win the group chat.' },
]

const TOURNAMENT_TYPES = [
  {
    badge: 'Global',
    title: `${PRODUCT_NAME} Tournament`,
    text: 'Every verified manager, one giant table. You join it when you verify your email; your place in it is on your dashboard.',
  },
  { badge: 'Curated', title: 'Real Footballers FPL League', text: 'Hand-picked real FPL players compete. See how the pros really do.' },
  { badge: 'Private', title: 'Your mini-league', text: 'Your mates, your FPL league, your banter. Invite-only and free.' },
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
  const [creating, setCreating] = useState(false)
  const stopCreating = useCallback(() => setCreating(false), [])

  // Data and code below the hero load as they come into view.
  const statsRef = useRef<HTMLUListElement>(null)
  const carouselRef = useRef<HTMLDivElement>(null)
  const managers = useUserStats(useInView(statsRef, '0px'))
  const showCarousel = useInView(carouselRef)

  const register = () => open('register')
  const createTournament = () => (isAuthenticated ? setCreating(true) : register())

  const dashboardLink = (
    <Link to="/dashboard" className="button button--primary button--lg">
      View My Dashboard
    </Link>
  )

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow eyebrow--on-hero">{HERO_COPY.eyebrow}</p>
            <h1 id="hero-title" className="hero__title">
              {HERO_COPY.titleLead}
              <span className="hero__highlight">{HERO_COPY.titleHighlight}</span>
            </h1>
            <p className="hero__lede">{HERO_COPY.lede}</p>
            <div className="button-row">
              {isAuthenticated ? (
                dashboardLink
              ) : (
                <button type="button" className="button button--primary button--lg" onClick={register}>
                  Get Started
                </button>
              )}
              <Link to="/tournaments" className="button button--outline-light button--lg">
                View Tournaments
              </Link>
            </div>
            <ul ref={statsRef} className="hero__stats" aria-label="At a glance">
              <li>
                <strong>{formatNumber(managers)}+</strong> managers ready
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

      <QuoteStrip />

      <section className="container section" aria-labelledby="tournaments-title">
        <h2 id="tournaments-title" className="section__title">
          A tournament for every kind of league
        </h2>
        <ul className="type-grid">
          {TOURNAMENT_TYPES.map((t) => (
            <li key={t.badge} className="card type-card">
              <span className="badge badge--accent">{t.badge}</span>
              <h3>{t.title}</h3>
              <p>{t.text}</p>
            </li>
          ))}
        </ul>
        <div className="button-row section__actions">
          <ButtonLink to="/tournaments" primary>
            View All Tournaments
          </ButtonLink>
          <button type="button" className="button button--ghost" onClick={createTournament}>
            Create Tournament
          </button>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="banter-title">
        <div className="container">
          <h2 id="banter-title" className="section__title">
            Live banter from the arena
          </h2>
          <p className="section__lede">The best (and worst) of this gameweek across every {PRODUCT_NAME} league.</p>
        </div>
        <div ref={carouselRef} className="carousel-slot">
          {showCarousel ? (
            <Suspense fallback={<p className="carousel-slot__loading">Loading live banter…</p>}>
              <BanterCarousel />
            </Suspense>
          ) : null}
        </div>
        <div className="container button-row section__actions">
          <ButtonLink to="/tournaments">View More Banter</ButtonLink>
        </div>
      </section>

      <section className="container section own-stats" aria-labelledby="own-stats-title">
        <div className="card own-stats__card">
          <h2 id="own-stats-title">Want to see your own banter stats?</h2>
          {isAuthenticated ? (
            <>
              <p>Your tournaments, your standings and every award you have (un)earned are on your dashboard.</p>
              {dashboardLink}
            </>
          ) : (
            <>
              <p>Create a free account with your FPL team ID and we will find your mini-leagues for you.</p>
              <button type="button" className="button button--primary button--lg" onClick={register}>
                Create Free Account
              </button>
            </>
          )}
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title" className="section__title">
            How It Works
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

      <section className="container section" aria-labelledby="features-title">
        <h2 id="features-title" className="section__title">
          Everything your mini-league was missing
        </h2>
        <ul className="feature-grid">
          {features(prizesEnabled()).map((f) => (
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

      <section className="container section cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to Elevate Your League?</h2>
        <p>Bring your mates to {PRODUCT_NAME} and settle the arguments with numbers.</p>
        <Link to="/tournaments" className="button button--primary button--lg">
          Start Your Tournament
        </Link>
      </section>

      <section className="final-cta" aria-labelledby="final-cta-title">
        <div className="container final-cta__inner">
          <h2 id="final-cta-title">Get Your Personalized Stats</h2>
          <p>Join {formatNumber(managers)}+ managers turning gameweeks into bragging rights. Free, forever.</p>
          {isAuthenticated ? (
            dashboardLink
          ) : (
            <button type="button" className="button button--primary button--lg" onClick={register}>
              Sign Up Free
            </button>
          )}
        </div>
      </section>

      {creating ? (
        <Suspense fallback={null}>
          <CreateFlow onDone={stopCreating} />
        </Suspense>
      ) : null}
    </div>
  )
}
