import type { NotificationPreferences } from '../../contract/notifications'

/** GET /api/notifications/preferences as a user who never changed anything would get it. */
export function notificationPreferences(change: Partial<NotificationPreferences> = {}, pushDevices = 0) {
  return {
    preferences: {
      muted: [],
      quiet_hours: { enabled: true, start: '23:00', end: '08:00' },
      time_zone: 'Europe/London',
      email_digest: false,
      ...change,
    } satisfies NotificationPreferences,
    push_devices: pushDevices,
  }
}
