import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { shareIdFromUrl } from '../../web/src/features/share/share-api'
import { type ShareContext, useShareAchievement } from '../../web/src/features/share/useShareAchievement'
import { BanterTab } from '../../web/src/features/tournaments/detail/BanterTab'
import type { LeagueData } from '../../web/src/features/tournaments/types'
import { registerApiHandlers } from '../../web/src/lib/api'
import { socialShareUrl } from '../../web/src/lib/social-share'
import { renderApp, renderWithProviders, storeSession, visibleToasts } from './helpers'
import { deferred, mockApi, networkDown, type Reply } from './mock-api'
import { banterAnswer, leagueDetail, leagues, standingRows, standingsAnswer, winnersAnswer } from './tournament-fixtures'

const SHARE_ID = '0123456789abcdef0123456789abcdef'
const SHARE_URL = `https://banter.test/share/banter/${SHARE_ID}`
const CLICK = `POST /api/banter/share/${SHARE_ID}/click`
const created: Reply = {
  status: 201,
  body: {
    share_id: SHARE_ID,
    share_url: SHARE_URL,
    stat_data: { emoji: '🤦', achievement_title: 'Captain Catastrophe', player_name: 'Alex R', league_name: 'Zebra League', league_members: 8 },
  },
}

const toastTexts = () => visibleToasts().map((t) => t.textContent)

// ---- The whole app: /tournaments/1, Banter tab ----

function detailApi(id: number, routes: Record<string, Reply | Reply[]> = {}) {
  const league = leagues.find((l) => l.id === id)!
  return mockApi({
    [`GET /api/leagues/${id}`]: { body: leagueDetail(league) },
    [`GET /api/leagues/${id}/standings?page=1&limit=50`]: { body: standingsAnswer(standingRows(3)) },
    [`GET /api/leagues/${id}/monthly-winners`]: { body: winnersAnswer },
    [`GET /api/leagues/${id}/banter-stats`]: { body: banterAnswer },
    ...routes,
  })
}

async function openBanterTab(id = 1, strict = false) {
  const user = userEvent.setup()
  renderApp({ pathname: `/tournaments/${id}`, state: { league: leagues.find((l) => l.id === id) } }, { strict })
  await screen.findByText('Team 1')
  await user.click(screen.getByRole('tab', { name: /Banter/ }))
  return user
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, name = 'Share Captain Catastrophe') {
  await user.click(screen.getByRole('button', { name }))
  return screen.findByRole('dialog', { name: 'Share This Achievement' })
}

const copyButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /Copy Link/ })
const ready = async (dialog: HTMLElement) => waitFor(() => expect(copyButton(dialog)).toBeEnabled())

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn() as unknown as Element['scrollIntoView']
})

