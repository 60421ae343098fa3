import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { achievementView } from '../../web/src/pages/SharedBanterPage'
import { cardElement, type Node } from '../../worker/og/card'
import { cardFromStatData } from '../../worker/og/protocol'
import { currentLocation, renderApp, storeSession, testNavigate } from './helpers'
import { deferred, mockApi, networkDown, type Reply } from './mock-api'

const ID = 'feedfacefeedfacefeedfacefeedface'
const PATH = `/share/banter/${ID}`
const GET = `GET /api/banter/share/${ID}`

const share = (statData: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id: ID,
  league_id: 3,
  stat_type: 'captain_catastrophe',
  stat_data: {
    emoji: '🤦',
    achievement_title: 'Captain Catastrophe',
    achievement_description: 'Captained a blank.',
    player_name: 'Alex R',
    league_name: 'Zebra League',
    league_members: 8,
    fpl_league_size: null,
    entry_fee: 0,
    additional_data: { manager: 'Alex R', description: 'Captained a blank.', achievement_title: 'Captain Catastrophe', emoji: '🤦' },
    ...statData,
  },
  created_at: '2025-10-05T18:00:00Z',
  view_count: 3,
  click_count: 1,
  ...extra,
})

function openPage(reply: Reply | Reply[] = { body: share() }, options: { strict?: boolean } = {}) {
  const api = mockApi({ [GET]: reply })
  renderApp(PATH, options)
  return api
}

const meta = (selector: string) => document.head.querySelector(`meta[${selector}]`)?.getAttribute('content')

