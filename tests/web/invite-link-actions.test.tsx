import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { InviteLinkActions, inviteText } from '../../web/src/features/tournaments/InviteLinkActions'

const URL_ = 'https://banterarena.app/join/AbCdEf123456'

describe('InviteLinkActions', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'))

  it('copies the link with the product’s message and offers WhatsApp with the link in the text', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    render(<InviteLinkActions url={URL_} leagueName="Sunday & Co" messageId="m" />)
    await userEvent.click(screen.getByRole('button', { name: 'Copy invite link' }))
    expect(writeText).toHaveBeenCalledWith(URL_)
    expect(await screen.findByText('Invite link copied to clipboard!')).toBeInTheDocument()
    const whatsapp = screen.getByRole('link', { name: 'Send on WhatsApp' })
    const text = new URL(whatsapp.getAttribute('href') ?? '').searchParams.get('text')
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/)
    expect(text).toContain('Join Sunday & Co on Banter Arena')
    expect(text).toBe(`${inviteText('Sunday & Co')} ${URL_}`)
    expect(text?.endsWith(URL_)).toBe(true)
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('asks for a manual copy when the clipboard is unavailable', async () => {
    render(<InviteLinkActions url={URL_} leagueName="Sunday League" messageId="m" />)
    await userEvent.click(screen.getByRole('button', { name: 'Copy invite link' }))
    expect(await screen.findByText('Please copy the invite link manually from above.')).toBeInTheDocument()
  })
})