describe('share dialog: opening and the link', () => {
  it('shows the card and the generated image, and creates the link once with the card as stat_data', async () => {
    storeSession('jwt-1')
    const pending = deferred()
    const api = detailApi(1, { 'POST /api/banter/share': pending.reply, [CLICK]: { body: { click_count: 1 } } })
    const user = await openBanterTab()
    const dialog = await openDialog(user)

    // Card preview; the image's box is reserved (placeholder) until the link exists.
    expect(within(dialog).getByText('🤦')).toBeInTheDocument()
    expect(within(dialog).getByText('Captain Catastrophe')).toBeInTheDocument()
    expect(within(dialog).getByText('Alex R')).toBeInTheDocument()
    expect(within(dialog).getByText('Captained a blank.')).toBeInTheDocument()
    expect(within(dialog).getByTestId('share-image-frame')).toBeInTheDocument()
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('status')).toHaveTextContent('Creating your share link...')
    expect(copyButton(dialog)).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: /Share on X/ })).toBeDisabled()

    pending.resolve(created)
    await ready(dialog)
    const image = within(dialog).getByRole('img', { name: /Share image: Captain Catastrophe/ })
    expect(image).toHaveAttribute('src', `/api/banter/share/${SHARE_ID}/image`)
    expect(image).toHaveAttribute('width', '1200')
    expect(image).toHaveAttribute('height', '630')

    const posts = api.callsTo('POST /api/banter/share')
    expect(posts).toHaveLength(1)
    expect(posts[0]!.headers.get('Authorization')).toBe('Bearer jwt-1')
    expect(posts[0]!.body).toEqual({
      league_id: 1,
      stat_type: 'captain_catastrophe',
      stat_data: { manager: 'Alex R', title: 'Captain Catastrophe', description: 'Captained a blank.', emoji: '🤦', league_name: 'Zebra League', members: 8 },
    })
  })

  it('reuses the link for every action of one opening; a new opening creates it again', async () => {
    storeSession('jwt-1')
    const api = detailApi(1, { 'POST /api/banter/share': created, [CLICK]: { body: { click_count: 1 } } })
    const user = await openBanterTab()
    vi.spyOn(window, 'open').mockReturnValue(null)
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    let dialog = await openDialog(user)
    await ready(dialog)
    await user.click(copyButton(dialog))
    await user.click(copyButton(dialog))
    await user.click(within(dialog).getByRole('button', { name: /Share on WhatsApp/ }))
    expect(writeText).toHaveBeenCalledTimes(2)
    expect(api.callsTo('POST /api/banter/share')).toHaveLength(1)

    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    dialog = await openDialog(user)
    await ready(dialog)
    expect(api.callsTo('POST /api/banter/share')).toHaveLength(2)
  })

  it('creates it once also when React runs the effects twice (StrictMode)', async () => {
    storeSession('jwt-1')
    const api = detailApi(1, { 'POST /api/banter/share': created })
    const user = await openBanterTab(1, true)
    await ready(await openDialog(user))
    expect(api.callsTo('POST /api/banter/share')).toHaveLength(1)
  })

  it('a player card (Auto-Sub Saviour) sends the name as `player`', async () => {
    storeSession('jwt-1')
    const api = detailApi(1, { 'POST /api/banter/share': created })
    const user = await openBanterTab()
    await ready(await openDialog(user, 'Share Auto-Sub Saviour'))
    expect(api.callsTo('POST /api/banter/share')[0]!.body).toMatchObject({
      stat_type: 'auto_sub_saviour',
      stat_data: { player: 'Dan M', title: 'Auto-Sub Saviour', emoji: '🦸' },
    })
  })

  it('is a modal: focus moves in, Tab stays inside, Escape closes and focus returns to the Share button', async () => {
    storeSession('jwt-1')
    detailApi(1, { 'POST /api/banter/share': created })
    const user = await openBanterTab()
    const shareButton = screen.getByRole('button', { name: 'Share Captain Catastrophe' })
    const dialog = await openDialog(user)
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription(/Captain Catastrophe/)
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await ready(dialog)
    for (let i = 0; i < 8; i += 1) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(shareButton).toHaveFocus()
  })

  it('hides the image when it fails to load', async () => {
    storeSession('jwt-1')
    detailApi(1, { 'POST /api/banter/share': created })
    const user = await openBanterTab()
    const dialog = await openDialog(user)
    await ready(dialog)
    fireEvent.error(within(dialog).getByRole('img'))
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument()
    expect(within(dialog).queryByTestId('share-image-frame')).not.toBeInTheDocument()
  })
})

