// Seeds a local D1 with the demo world: a verified demo user with a known password and an FPL
// team in the simulator's leagues, tournaments of every type, members, curated teams and posts.
// Idempotent (safe on every `npm run dev`); `npm run db:seed -- --reset` rebuilds it from scratch.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { hash } from '@node-rs/argon2'
import { CURATED_ENTRY_IDS, createFplSimulator, DEMO_ENTRY_ID, type FplSimulator, LEAGUES, SEED_MEMBER_ENTRY_IDS } from '../fpl-simulator/handler.ts'
import { migrate, ROOT, run } from './commands.ts'
import { lastSeasonSql } from './last-season.ts'

export const DEMO_EMAIL = 'demo@banter-arena.test'
export const ADMIN_EMAIL = 'admin@banter-arena.test'
// Meets every password rule (length, upper, lower, digit, special: decision 181, R2).
export const DEMO_PASSWORD = 'BanterDemo1!'
export const SEASON = '2026/27'

// OWASP's argon2id parameters; the worker hashes with the same ones.
// (algorithm 2 is Argon2id; the package's enum is a const enum that type stripping cannot read.)
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

const q = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? 'NULL' : typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`
const userId = (email: string) => `(SELECT id FROM users WHERE email = ${q(email)})`
const leagueId = (fplLeagueId: number) => `(SELECT id FROM tournaments WHERE fpl_league_id = ${fplLeagueId} AND fpl_season = ${q(SEASON)})`
const CURATED = `(SELECT id FROM tournaments WHERE name = 'Real Footballers FPL League')`
const PUBLIC = `(SELECT id FROM tournaments WHERE type = 'public' AND auto_join = 1)`

async function entrySummary(simulator: FplSimulator, entryId: number) {
  const res = await simulator.fetch(new Request(`http://simulator/api/entry/${entryId}/`))
  if (!res.ok) throw new Error(`The simulator has no entry ${entryId}`)
  const entry = (await res.json()) as { name: string; player_first_name: string; player_last_name: string }
  return { teamName: entry.name, playerName: `${entry.player_first_name} ${entry.player_last_name}` }
}

export const emailFor = (playerName: string) =>
  `${playerName
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}@banter-arena.test`
const leagueName = (id: number) => LEAGUES.find((l) => l.id === id)?.name ?? `League ${id}`

