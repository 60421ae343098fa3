import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ToastProvider, useToast } from '../../web/src/features/toast/ToastProvider'
import type { ToastApi } from '../../web/src/features/toast/toast-types'

let api: ToastApi

function Grab() {
  api = useToast()
  return null
}

function renderToasts() {
  return render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  )
}

/** Toasts a person can currently perceive (dismissed ones are aria-hidden until removed). */
const visibleToasts = () => [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')]

describe('toasts', () => {
  it('shows title and description in a polite status region inside a labelled area', () => {
    renderToasts()
    act(() => {
      api.toast({ title: 'Link Copied!', description: 'Share it with your league' })
    })
    const toast = screen.getByRole('status')
    expect(toast).toHaveTextContent('Link Copied!')
    expect(toast).toHaveTextContent('Share it with your league')
    expect(toast).toHaveAttribute('aria-live', 'polite')
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(toast)
  })

  it('uses an assertive alert for destructive toasts', () => {
    renderToasts()
    act(() => {
      api.toast({ title: 'Error', description: 'Failed to create league', variant: 'destructive' })
    })
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create league')
  })

  it('shows at most one toast: a new one replaces the old', () => {
    renderToasts()
    act(() => {
      api.toast({ title: 'First' })
      api.toast({ title: 'Second', variant: 'success' })
    })
    act(() => {
      api.toast({ title: 'Third' })
    })
    expect(visibleToasts()).toHaveLength(1)
    expect(visibleToasts()[0]).toHaveTextContent('Third')
    expect(screen.queryByText('First')).not.toBeInTheDocument()
    expect(screen.queryByText('Second')).not.toBeInTheDocument()
  })

  it('dismisses itself after 5 s by default and is removed 5 s after dismissal', () => {
    vi.useFakeTimers()
    renderToasts()
    act(() => {
      api.toast({ title: 'Post added successfully!' })
    })
    act(() => {
      vi.advanceTimersByTime(4999)
    })
    expect(visibleToasts()).toHaveLength(1)

    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(visibleToasts()).toHaveLength(0)
    // Dismissed: hidden from assistive tech and inert, kept for its exit animation...
    const closed = screen.getByText('Post added successfully!').closest('li')
    expect(closed).toHaveAttribute('data-state', 'closed')
    expect(closed).toHaveAttribute('aria-hidden', 'true')

    act(() => {
      vi.advanceTimersByTime(4999)
    })
    expect(screen.getByText('Post added successfully!')).toBeInTheDocument()
    // ...and removed 5 s after dismissal.
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.queryByText('Post added successfully!')).not.toBeInTheDocument()
  })

  it('honours a custom duration', () => {
    vi.useFakeTimers()
    renderToasts()
    act(() => {
      api.toast({ title: 'Quick', duration: 1000 })
    })
    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(visibleToasts()).toHaveLength(0)
  })

  it('pauses the countdown while hovered', () => {
    vi.useFakeTimers()
    renderToasts()
    act(() => {
      api.toast({ title: 'Hover me' })
    })
    act(() => {
      vi.advanceTimersByTime(3000)
    })
    fireEvent.pointerEnter(screen.getByRole('status'))
    act(() => {
      vi.advanceTimersByTime(10_000)
    })
    expect(visibleToasts()).toHaveLength(1)
    fireEvent.pointerLeave(screen.getByRole('status'))
    act(() => {
      vi.advanceTimersByTime(1999)
    })
    expect(visibleToasts()).toHaveLength(1)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(visibleToasts()).toHaveLength(0)
  })

  it('has a labelled dismiss button', () => {
    renderToasts()
    act(() => {
      api.toast({ title: 'Bye' })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(visibleToasts()).toHaveLength(0)
  })

  it('dismiss() from the handle and from the hook', () => {
    renderToasts()
    let handle = { id: '', dismiss: () => {} }
    act(() => {
      handle = api.toast({ title: 'One' })
    })
    act(() => handle.dismiss())
    expect(visibleToasts()).toHaveLength(0)
    act(() => {
      api.toast({ title: 'Two' })
    })
    act(() => api.dismiss())
    expect(visibleToasts()).toHaveLength(0)
  })

  it('swipes away past 50 px and snaps back below it', () => {
    renderToasts()
    act(() => {
      api.toast({ title: 'Swipe me' })
    })
    const toast = screen.getByRole('status')

    fireEvent.pointerDown(toast, { button: 0, pointerId: 1, clientX: 100 })
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 149 })
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 149 })
    expect(visibleToasts()).toHaveLength(1)

    fireEvent.pointerDown(toast, { button: 0, pointerId: 2, clientX: 100 })
    fireEvent.pointerMove(toast, { pointerId: 2, clientX: 150 })
    fireEvent.pointerUp(toast, { pointerId: 2, clientX: 150 })
    expect(visibleToasts()).toHaveLength(0)
  })
})
