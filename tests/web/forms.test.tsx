import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EmailField, PasswordChecklist } from '../../web/src/components/forms'

describe('EmailField', () => {
  it('asks phones for the email keyboard and autofill, without autocapitalisation or spell check', () => {
    render(<EmailField value="" error="Invalid email format" onChange={() => {}} />)
    const input = screen.getByLabelText('Email')
    expect(input).toHaveAttribute('type', 'email')
    expect(input).toHaveAttribute('name', 'email')
    expect(input).toHaveAttribute('autocomplete', 'email')
    expect(input).toHaveAttribute('inputmode', 'email')
    expect(input).toHaveAttribute('autocapitalize', 'none')
    expect(input).toHaveAttribute('spellcheck', 'false')
    expect(input).toHaveAccessibleDescription(/Invalid email format/)
    expect(input).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('PasswordChecklist', () => {
  it('warns, once the rules are met, that a common password is too common (the list loads on demand)', async () => {
    const { rerender } = render(<PasswordChecklist password="Password1!" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common. Choose one that is harder to guess.')
    for (const common of ['P@ssw0rd1', 'Qwerty123!', 'Welcome1!']) {
      rerender(<PasswordChecklist password={common} />)
      expect(screen.getByRole('alert')).toHaveTextContent('too common')
    }
    rerender(<PasswordChecklist password="BanterDemo1!" />)
    expect(screen.queryByRole('alert')).toBeNull()
    // Rules not met yet: the checklist says what is missing, not that it is common.
    rerender(<PasswordChecklist password="password" />)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
