import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EmailField } from '../../web/src/components/forms'

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