describe('shared achievement page', () => {
  it('loads (anonymously), then shows emoji, title, manager, description, image, league and manager count', async () => {
    const pending = deferred()
    const api = openPage(pending.reply)
    expect(await screen.findByText('Loading achievement...')).toBeInTheDocument()
    pending.resolve({ body: share() })

    const article = (await screen.findByRole('heading', { level: 1, name: 'Captain Catastrophe' })).closest('article') as HTMLElement
    expect(article).toHaveTextContent('🤦')
    expect(within(article).getByText('Alex R')).toBeInTheDocument()
    expect(within(article).getByText('Captained a blank.')).toBeInTheDocument()
    expect(within(article).getByRole('img', { name: /Captain Catastrophe/ })).toHaveAttribute('src', `/api/banter/share/${ID}/image`)
    const facts = within(article).getByRole('list', { name: 'League' })
    expect(facts).toHaveTextContent('Zebra League')
    expect(facts).toHaveTextContent('8 members')
    expect(facts).not.toHaveTextContent(/Entry fee|£/)
    // Outside the shell; the view is counted by this one call.
    expect(screen.queryByRole('navigation', { name: 'Footer' })).not.toBeInTheDocument()
    expect(api.callsTo(GET)).toHaveLength(1)
    expect(api.callsTo(GET)[0]!.headers.get('Authorization')).toBeNull()
  })

  it('counts one view even when React runs the effect twice (StrictMode)', async () => {
    const api = openPage({ body: share() }, { strict: true })
    await screen.findByRole('heading', { level: 1, name: 'Captain Catastrophe' })
    expect(api.callsTo(GET)).toHaveLength(1)
  })

  it('sends no token even when signed in (a stale one must not log anyone out here)', async () => {
    storeSession('jwt-1')
    const api = openPage()
    await screen.findByRole('heading', { level: 1, name: 'Captain Catastrophe' })
    expect(api.callsTo(GET)[0]!.headers.get('Authorization')).toBeNull()
  })

  it('"1 member" for a league of one; the entry fee only when above 0 (£)', async () => {
    openPage({ body: share({ league_members: 1, entry_fee: 5 }) })
    const facts = await screen.findByRole('list', { name: 'League' })
    expect(facts).toHaveTextContent('1 member')
    expect(facts).not.toHaveTextContent('1 members')
    expect(facts).toHaveTextContent('Entry fee £5')
  })

  it('shows pence as £x.yy', async () => {
    openPage({ body: share({ entry_fee: 2.5 }) })
    expect(await screen.findByRole('list', { name: 'League' })).toHaveTextContent('Entry fee £2.50')
  })

  it('hides the image when it fails to load', async () => {
    openPage()
    const image = await screen.findByRole('img', { name: /Captain Catastrophe/ })
    fireEvent.error(image)
    expect(screen.queryByRole('img', { name: /Captain Catastrophe/ })).not.toBeInTheDocument()
    expect(screen.queryByTestId('share-image-frame')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Captain Catastrophe' })).toBeInTheDocument()
  })

  it('signed out: "Join Banter Arena" (/login) and "Create Account" (/register), signing up the action that stands out (decision 160)', async () => {
    const user = userEvent.setup()
    openPage()
    await screen.findByRole('heading', { level: 1, name: 'Captain Catastrophe' })
    expect(screen.getByRole('link', { name: 'Join Banter Arena' })).toHaveAttribute('href', '/login')
    const signUp = screen.getByRole('link', { name: 'Create Account' })
    expect(signUp).toHaveAttribute('href', '/register')
    expect(signUp).toHaveClass('button--primary')
    expect(screen.getByRole('link', { name: 'Join Banter Arena' })).not.toHaveClass('button--primary')
    expect(screen.queryByRole('link', { name: 'View Tournament' })).not.toBeInTheDocument()
    await user.click(signUp)
    expect(await screen.findByRole('dialog', { name: 'Join Banter Arena' })).toBeInTheDocument()
  })

  it('says the counts in the words its card draws: "7 members · 12 managers in the FPL league"', async () => {
    const answer = share({ league_members: 7, fpl_league_size: 12 })
    openPage({ body: answer })
    const facts = await screen.findByRole('list', { name: 'League' })
    // The card's image, drawn from the same stored data (worker/og): its line of counts.
    const texts = (node: Node | string): string[] =>
      typeof node === 'string' ? [node] : [node.props.children ?? []].flat().flatMap((child) => texts(child as Node | string))
    const drawn = texts(cardElement(cardFromStatData(answer.stat_data, 'Banter Arena'))).find((t) => t.includes('member'))
    expect(drawn).toBe('7 members · 12 managers in the FPL league')
    expect(within(facts).getByText(drawn!)).toBeInTheDocument()
    await waitFor(() => expect(meta('property="og:description"')).toBe(`Captained a blank. (Zebra League, ${drawn})`))
    expect(facts).not.toHaveTextContent('7 managers')
  })

  it('signed in: "View Tournament" goes to /tournaments/{league_id}', async () => {
    storeSession('jwt-1')
    openPage()
    await screen.findByRole('heading', { level: 1, name: 'Captain Catastrophe' })
    expect(screen.getByRole('link', { name: 'View Tournament' })).toHaveAttribute('href', '/tournaments/3')
    expect(screen.queryByRole('link', { name: 'Join Banter Arena' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Create Account' })).not.toBeInTheDocument()
  })

  it('sets the title and the social tags, and puts the old ones back on leaving', async () => {
    const before = document.createElement('meta')
    before.setAttribute('property', 'og:title')
    before.setAttribute('content', 'Banter Arena · home')
    document.head.append(before)
    try {
      openPage()
      await screen.findByRole('heading', { level: 1, name: 'Captain Catastrophe' })
      await waitFor(() => expect(document.title).toBe('🤦 Captain Catastrophe: Alex R · Banter Arena'))
      expect(meta('property="og:title"')).toBe('🤦 Captain Catastrophe: Alex R')
      expect(meta('property="og:description"')).toBe('Captained a blank. (Zebra League, 8 members)')
      expect(meta('name="description"')).toBe('Captained a blank. (Zebra League, 8 members)')
      expect(meta('property="og:image"')).toBe(`${window.location.origin}/api/banter/share/${ID}/image`)
      expect(meta('property="og:url"')).toBe(`${window.location.origin}/share/banter/${ID}`)
      expect(meta('property="og:type"')).toBe('article')
      expect(meta('name="twitter:card"')).toBe('summary_large_image')
      expect(meta('name="twitter:title"')).toBe('🤦 Captain Catastrophe: Alex R')
      expect(meta('name="twitter:image"')).toBe(`${window.location.origin}/api/banter/share/${ID}/image`)

      act(() => void testNavigate('/about'))
      await waitFor(() => expect(currentLocation().path).toBe('/about'))
      await screen.findByRole('heading', { level: 1, name: 'About Banter Arena' })
      expect(meta('property="og:title"')).toBe('Banter Arena · home')
      expect(meta('name="twitter:card"')).toBeUndefined()
    } finally {
      before.remove()
    }
  })

  it.each([
    ['404', { status: 404, body: { detail: 'Shared achievement not found', code: 'share_not_found' } }],
    ['400 "Shared achievement not found" (malformed id)', { status: 400, body: { detail: 'Shared achievement not found' } }],
  ] as [string, Reply][])('%s: "Achievement Not Found" with a way home', async (_, reply) => {
    openPage(reply)
    expect(await screen.findByRole('heading', { level: 1, name: 'Achievement Not Found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
    await waitFor(() => expect(document.title).toBe('Achievement Not Found · Banter Arena'))
    expect(screen.queryByRole('link', { name: 'Join Banter Arena' })).not.toBeInTheDocument()
  })

  it('another failure: an error with Try again, which loads the page', async () => {
    const user = userEvent.setup()
    const api = openPage([networkDown(), { body: share() }])
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load this achievement. Please try again.")
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Captain Catastrophe' })).toBeInTheDocument()
    expect(api.callsTo(GET)).toHaveLength(2)
  })
})

describe('achievementView (the server fills the defaults: tests/worker/shares.test.ts)', () => {
  it('reads the manager from additional_data when player_name is the placeholder', () => {
    expect(achievementView(share({ player_name: 'Unknown Player', additional_data: { manager: 'Sam K' } }) as never).manager).toBe('Sam K')
  })

  it("shows the server's defaults as they come", () => {
    const defaults = {
      emoji: '🏆',
      achievement_title: 'FPL Achievement!',
      achievement_description: 'No description available',
      player_name: 'Unknown Player',
      league_name: 'Tournament',
      league_members: 1,
      fpl_league_size: null,
      entry_fee: 0,
      additional_data: { manager: 'Unknown Manager', description: 'No description available', achievement_title: 'FPL Achievement!', emoji: '🏆' },
    }
    const answer = {
      id: ID,
      league_id: 1,
      stat_type: 'gameweek_rocket',
      stat_data: defaults,
      created_at: '2025-08-01T10:00:00Z',
      view_count: 0,
      click_count: 0,
    }
    expect(achievementView(answer)).toEqual({
      emoji: '🏆',
      title: 'FPL Achievement!',
      manager: 'Unknown Player',
      description: 'No description available',
      leagueName: 'Tournament',
      members: 1,
      fplLeagueSize: null,
      entryFee: 0,
      leagueId: 1,
    })
  })
})