describe('share dialog: copy', () => {
  it('copies the link: "Link Copied!", then records a click (no body)', async () => {
    storeSession('jwt-1')
    const api = detailApi(1, { 'POST /api/banter/share': created, [CLICK]: { body: { click_count: 1 } } })
    const user = await openBanterTab()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const dialog = await openDialog(user)
    await ready(dialog)
    expect(api.callsTo(CLICK)).toHaveLength(0)
    await user.click(copyButton(dialog))
    expect(writeText).toHaveBeenCalledWith(SHARE_URL)
    await waitFor(() => expect(toastTexts().join()).toContain('Link Copied!'))
    await waitFor(() => expect(api.callsTo(CLICK)).toHaveLength(1))
    expect(api.callsTo(CLICK)[0]!.body).toBeUndefined()
    expect(within(dialog).queryByLabelText('Copy Link Manually')).not.toBeInTheDocument()
  })

  it('when the clipboard fails: "Link Ready!" and a read-only field with the link, selected; no click recorded', async () => {
    storeSession('jwt-1')
    const api = detailApi(1, { 'POST /api/banter/share': created, [CLICK]: { body: { click_count: 1 } } })
    const user = await openBanterTab()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'))
    const dialog = await openDialog(user)
    await ready(dialog)
    await user.click(copyButton(dialog))
    const field = await within(dialog).findByLabelText('Copy Link Manually')
    expect(field).toHaveValue(SHARE_URL)
    expect(field).toHaveAttribute('readonly')
    await waitFor(() => expect(field).toHaveFocus())
    const input = field as HTMLInputElement
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, SHARE_URL.length])
    expect(toastTexts().join()).toContain('Link Ready!')
    expect(toastTexts().join()).not.toContain('Link Copied!')
    expect(api.callsTo(CLICK)).toHaveLength(0)

    // Copying from the field by hand counts as a copy.
    fireEvent.copy(field)
    await waitFor(() => expect(api.callsTo(CLICK)).toHaveLength(1))
  })

  it('without a clipboard API at all, the manual field shows too', async () => {
    storeSession('jwt-1')
    detailApi(1, { 'POST /api/banter/share': created })
    const user = await openBanterTab()
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined })
    const dialog = await openDialog(user)
    await ready(dialog)
    await user.click(copyButton(dialog))
    expect(await within(dialog).findByLabelText('Copy Link Manually')).toHaveValue(SHARE_URL)
  })

  it('ignores a failing click count', async () => {
    storeSession('jwt-1')
    const api = detailApi(1, { 'POST /api/banter/share': created, [CLICK]: networkDown() })
    const user = await openBanterTab()
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const dialog = await openDialog(user)
    await ready(dialog)
    await user.click(copyButton(dialog))
    await waitFor(() => expect(api.callsTo(CLICK)).toHaveLength(1))
    expect(toastTexts().join()).toContain('Link Copied!')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})

