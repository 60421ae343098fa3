import { DEMO_EMAIL, DEMO_PASSWORD } from '../../stack/seed.ts'

/** A bearer header for a seeded account (the demo manager by default), signed in through the API. */
export async function signedInHeaders(baseUrl: string, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<Record<string, string>> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!login.ok) throw new Error(`Sign-in as ${email} answered ${login.status}`)
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` }
}

/** The id of the seeded tournament named `name` ("The Pub League"), as the signed-in list shows it. */
export async function tournamentNamed(baseUrl: string, headers: Record<string, string>, name = 'The Pub League'): Promise<number> {
  const list = (await (await fetch(`${baseUrl}/api/leagues`, { headers })).json()) as Array<{ id: number; name: string }>
  const id = list.find((l) => l.name === name)?.id
  if (!id) throw new Error(`No tournament named ${name}`)
  return id
}
