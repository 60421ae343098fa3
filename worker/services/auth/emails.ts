import type { Bindings } from '../../env'
import { escapeHtml } from '../../lib/html'
import type { EmailMessage } from '../email'

// The account emails: a clear subject, a simple responsive HTML body and a plain-text part.
// Links are built from APP_URL, never from the request's Host header (which an attacker could
// set to send a victim's reset link to their own site).

export const appLink = (env: Pick<Bindings, 'APP_URL'>, path: string, token?: string) => {
  const url = new URL(path, env.APP_URL)
  if (token) url.searchParams.set('token', token)
  return url.toString()
}

export interface Layout {
  env: Pick<Bindings, 'PRODUCT_NAME' | 'APP_URL'>
  to: string
  subject: string
  greeting: string
  paragraphs: string[]
  action?: { label: string; url: string }
  footnote: string
}

/** The product's email layout: also the weekly digest's (services/notifications/digest.ts). */
export function renderEmail({ env, to, subject, greeting, paragraphs, action, footnote }: Layout): EmailMessage {
  const product = env.PRODUCT_NAME
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#1f7a4d;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#5b6472">Or paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1f7a4d;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f3f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#17202a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden" cellpadding="0" cellspacing="0">
<tr><td style="background:#14213d;color:#ffffff;padding:18px 28px;font-size:20px;font-weight:700">⚽ ${escapeHtml(product)}</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.55">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="margin:24px 0 0;font-size:13px;color:#5b6472">${escapeHtml(footnote)}</p>
</td></tr></table>
<p style="font-size:12px;color:#8a93a0;margin:16px 0 0">${escapeHtml(product)} is a fan-made companion for Fantasy Premier League mini-leagues, not affiliated with the Premier League.</p>
</td></tr></table></body></html>`
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footnote,
    '',
    `— ${product}`,
  ].join('\n')
  return { to, subject, html, text }
}

/**
 * Who an account email goes to. The display name is written only to an address its owner has
 * proved: anyone can register a stranger's address under a name like "Claim your prize at
 * evil.example", so an unverified address is greeted without anything a user typed.
 */
export interface Recipient {
  email: string
  name: string
  isVerified: boolean
}

const greet = (to: Recipient) => (to.isVerified ? `Hi ${to.name},` : 'Hello,')

/** Always to an address not yet proved: no display name (see Recipient). */
export function verificationEmail(env: Layout['env'], to: string, token: string): EmailMessage {
  return renderEmail({
    env,
    to,
    subject: `Verify your email for ${env.PRODUCT_NAME}`,
    greeting: 'Hello,',
    paragraphs: [
      `Welcome to ${env.PRODUCT_NAME}! Confirm this is your email address to finish setting up your account and join the leagues you already play in.`,
    ],
    action: { label: 'Verify my email', url: appLink(env, '/verify-email', token) },
    footnote: "This link expires in 24 hours and works once. If you didn't sign up, you can ignore this email.",
  })
}

export function passwordResetEmail(env: Layout['env'], to: Recipient, token: string): EmailMessage {
  return renderEmail({
    env,
    to: to.email,
    subject: `Reset your ${env.PRODUCT_NAME} password`,
    greeting: greet(to),
    paragraphs: ['Someone (hopefully you) asked to reset the password of your account. Choose a new one with the button below.'],
    action: { label: 'Choose a new password', url: appLink(env, '/reset-password', token) },
    footnote: "This link expires in 1 hour and works once. If you didn't ask for it, ignore this email: your password stays the same.",
  })
}

// The home page with the "Forgot password" form open.
const forgotPasswordLink = (env: Layout['env']) => appLink(env, '/', undefined).replace(/\/?$/, '/?forgot=true')

export function passwordChangedEmail(env: Layout['env'], to: Recipient, how: 'changed' | 'reset'): EmailMessage {
  return renderEmail({
    env,
    to: to.email,
    subject: `Your ${env.PRODUCT_NAME} password was ${how}`,
    greeting: greet(to),
    paragraphs: [
      `The password of your account was just ${how}, and every device that was signed in has been signed out.`,
      "If this was you, there's nothing else to do.",
    ],
    action: { label: "Wasn't me: reset my password", url: forgotPasswordLink(env) },
    footnote: 'If you did not make this change, reset your password now and check the email account too.',
  })
}

/**
 * To a verified account whose sign-ins from new devices were just slowed down (decision 150): many
 * wrong passwords from devices that never signed in to it. Once per account per hour at most.
 */
export function signInAttemptsEmail(env: Layout['env'], to: Recipient): EmailMessage {
  return renderEmail({
    env,
    to: to.email,
    subject: `Someone is trying to sign in to your ${env.PRODUCT_NAME} account`,
    greeting: greet(to),
    paragraphs: [
      'There have been many sign-in attempts with a wrong password on your account, from devices that have not signed in to it before. To protect your account, we have slowed down sign-ins from new devices for a while.',
      'The devices you have signed in on before still work as usual.',
      'If this was you, there is nothing to do. If not, your account is safe as long as nobody knows your password; if you think someone might, choose a new one.',
    ],
    action: { label: 'Reset my password', url: forgotPasswordLink(env) },
    footnote: 'If you forgot your password, the button above sends you a link to choose a new one.',
  })
}

/**
 * To an account that held a team id without proving it, once the team's owner proved it. Nothing
 * anyone typed goes in (not even the account's display name, which a stranger may have chosen
 * for someone else's address): only the team id, a number.
 */
export function teamClaimedEmail(env: Layout['env'], to: string, fplTeamId: number): EmailMessage {
  return renderEmail({
    env,
    to,
    subject: `FPL team ${fplTeamId} was removed from your ${env.PRODUCT_NAME} account`,
    greeting: 'Hello,',
    paragraphs: [
      `The owner of FPL team ${fplTeamId} proved it is theirs by putting a one-time code in the team's name on the FPL site, so the team is no longer linked to your account, and you have left the leagues it gave you.`,
      'If you typed that team id by mistake, add your own FPL Team ID on your dashboard. If it really is your team, get a verification code on your dashboard and put it in your team name to prove it.',
    ],
    action: { label: 'Open my dashboard', url: appLink(env, '/dashboard') },
    footnote: `Your account itself is unchanged. If you don't use ${env.PRODUCT_NAME}, you can ignore this email.`,
  })
}
