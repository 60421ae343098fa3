import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterFirstPaint } from '../../web/src/lib/after-first-paint'

// main.tsx loads the app through afterFirstPaint on the landing page, so the static hero in
// index.html reaches the screen before React is evaluated.

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('afterFirstPaint', () => {
  it('runs the task in a task queued from the next animation frame, i.e. after that frame has painted', () => {
    vi.useFakeTimers()
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
    const task = vi.fn()
    afterFirstPaint(task)
    vi.runAllTimers()
    expect(task).not.toHaveBeenCalled()
    frames.shift()!(0)
    expect(task).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('does not wait for a frame in a hidden tab, which may never paint', () => {
    vi.useFakeTimers()
    const requestFrame = vi.fn()
    vi.stubGlobal('requestAnimationFrame', requestFrame)
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const task = vi.fn()
    afterFirstPaint(task)
    vi.runAllTimers()
    expect(task).toHaveBeenCalledTimes(1)
    expect(requestFrame).not.toHaveBeenCalled()
  })
})