export async function buildSeedSql({ reset = false } = {}) {
  const simulator = createFplSimulator()
  const passwordHash = await hash(DEMO_PASSWORD, ARGON2_OPTIONS)
  const sql: string[] = []
  if (reset) {
    sql.push(
      'DELETE FROM users;',
      "DELETE FROM tournaments WHERE NOT (type = 'public' AND auto_join = 1) AND name <> 'Real Footballers FPL League';",
      'DELETE FROM dev_outbox;',
    )
  }

  // Every seeded team is proven (verified and locked): the demo account and the commissioners
  // among them need that to create and run tournaments.
  const addUser = (email: string, name: string, fplTeamId: number | null) =>
    sql.push(
      `INSERT OR IGNORE INTO users (email, name, password_hash, is_verified, verified_at, fpl_team_id, fpl_team_season, fpl_team_id_locked, fpl_team_verified_at) VALUES (${q(email)}, ${q(name)}, ${q(passwordHash)}, 1, ${Date.now()}, ${q(fplTeamId)}, ${fplTeamId ? q(SEASON) : 'NULL'}, ${fplTeamId ? 1 : 0}, ${fplTeamId ? Date.now() : 'NULL'});`,
      // A database seeded before teams were proven (migration 0003 unlocked every team).
      `UPDATE users SET fpl_team_verified_at = ${Date.now()}, fpl_team_id_locked = 1 WHERE email = ${q(email)} AND fpl_team_id IS NOT NULL AND fpl_team_verified_at IS NULL;`,
    )
  const addMember = (tournament: string, email: string, status: 'active' | 'inactive' = 'active') =>
    sql.push(
      `INSERT OR IGNORE INTO memberships (tournament_id, user_id, status, deactivated_at) SELECT ${tournament}, ${userId(email)}, ${q(status)}, ${status === 'inactive' ? Date.now() : 'NULL'} WHERE ${userId(email)} IS NOT NULL;`,
    )
  const addTournament = (fplLeagueId: number, description: string, commissionerEmail: string, inviteCode: string) =>
    sql.push(
      `INSERT OR IGNORE INTO tournaments (name, description, type, is_public, fpl_league_id, fpl_season, commissioner_id, invite_code) VALUES (${q(leagueName(fplLeagueId))}, ${q(description)}, 'private', 0, ${fplLeagueId}, ${q(SEASON)}, ${userId(commissionerEmail)}, ${q(inviteCode)});`,
    )

  addUser(DEMO_EMAIL, 'Demo Manager', DEMO_ENTRY_ID)
  addUser(ADMIN_EMAIL, 'Arena Admin', null)
  const members: Record<number, string[]> = {}
  for (const [league, entryIds] of Object.entries(SEED_MEMBER_ENTRY_IDS)) {
    const emails: string[] = []
    members[Number(league)] = emails
    for (const entryId of entryIds) {
      const { playerName } = await entrySummary(simulator, entryId)
      addUser(emailFor(playerName), playerName, entryId)
      emails.push(emailFor(playerName))
    }
  }

  const [pubId, officeId, megaId] = [123456, 234567, 345678]
  const officeCommissioner = members[officeId]?.[0] ?? ADMIN_EMAIL
  addTournament(pubId, 'Saturday pints, Sunday regrets. Loser buys the first round at the end-of-season do.', DEMO_EMAIL, 'publeague2026demo')
  addTournament(officeId, 'Bragging rights for the whole office. Monthly winner picks the team lunch.', officeCommissioner, 'officebanter2026x')
  addTournament(megaId, 'A big public-sized league from the simulator, to show large tables.', ADMIN_EMAIL, 'simmegaleague2026')

  for (const email of [DEMO_EMAIL, ...Object.values(members).flat()]) addMember(PUBLIC, email)
  for (const email of [DEMO_EMAIL, ...(members[pubId] ?? [])]) addMember(leagueId(pubId), email)
  for (const email of [DEMO_EMAIL, ...(members[officeId] ?? [])]) addMember(leagueId(officeId), email)
  addMember(leagueId(megaId), ADMIN_EMAIL)
  // The Pub League's last season, kept and linked, so the Hall of Fame spans FPL's July reset.
  sql.push(...(await lastSeasonSql(simulator, pubId, 1_123_456, leagueName(pubId), SEASON, q)))
  // One kicked member, so the commissioner screen shows both lists.
  const kicked = members[officeId]?.at(-1)
  if (kicked && kicked !== officeCommissioner) {
    sql.push(
      `UPDATE memberships SET status = 'inactive', deactivated_at = ${Date.now()} WHERE tournament_id = ${leagueId(officeId)} AND user_id = ${userId(kicked)};`,
    )
  }

  for (const entryId of CURATED_ENTRY_IDS) {
    const { teamName, playerName } = await entrySummary(simulator, entryId)
    sql.push(
      `INSERT OR IGNORE INTO curated_teams (tournament_id, fpl_team_id, team_name, player_name, added_by) VALUES (${CURATED}, ${entryId}, ${q(teamName)}, ${q(playerName)}, ${userId(ADMIN_EMAIL)});`,
    )
  }

  const pubMembers = members[pubId] ?? []
  const posts = [
    { author: DEMO_EMAIL, content: 'Welcome to the Pub League wall! Be nice. Or at least be funny.', pinned: true },
    { author: pubMembers[0] ?? DEMO_EMAIL, content: 'Captained the keeper again. No regrets. Some regrets.', pinned: false },
    { author: pubMembers[1] ?? DEMO_EMAIL, content: 'Bench boost week and my bench scored 2. Classic.', pinned: false },
    { author: pubMembers[2] ?? DEMO_EMAIL, content: 'Whoever is bottom at Christmas wears the shirt to the pub.', pinned: false },
  ]
  posts.forEach((post, i) => {
    const at = Date.now() - (posts.length - i) * 3_600_000
    sql.push(
      `INSERT INTO community_posts (tournament_id, user_id, content, is_pinned, created_at) SELECT ${leagueId(pubId)}, ${userId(post.author)}, ${q(post.content)}, ${post.pinned ? 1 : 0}, ${at} WHERE NOT EXISTS (SELECT 1 FROM community_posts WHERE tournament_id = ${leagueId(pubId)} AND content = ${q(post.content)});`,
    )
  })
  const postId = (content: string) => `(SELECT id FROM community_posts WHERE content = ${q(content)})`
  for (const email of [DEMO_EMAIL, ...pubMembers.slice(0, 2)]) {
    sql.push(`INSERT OR IGNORE INTO post_likes (post_id, user_id) VALUES (${postId(posts[2]!.content)}, ${userId(email)});`)
  }
  sql.push(
    `INSERT OR IGNORE INTO post_reports (post_id, user_id, reason) VALUES (${postId(posts[1]!.content)}, ${userId(pubMembers[2] ?? DEMO_EMAIL)}, 'Too painful to read');`,
  )
  return sql.join('\n')
}

/** Applies the seed to the local D1 stored under `persistDir` (wrangler's --persist-to). */
export async function seedDatabase(persistDir: string, options: { reset?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'banter-seed-'))
  const file = path.join(dir, 'seed.sql')
  try {
    writeFileSync(file, await buildSeedSql(options))
    await run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistDir, '--file', file, '--yes'])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const persistDir = path.join(ROOT, '.wrangler/state')
  await migrate(persistDir)
  await seedDatabase(persistDir, { reset: process.argv.includes('--reset') })
  console.log(`Seeded the local database. Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`)
}
