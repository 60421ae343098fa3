import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stopWhenAsked } from '../stack/stack.ts'

// `npm run dev` stops its whole stack however it is asked to (decision 170).
class FakeProcess extends EventEmitter {
  ppid = 4242
}

describe('stopWhenAsked', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function started() {
    const proc = new FakeProcess()
    const stop = vi.fn()
    stopWhenAsked(stop, proc as unknown as NodeJS.Process, 100)
    return { proc, stop }
  }

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'])('stops on %s', (signal) => {
    const { proc, stop } = started()
    proc.emit(signal)
    expect(stop).toHaveBeenCalledTimes(1)
  })

  it('stops when its parent goes away (npm run dev sent SIGTERM: npm kills only its shell)', () => {
    const { proc, stop } = started()
    vi.advanceTimersByTime(300)
    expect(stop).not.toHaveBeenCalled()
    proc.ppid = 1
    vi.advanceTimersByTime(100)
    expect(stop).toHaveBeenCalledTimes(1)
  })

  it('stops once, and keeps listening so a second Ctrl-C does not kill the process mid-stop', () => {
    const { proc, stop } = started()
    proc.emit('SIGTERM')
    proc.emit('SIGINT')
    proc.ppid = 1
    vi.advanceTimersByTime(500)
    expect(stop).toHaveBeenCalledTimes(1)
    expect(proc.listenerCount('SIGINT')).toBe(1)
  })
})