describe('share dialog: social networks', () => {
  const text = '🤦 Captain Catastrophe: Alex R in Zebra League! Captained a blank.'
  it.each([
    ['Share on X', `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(SHARE_URL)}`],
    ['Share on WhatsApp', `https://wa.me/?text=${encodeURIComponent(`${text} ${SHARE_URL}`)}`],
    ['Share on Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(SHARE_URL)}`],
  ])('%s opens its share page in a 600x400 popup and records a click', async (name, url) => {
    storeSession('jwt-1')
    const api = detailApi(1, { 'POST /api/banter/share': created, [CLICK]: { body: { click_count: 1 } } })
    const user = await openBanterTab()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const dialog = await openDialog(user)
    await ready(dialog)
    await user.click(within(dialog).getByRole('button', { name: new RegExp(name) }))
    expect(open).toHaveBeenCalledTimes(1)
    expect(open).toHaveBeenCalledWith(url, '_blank', 'width=600,height=400,noopener,noreferrer')
    await waitFor(() => expect(api.callsTo(CLICK)).toHaveLength(1))
  })

  it('builds the URLs (socialShareUrl) and reads the id from the link (shareIdFromUrl)', () => {
    expect(socialShareUrl('twitter', 'https://x.test/a b', 'hi & bye')).toBe(
      'https://twitter.com/intent/tweet?text=hi%20%26%20bye&url=https%3A%2F%2Fx.test%2Fa%20b',
    )
    expect(shareIdFromUrl('https://app.test/share/banter/abc123')).toBe('abc123')
    expect(shareIdFromUrl('https://app.test/share/banter/abc123/?utm=1#top')).toBe('abc123')
  })
})

// ---- The hook on its own (signed out, membership, errors) ----

const banterData = { banterStats: banterAnswer.comprehensive_banter_stats, banterMessage: null, access: 'ok' } as unknown as LeagueData

function Harness({ context }: { context: ShareContext }) {
  const { onShare, dialog } = useShareAchievement(context)
  return (
    <>
      <BanterTab data={banterData} loading={false} signedIn onShare={onShare} />
      {dialog}
    </>
  )
}

const zebra: ShareContext = { leagueId: 1, league: { id: 1, name: 'Zebra League', member_count: 8 } }

function renderHarness(context: ShareContext = zebra) {
  const user = userEvent.setup()
  renderWithProviders(<Harness context={context} />)
  return user
}

describe('share: who may share', () => {
  it('signed out: "Login Required" and the sign-in dialog; no dialog, no request', async () => {
    const api = mockApi()
    const user = renderHarness()
    await user.click(screen.getByRole('button', { name: 'Share Captain Catastrophe' }))
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Share This Achievement' })).not.toBeInTheDocument()
    expect(toastTexts().join()).toContain('Login Required')
    expect(toastTexts().join()).toContain('Please log in to create shareable links.')
    expect(api.callsTo('POST /api/banter/share')).toHaveLength(0)
  })

  it('a known league the user has not joined: "League Access Required"', async () => {
    storeSession('jwt-1') // joined_leagues [1, 2]
    const api = mockApi()
    const user = renderHarness({ leagueId: 5, league: { id: 5, name: 'Global Cup', member_count: 99, is_member: false } })
    await user.click(screen.getByRole('button', { name: 'Share Captain Catastrophe' }))
    await waitFor(() => expect(toastTexts().join()).toContain('League Access Required'))
    expect(toastTexts().join()).toContain('You must be a member of this league to share its content')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })

  it("the server's is_member counts too (joined_leagues can lag behind)", async () => {
    storeSession('jwt-1')
    const api = mockApi({ 'POST /api/banter/share': created })
    const user = renderHarness({ leagueId: 5, league: { id: 5, name: 'Global Cup', is_member: true } })
    await user.click(screen.getByRole('button', { name: 'Share Captain Catastrophe' }))
    await ready(await screen.findByRole('dialog', { name: 'Share This Achievement' }))
    expect(api.callsTo('POST /api/banter/share')[0]!.body).toMatchObject({ league_id: 5, stat_data: { league_name: 'Global Cup' } })
  })

  it('the league not known yet: the dialog opens with the id from the address and the banter context', async () => {
    storeSession('jwt-1')
    const api = mockApi({ 'POST /api/banter/share': created })
    const user = renderHarness({ leagueId: 9, league: null, leagueName: 'Context League', members: 4 })
    await user.click(screen.getByRole('button', { name: 'Share Captain Catastrophe' }))
    await ready(await screen.findByRole('dialog', { name: 'Share This Achievement' }))
    expect(api.callsTo('POST /api/banter/share')[0]!.body).toMatchObject({ league_id: 9, stat_data: { league_name: 'Context League', members: 4 } })
  })
})

describe('share: when creating the link fails', () => {
  async function failWith(reply: Reply | Reply[], beforeClick: () => void = () => {}) {
    storeSession('jwt-1')
    const api = mockApi({ 'POST /api/banter/share': reply })
    const user = renderHarness()
    beforeClick()
    await user.click(screen.getByRole('button', { name: 'Share Captain Catastrophe' }))
    await waitFor(() => expect(api.callsTo('POST /api/banter/share')).toHaveLength(1))
    await waitFor(() => expect(visibleToasts()).toHaveLength(1))
    return { api, user }
  }

  it('401: "Session Expired", logged out, sign-in dialog; no second "Authentication Required" toast', async () => {
    // Stand in for the app's global 401 handler (the transport's onUnauthorized, lib/api.ts): it must not run.
    const onUnauthorized = vi.fn()
    await failWith({ status: 401, body: { detail: 'Token expired' } }, () => registerApiHandlers({ getToken: () => 'jwt-1', onUnauthorized }))
    expect(onUnauthorized).not.toHaveBeenCalled()
    expect(toastTexts()).toEqual([expect.stringContaining('Session Expired')])
    expect(toastTexts()[0]).toContain('Your session has expired. Please log in again.')
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Share This Achievement' })).not.toBeInTheDocument()
    expect(screen.queryByText('Authentication Required')).not.toBeInTheDocument()
    expect(window.localStorage.getItem('authToken')).toBeNull()
  })

  it('403 (unverified email): "Email Verification Required"', async () => {
    await failWith({ status: 403, body: { detail: 'Please verify your email address to create shareable links.', code: 'email_not_verified' } })
    expect(toastTexts()[0]).toContain('Email Verification Required')
    expect(toastTexts()[0]).toContain('Please verify your email address to create shareable links.')
    // The dialog stays, says what went wrong and offers another try.
    const dialog = screen.getByRole('dialog', { name: 'Share This Achievement' })
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please verify your email address')
    expect(copyButton(dialog)).toBeDisabled()
    expect(within(dialog).queryByTestId('share-image-frame')).not.toBeInTheDocument()
  })

  it('403 without a detail: "Email Verification Required"', async () => {
    await failWith({ status: 403, body: {} })
    expect(toastTexts()[0]).toContain('Email Verification Required')
  })

  it('403 not a member: the server detail', async () => {
    await failWith({ status: 403, body: { detail: 'You must be a member of this league to share its content.', code: 'not_a_member' } })
    expect(toastTexts()[0]).toContain('League Access Required')
    expect(toastTexts()[0]).toContain('You must be a member of this league to share its content.')
    expect(toastTexts()[0]).not.toContain('Email Verification Required')
  })

  it('403 sharing turned off: the server detail', async () => {
    await failWith({ status: 403, body: { detail: 'Banter sharing is turned off in your privacy settings.', code: 'sharing_disabled' } })
    expect(toastTexts()[0]).toContain('Banter sharing is turned off in your privacy settings.')
    expect(toastTexts()[0]).not.toContain('Email Verification Required')
  })

  it('409 the gameweek is not checked yet (decision 113): the server says until when', async () => {
    await failWith({ status: 409, body: { detail: 'You can share this once FPL has checked GW 13.', code: 'provisional_stat' } })
    expect(toastTexts()[0]).toContain('Not Final Yet')
    expect(toastTexts()[0]).toContain('You can share this once FPL has checked GW 13.')
    expect(toastTexts()[0]).not.toContain('Failed to create shareable link')
  })

  it('"Failed to create shareable stat" in the message: "Share Creation Failed" with it', async () => {
    await failWith({ status: 500, body: { message: 'Failed to create shareable stat: database busy' } })
    expect(toastTexts()[0]).toContain('Share Creation Failed')
    expect(toastTexts()[0]).toContain('Failed to create shareable stat: database busy')
  })

  it.each([
    ['a server error', { status: 500, body: { detail: 'Internal error' } }],
    ['a network failure', networkDown()],
  ] as [string, Reply][])('%s: the destructive "Error: Failed to create shareable link. Please try again."', async (_, reply) => {
    await failWith(reply)
    const [toast] = visibleToasts()
    expect(toast).toHaveTextContent('Error')
    expect(toast).toHaveTextContent('Failed to create shareable link. Please try again.')
    expect(toast).toHaveAttribute('role', 'alert')
  })

  it('"Try again" makes a new attempt, and the link then works', async () => {
    const { api, user } = await failWith([{ status: 500, body: {} }, created])
    const dialog = screen.getByRole('dialog', { name: 'Share This Achievement' })
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    await ready(dialog)
    expect(api.callsTo('POST /api/banter/share')).toHaveLength(2)
  })
})
