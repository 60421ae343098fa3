import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'

const db = env.DB
const insertUser = (email: string) =>
  db.prepare("INSERT INTO users (email, name, password_hash) VALUES (?, 'Test', 'x') RETURNING id").bind(email).first<{ id: number }>()

describe('migrations', () => {
  it('create the two special tournaments', async () => {
    const { results } = await db.prepare('SELECT name, type, auto_join, is_public FROM tournaments ORDER BY id').all()
    expect(results).toEqual([
      { name: 'Banter Arena Tournament', type: 'public', auto_join: 1, is_public: 1 },
      { name: 'Real Footballers FPL League', type: 'curated_public', auto_join: 0, is_public: 1 },
    ])
  })

  it('enforce foreign keys', async () => {
    await expect(db.prepare('INSERT INTO memberships (tournament_id, user_id) VALUES (999, 999)').run()).rejects.toThrow(/FOREIGN KEY/)
  })
})

describe('constraints that keep data correct', () => {
  it('one account per normalised email', async () => {
    await insertUser('dup@example.com')
    await expect(insertUser('dup@example.com')).rejects.toThrow(/UNIQUE/)
    await expect(insertUser(' Mixed@Example.com')).rejects.toThrow(/CHECK/)
  })

  it('one membership per user and tournament', async () => {
    const user = await insertUser('member@example.com')
    const add = () => db.prepare('INSERT INTO memberships (tournament_id, user_id) VALUES (1, ?)').bind(user!.id).run()
    await add()
    await expect(add()).rejects.toThrow(/UNIQUE/)
  })

  it('one like and one report per user and post', async () => {
    const user = await insertUser('liker@example.com')
    const post = await db
      .prepare("INSERT INTO community_posts (tournament_id, user_id, content) VALUES (1, ?, 'hi') RETURNING id")
      .bind(user!.id)
      .first<{ id: number }>()
    for (const table of ['post_likes', 'post_reports']) {
      const add = () => db.prepare(`INSERT INTO ${table} (post_id, user_id) VALUES (?, ?)`).bind(post!.id, user!.id).run()
      await add()
      await expect(add()).rejects.toThrow(/UNIQUE|PRIMARY KEY/)
    }
  })

  it('one tournament per FPL league and season', async () => {
    const add = () => db.prepare("INSERT INTO tournaments (name, type, fpl_league_id, fpl_season) VALUES ('L', 'private', 123456, '2026/27')").run()
    await add()
    await expect(add()).rejects.toThrow(/UNIQUE/)
  })

  it('email tokens are unique by hash', async () => {
    const user = await insertUser('tokens@example.com')
    const add = () => db.prepare("INSERT INTO email_tokens (user_id, purpose, token_hash, expires_at) VALUES (?, 'verify_email', 'h1', 0)").bind(user!.id).run()
    await add()
    await expect(add()).rejects.toThrow(/UNIQUE/)
  })

  it('one account per FPL team', async () => {
    const add = (email: string) => db.prepare("INSERT INTO users (email, name, password_hash, fpl_team_id) VALUES (?, 'T', 'x', 4242)").bind(email).run()
    await add('team-a@example.com')
    await expect(add('team-b@example.com')).rejects.toThrow(/UNIQUE/)
  })

  it('migration 0003 applies to a database where two accounts hold one team: the earliest keeps it', async () => {
    // The database as it was before 0003: no unique index, so parallel sign-ups left duplicates.
    await db.prepare('DROP INDEX users_fpl_team_unique').run()
    const add = (email: string, team: number | null) =>
      db
        .prepare("INSERT INTO users (email, name, password_hash, fpl_team_id, fpl_team_season) VALUES (?, 'T', 'x', ?, '2026/27') RETURNING id")
        .bind(email, team)
        .first<number>('id')
    const [first, second, third, other] = [
      await add('dup-1@example.com', 5151),
      await add('dup-2@example.com', 5151),
      await add('dup-3@example.com', 5151),
      await add('solo@example.com', 5252),
    ]
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0003_'))!
    // Its statements after the new column (which this database already has).
    for (const query of migration.queries.filter((q) => !/^\s*(ALTER TABLE|CREATE TABLE)/.test(q.replace(/^--.*$/gm, '')))) await db.prepare(query).run()
    const teams = await db.prepare('SELECT id, fpl_team_id FROM users WHERE id IN (?, ?, ?, ?) ORDER BY id').bind(first, second, third, other).all()
    expect(teams.results).toEqual([
      { id: first, fpl_team_id: 5151 },
      { id: second, fpl_team_id: null },
      { id: third, fpl_team_id: null },
      { id: other, fpl_team_id: 5252 },
    ])
    await expect(add('dup-4@example.com', 5151)).rejects.toThrow(/UNIQUE/)
  })

  it('every query path has an index', async () => {
    const { results } = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all<{ name: string }>()
    expect(results.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'users_email_unique',
        'users_fpl_team_unique',
        'email_tokens_hash_unique',
        'tournaments_invite_code_unique',
        'memberships_user_status_idx',
        'memberships_tournament_status_idx',
        'community_posts_wall_idx',
        'shared_achievements_user_idx',
        'standings_rows_team_idx',
        'refresh_jobs_version_unique',
      ]),
    )
  })
})
