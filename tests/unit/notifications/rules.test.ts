import { describe, expect, it } from 'vitest'
import type { NotificationPreferences } from '../../../contract/notifications'
import { decide, type Notice, quietHoursEnd } from '../../../worker/services/notifications/rules'

// Hand-worked schedules. London is on GMT in late November (UTC+0) and on BST in June (UTC+1);
// Sydney is on AEDT (UTC+11) in November.
const prefs = (change: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  muted: [],
  quiet_hours: { enabled: true, start: '23:00', end: '08:00' },
  time_zone: 'Europe/London',
  email_digest: false,
  ...change,
})
const at = (iso: string) => Date.parse(iso)
const notice = (change: Partial<Notice> = {}): Notice => ({
  type: 'gazette',
  key: '1:2026/27:13',
  title: 'The GW 13 Gazette is out',
  body: 'Pub League: a headline',
  url: '/tournaments/1?tab=community',
  tag: 'gazette:1',
  expiresAt: at('2026-11-30T12:00:00Z'),
  ...change,
})
const recipient = (change: Partial<Parameters<typeof decide>[0]> = {}) => ({ preferences: prefs(), devices: 1, lastSentAt: null, ...change })

describe('quiet hours', () => {
  it('span midnight in the user’s own time zone', () => {
    // 22:59 London: not yet; 23:00: quiet until 08:00 the next morning.
    expect(quietHoursEnd(prefs(), at('2026-11-28T22:59:00Z'))).toBeNull()
    expect(quietHoursEnd(prefs(), at('2026-11-28T23:00:00Z'))).toBe(at('2026-11-29T08:00:00Z'))
    expect(quietHoursEnd(prefs(), at('2026-11-29T03:17:42Z'))).toBe(at('2026-11-29T08:00:00Z'))
    expect(quietHoursEnd(prefs(), at('2026-11-29T08:00:00Z'))).toBeNull()
  })

  it('follow summer time: 23:30 BST is 22:30 UTC', () => {
    expect(quietHoursEnd(prefs(), at('2026-06-20T22:30:00Z'))).toBe(at('2026-06-21T07:00:00Z'))
    expect(quietHoursEnd(prefs(), at('2026-06-20T21:59:00Z'))).toBeNull()
  })

  it('are the user’s, not ours: 3 pm in London is 2 am in Sydney', () => {
    const sydney = prefs({ time_zone: 'Australia/Sydney' })
    expect(quietHoursEnd(sydney, at('2026-11-28T15:00:00Z'))).toBe(at('2026-11-28T21:00:00Z'))
    expect(quietHoursEnd(prefs(), at('2026-11-28T15:00:00Z'))).toBeNull()
  })

  it('may sit inside one day, and are off when switched off or empty', () => {
    const afternoon = prefs({ quiet_hours: { enabled: true, start: '13:00', end: '17:30' } })
    expect(quietHoursEnd(afternoon, at('2026-11-28T12:59:00Z'))).toBeNull()
    expect(quietHoursEnd(afternoon, at('2026-11-28T15:00:00Z'))).toBe(at('2026-11-28T17:30:00Z'))
    expect(quietHoursEnd(prefs({ quiet_hours: { enabled: false, start: '23:00', end: '08:00' } }), at('2026-11-28T23:30:00Z'))).toBeNull()
    expect(quietHoursEnd(prefs({ quiet_hours: { enabled: true, start: '09:00', end: '09:00' } }), at('2026-11-28T09:00:00Z'))).toBeNull()
  })
})

describe('what reaches a user', () => {
  const saturdayAfternoon = at('2026-11-28T15:00:00Z')

  it('a muted type never does, whatever else holds', () => {
    expect(decide(recipient({ preferences: prefs({ muted: ['gazette'] }) }), notice(), saturdayAfternoon)).toEqual({ outcome: 'muted' })
    expect(decide(recipient({ preferences: prefs({ muted: ['deadline'] }) }), notice(), saturdayAfternoon)).toEqual({ outcome: 'sent' })
  })

  it('without a device there is nothing to push to', () => {
    expect(decide(recipient({ devices: 0 }), notice(), saturdayAfternoon)).toEqual({ outcome: 'no_device' })
  })

  it('in quiet hours a Gazette waits for the morning; a reminder that would be stale by then is dropped', () => {
    const night = at('2026-11-28T23:40:00Z')
    expect(decide(recipient(), notice(), night)).toEqual({ outcome: 'deferred', until: at('2026-11-29T08:00:00Z') })
    // A 01:00 deadline's 90-minute reminder (23:30) cannot wait until 08:00.
    const reminder = notice({ type: 'deadline', expiresAt: at('2026-11-29T01:00:00Z') })
    expect(decide(recipient(), reminder, at('2026-11-28T23:30:00Z'))).toEqual({ outcome: 'quiet' })
  })

  it('at most one push per type per 15 minutes', () => {
    const now = saturdayAfternoon
    expect(decide(recipient({ lastSentAt: now - 14 * 60_000 }), notice(), now)).toEqual({ outcome: 'capped' })
    expect(decide(recipient({ lastSentAt: now - 15 * 60_000 }), notice(), now)).toEqual({ outcome: 'sent' })
    expect(decide(recipient({ lastSentAt: null }), notice(), now)).toEqual({ outcome: 'sent' })
  })
})
