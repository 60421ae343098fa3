import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ThemeProvider, useTheme } from '../../web/src/features/theme/ThemeProvider'
import { ThemeToggle } from '../../web/src/features/theme/ThemeToggle'
import { THEME_STORAGE_KEY } from '../../web/src/features/theme/theme'
import { mockMatchMedia, renderApp } from './helpers'

function ThemeProbe() {
  return <span data-testid="theme">{useTheme().theme}</span>
}

function renderTheme() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
      <ThemeProbe />
    </ThemeProvider>,
  )
}

const html = () => document.documentElement

describe('theme', () => {
  it('uses the storage key the product fixes and theme-init.js shares', () => {
    expect(THEME_STORAGE_KEY).toBe('banter-arena-theme')
  })

  it('defaults to dark when the system prefers dark', () => {
    mockMatchMedia({ dark: true })
    renderTheme()
    expect(screen.getByTestId('theme')).toHaveTextContent('dark')
    expect(html()).toHaveAttribute('data-theme', 'dark')
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument()
  })

  it('defaults to light when the system does not prefer dark, without storing a choice', () => {
    mockMatchMedia({ dark: false })
    renderTheme()
    expect(html()).toHaveAttribute('data-theme', 'light')
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull()
  })

  it('toggles, applies to <html> and persists the choice', async () => {
    const user = userEvent.setup()
    mockMatchMedia({ dark: false })
    renderTheme()

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }))
    expect(html()).toHaveAttribute('data-theme', 'dark')
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }))
    expect(html()).toHaveAttribute('data-theme', 'light')
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light')
  })

  it('lets a stored choice win over the system preference', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light')
    mockMatchMedia({ dark: true })
    renderTheme()
    expect(screen.getByTestId('theme')).toHaveTextContent('light')
    expect(html()).toHaveAttribute('data-theme', 'light')
  })

  it('ignores a stored value that is not a theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple')
    mockMatchMedia({ dark: true })
    renderTheme()
    expect(html()).toHaveAttribute('data-theme', 'dark')
  })

  it('has a toggle inside the shell', async () => {
    renderApp('/')
    await screen.findByRole('heading', { level: 1, name: /banter arena/i })
    expect(screen.getByRole('button', { name: /switch to (dark|light) theme/i })).toBeInTheDocument()
  })

  it('has a toggle on pages outside the shell', async () => {
    renderApp('/verification-error')
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /switch to (dark|light) theme/i })).toBeInTheDocument()
  })
})

describe('public/theme-init.js (runs before first paint)', () => {
  const source = readFileSync(resolve(import.meta.dirname, '../../web/public/theme-init.js'), 'utf8')
  // The file is plain JS served as is; run it the way the browser would.
  const run = () => new Function(source)()

  it('applies the stored theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark')
    mockMatchMedia({ dark: false })
    run()
    expect(html()).toHaveAttribute('data-theme', 'dark')
  })

  it('falls back to the system preference', () => {
    mockMatchMedia({ dark: true })
    run()
    expect(html()).toHaveAttribute('data-theme', 'dark')
    mockMatchMedia({ dark: false })
    run()
    expect(html()).toHaveAttribute('data-theme', 'light')
  })

  it('names the page whose first screen is in the HTML: the landing, a tournament for a visitor without a session', () => {
    const marker = (path: string) => {
      html().removeAttribute('data-prepaint')
      window.history.replaceState(null, '', path)
      run()
      return html().getAttribute('data-prepaint')
    }
    expect(marker('/')).toBe('landing')
    expect(marker('/tournaments/12')).toBe('tournament')
    expect(marker('/tournaments')).toBeNull()
    expect(marker('/tournaments/12/extra')).toBeNull()
    expect(marker('/about')).toBeNull()
    window.localStorage.setItem('authToken', 'jwt-1')
    expect(marker('/tournaments/12')).toBeNull()
    window.localStorage.removeItem('authToken')
    html().removeAttribute('data-prepaint')
    window.history.replaceState(null, '', '/')
  })

  it('preloads the app chunks listed in #app-chunks where no first screen is in the HTML', () => {
    const list = document.createElement('script')
    list.type = 'application/json'
    list.id = 'app-chunks'
    list.textContent = JSON.stringify(['/assets/mount-x.js'])
    document.head.append(list)
    const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))
    try {
      window.history.replaceState(null, '', '/tournaments/12')
      run()
      expect(preloads()).toEqual([])
      window.history.replaceState(null, '', '/about')
      run()
      expect(preloads()).toEqual(['/assets/mount-x.js'])
    } finally {
      list.remove()
      for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove()
      html().removeAttribute('data-prepaint')
      window.history.replaceState(null, '', '/')
    }
  })

  it('is referenced from index.html as an external script with no inline script', () => {
    const indexHtml = readFileSync(resolve(import.meta.dirname, '../../web/index.html'), 'utf8')
    expect(indexHtml).toMatch(/<script src="\/theme-init\.js"><\/script>/)
    const scripts = indexHtml.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []
    for (const tag of scripts) expect(tag).toMatch(/<script\b[^>]*\bsrc="[^"]+"[^>]*><\/script>/)
  })
})
