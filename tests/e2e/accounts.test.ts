import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { browserForFile, journey, newPage } from './helpers/browser'

// The account journeys (decision 181, R2, R3, R7) in Chromium against the dev stack: sign up
// with an FPL team, verify through the emailed link, manage the account, change and reset the
// password; and joining through an invite link as a logged-out visitor.

const baseUrl = inject('baseUrl')
const simulatorUrl = inject('simulatorUrl')
const renameTeam = async (team: number, name: string) => {
  const res = await fetch(`${simulatorUrl.replace(/\/api$/, '/__sim')}/entries/${team}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  })
  expect(res.status).toBe(200)
}
const browser = browserForFile()

async function emailLink(to: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as Array<{ text: string }>
    const match = outbox[0]?.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`))
    if (match) return match[0]
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No ${path} email to ${to}`)
}

const field = (scope: Page | Locator, label: string | RegExp) => scope.getByLabel(label, { exact: typeof label === 'string' })
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true }).first()

describe('account journey', () => {
  const email = `e2e-${Date.now()}@example.com`
  const password = 'First-Pass1!'
  const changed = 'Second-Pass2@'
  const reset = 'Third-Pass3#'

  it('signs up with a team id, verifies by email, manages the account, changes and resets the password', async () => {
    const page = await newPage(browser())
    await journey(page, 'account-journey', async () => {
      await page.goto(`${baseUrl}/?register=true`)
      const dialog = page.getByRole('dialog')
      await field(dialog, 'Name').fill('Journey Jo')
      await field(dialog, 'Email').fill(email)
      await field(dialog, 'Password').fill(password)
      await field(dialog, /FPL Team ID/).fill('1000010')
      await dialog.getByRole('button', { name: 'Create Account', exact: true }).click()
      // The team FPL has for that id is shown, and the account is only created once it is confirmed.
      await expect.poll(() => dialog.getByText('Is this your team?').isVisible()).toBe(true)
      await dialog.getByRole('button', { name: 'Yes, create my account' }).click()
      // Leagues were discovered: the dialog waits 3 s, then the pending page.
      await page.waitForURL(`${baseUrl}/verification-pending`, { timeout: 10_000 })
      await expect.poll(() => page.getByText('The Pub League', { exact: true }).filter({ visible: true }).count()).toBeGreaterThan(0)

      const verify = await emailLink(email, '/verify-email')
      expect(verify.startsWith(baseUrl)).toBe(true)
      await page.goto(verify)
      await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 10_000 })
      // The green banner (5 s) counts the leagues joined automatically.
      await expect.poll(() => page.getByTestId('verified-banner').textContent()).toMatch(/automatically added to 1 league/)
      await expect.poll(() => page.getByRole('heading', { name: 'The Pub League' }).first().isVisible()).toBe(true)

      // Prove the team is ours: the code goes into the team name on FPL (the simulator here), Check.
      await page.getByRole('button', { name: "Verify it's yours" }).click()
      const code = (await page.locator('.team-verify__code code').textContent({ timeout: 10_000 }))!.trim()
      expect(code).toMatch(/^BA-[A-Z2-9]{4}$/)
      const entry = (await (await fetch(`${simulatorUrl}/entry/1000010/`)).json()) as { name: string }
      await renameTeam(1000010, `${entry.name} ${code}`)
      await page.getByRole('button', { name: 'Check', exact: true }).click()
      await expect.poll(() => page.getByText(/is verified as yours/).isVisible()).toBe(true)
      await renameTeam(1000010, entry.name)

      // Display name: edit, Enter saves.
      await page.getByRole('button', { name: 'Edit display name' }).click()
      const nameInput = page.getByRole('textbox', { name: /display name/i })
      await nameInput.fill('Jo the Gaffer')
      await nameInput.press('Enter')
      await expect.poll(() => toast(page, 'Display name updated successfully!').isVisible()).toBe(true)

      // Sharing off and on again.
      const sharing = page.getByRole('switch', { name: 'Share my banter achievements' })
      await sharing.click()
      await expect.poll(() => toast(page, 'Sharing Disabled').isVisible()).toBe(true)
      await sharing.click()
      await expect.poll(() => toast(page, 'Sharing Enabled').isVisible()).toBe(true)

      // Change the password.
      await field(page, 'Current Password').fill(password)
      await field(page, 'New Password').fill(changed)
      await field(page, 'Confirm New Password').fill(changed)
      await page.getByRole('button', { name: 'Change Password', exact: true }).click()
      await expect.poll(() => toast(page, 'Password Changed Successfully').isVisible()).toBe(true)

      // Log out, forget the password, reset it through the emailed link.
      await page.getByRole('button', { name: 'Logout' }).click()
      await page.waitForURL(`${baseUrl}/`)
      await page.goto(`${baseUrl}/?forgot=true`)
      await field(page.getByRole('dialog'), 'Email').fill(email)
      await page.getByRole('button', { name: 'Send Reset Link' }).click()
      await expect.poll(() => page.getByText('Reset Link Sent').first().isVisible()).toBe(true)
      await page.keyboard.press('Escape')

      await page.goto(await emailLink(email, '/reset-password'))
      await field(page, 'New Password').fill(reset)
      await field(page, 'Confirm Password').fill(reset)
      await page.getByRole('button', { name: 'Reset Password', exact: true }).click()
      await expect.poll(() => toast(page, 'Password Reset Successfully!').isVisible()).toBe(true)
      await page.waitForURL(`${baseUrl}/?signin=true`, { timeout: 10_000 }).catch(() => page.waitForURL(`${baseUrl}/`))

      // Sign in with the new password.
      const signIn = page.getByRole('dialog')
      await expect.poll(() => signIn.isVisible()).toBe(true)
      await field(signIn, 'Email').fill(email)
      await field(signIn, 'Password').fill(reset)
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click()
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
      await expect.poll(async () => page.evaluate(() => Boolean(globalThis.localStorage.getItem('authToken')))).toBe(true)
    })
    await page.context().close()
  }, 90_000)
})

const INVITE_PASSWORD = 'Invite-Pass4$'

/** Opens the invite page's sign-up form, fills it in and sends it; the form stays for what it says next. */
async function signUpToJoin(page: Page, name: string, email: string, team: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Sign Up to Join' }).click()
  const form = page.getByRole('form', { name: 'Sign up to join' })
  await field(form, 'Name').fill(name)
  await field(form, 'Email').fill(email)
  await field(form, /FPL Team ID/).fill(team)
  await field(form, 'Password').fill(INVITE_PASSWORD)
  await form.getByRole('button', { name: 'Create Account & Join' }).click()
  return form
}

describe('invite journey', () => {
  it('lets a logged-out visitor sign up from an invite link and lands them in the league', async () => {
    const email = `invitee-${Date.now()}@example.com`
    const page = await newPage(browser())
    await page.goto(`${baseUrl}/join/officebanter2026x`)
    await expect.poll(() => page.getByRole('heading', { name: 'Office Banter League' }).first().isVisible()).toBe(true)
    await signUpToJoin(page, 'Invited Ivy', email, '1000104')
    await page.getByRole('button', { name: 'Yes, create my account & join' }).click()
    await page.waitForURL(/\/verification-pending/, { timeout: 10_000 })

    await page.goto(await emailLink(email, '/verify-email'))
    await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 10_000 })
    await expect.poll(() => page.getByRole('heading', { name: 'Office Banter League' }).first().isVisible()).toBe(true)
    await page.context().close()
  }, 60_000)

  it('refuses a team outside the league before creating anything, and says so', async () => {
    const email = `outsider-${Date.now()}@example.com`
    const page = await newPage(browser())
    await page.goto(`${baseUrl}/join/officebanter2026x`)
    // Team 1000010 plays in The Pub League, not in the Office Banter League.
    const form = await signUpToJoin(page, 'Outside Otto', email, '1000010')
    await expect
      .poll(() =>
        form
          .getByText(/not in (this|the|Office Banter)/i)
          .first()
          .isVisible(),
      )
      .toBe(true)
    expect(page.url()).toBe(`${baseUrl}/join/officebanter2026x`)
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: INVITE_PASSWORD }),
    })
    expect(login.status).toBe(401)
    await page.context().close()
  }, 60_000)
})
