import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyPage } from '../../web/src/app/lazy-page'
import { createQueryClient } from '../../web/src/app/query-client'
import { leagueDataQuery } from '../../web/src/features/tournaments/detail/league-data'
import { readPageAnswers } from '../../web/src/lib/page-answers'
import { writePageAnswers } from './helpers'
import { banterAnswer, leagueDetail, leagues, standingRows, standingsAnswer, winnersAnswer } from './tournament-fixtures'

// Answers the worker writes into a tournament's page (worker/routes/tournament-page.ts), which
// seed the app's query cache, and the preloadable pages that let a deep link's first render be the page itself.

afterEach(() => {
  vi.unstubAllGlobals()
  document.getElementById('page-answers')?.remove()
})

const paths = ['/api/leagues/7', '/api/leagues/7/standings?page=1&limit=50', '/api/leagues/7/monthly-winners', '/api/leagues/7/banter-stats']
const answers = (standings: { status: number; body: unknown } = { status: 200, body: standingsAnswer(standingRows(3)) }) => ({
  [paths[0]!]: { status: 200, body: leagueDetail({ ...leagues[0]!, id: 7 }) },
  [paths[1]!]: standings,
  [paths[2]!]: { status: 200, body: winnersAnswer },
  [paths[3]!]: { status: 200, body: banterAnswer },
})
const seeded = (client: ReturnType<typeof createQueryClient>) => client.getQueryData(leagueDataQuery('7', 1, null).queryKey)

describe('page answers', () => {
  it('are read once: the block leaves the document', () => {
    writePageAnswers(answers())
    expect(Object.keys(readPageAnswers())).toEqual(paths)
    expect(document.getElementById('page-answers')).toBeNull()
    expect(readPageAnswers()).toEqual({})
  })

  it("seed the query cache with page 1 for a signed-out viewer, fresh: the page's first render asks nothing", () => {
    const client = createQueryClient(answers())
    expect(seeded(client)).toMatchObject({ league: { id: 7 }, access: 'ok', standings: [{ team_name: 'Team 1' }, {}, {}] })
    expect(client.getQueryState(leagueDataQuery('7', 1, null).queryKey)?.isInvalidated).toBe(false)
    expect(client.getQueryData(leagueDataQuery('7', 1, 7).queryKey)).toBeUndefined()
  })

  it('turn a 401 or 403 on the standings into "sign in" or "members only", as the network answer would', () => {
    expect(seeded(createQueryClient(answers({ status: 401, body: { detail: 'Not authenticated' } })))).toMatchObject({ access: 'signin', standings: [] })
    expect(seeded(createQueryClient(answers({ status: 403, body: { detail: 'Members only' } })))).toMatchObject({ access: 'members' })
  })

  it('seed nothing when they do not make a page: the app asks the network', () => {
    expect(seeded(createQueryClient({ ...answers(), [paths[0]!]: { status: 404, body: { detail: 'League not found' } } }))).toBeUndefined()
    expect(seeded(createQueryClient(answers({ status: 500, body: {} })))).toBeUndefined()
  })

  it('ignore a broken block', () => {
    const element = document.createElement('script')
    element.type = 'application/json'
    element.id = 'page-answers'
    element.textContent = '{"/api/leagues/7": '
    document.head.append(element)
    expect(readPageAnswers()).toEqual({})
  })
})

const Page = () => <h1>The page</h1>

describe('lazyPage', () => {
  it('suspends until its chunk is there, like React.lazy', async () => {
    const LazyPage = lazyPage(async () => ({ default: Page }))
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <LazyPage />
      </Suspense>,
    )
    expect(screen.getByText('Loading...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument()
  })

  it('once preloaded, renders the page in the first render: no fallback', async () => {
    const LazyPage = lazyPage(async () => ({ default: Page }))
    await LazyPage.preload()
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <LazyPage />
      </Suspense>,
    )
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument()
    expect(screen.queryByText('Loading...')).toBeNull()
  })
})
