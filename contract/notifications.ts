// Notifications (decision 139): Web Push to the devices a user turned it on for, and an opt-in weekly
// email digest. The worker decides and sends (worker/services/notifications/); the service
// worker shows what arrives (web/src/service-worker/); the dashboard edits the preferences.

/** What we send, each mutable on its own, in the order the dashboard lists them. */
export const NOTIFICATION_TYPES = ['deadline', 'gazette', 'overtaken', 'manager_of_the_month', 'wall', 'member_joined'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

export const NOTIFICATION_LABELS: Record<NotificationType, { label: string; hint: string }> = {
  deadline: { label: 'Deadline reminders', hint: '24 hours and 90 minutes before each FPL deadline.' },
  gazette: { label: 'The Gazette is out', hint: 'When FPL checks a gameweek and your league’s Gazette is published.' },
  overtaken: { label: 'Overtaken in the live table', hint: 'When a rival passes you during a match window (once per rival per window).' },
  manager_of_the_month: { label: 'Manager of the Month decided', hint: 'When a month’s last gameweek is checked.' },
  wall: { label: 'Likes on your posts', hint: 'When someone likes what you posted on a league wall.' },
  member_joined: { label: 'A member joined your league', hint: 'For commissioners: when someone joins a league you run.' },
}

/** Quiet hours when a user has not chosen: nothing arrives between these local times. */
export const DEFAULT_QUIET_HOURS = { start: '23:00', end: '08:00' } as const

/** Never more than one push per user per type in this window. */
export const NOTIFICATION_RATE_WINDOW_MS = 15 * 60 * 1000

export interface NotificationPreferences {
  /** Types switched off; everything else is on. */
  muted: NotificationType[]
  quiet_hours: { enabled: boolean; start: string; end: string }
  /** An IANA time zone (the browser's when the user last saved). */
  time_zone: string
  /** The weekly email after each checked gameweek. Off until the user opts in. */
  email_digest: boolean
}

/** What the push service delivers to the service worker (JSON, encrypted per RFC 8291). */
export interface PushPayload {
  type: NotificationType
  title: string
  body: string
  /** A path in this app: the screen the notification opens. */
  url: string
  /** Notifications with the same tag replace each other on the device. */
  tag: string
}

/** A device's subscription as the browser gives it (`PushSubscription.toJSON()`), and a label. */
export interface PushSubscriptionInput {
  endpoint: string
  keys: { p256dh: string; auth: string }
  expirationTime?: number | null
}

export interface PushSubscriptionAnswer {
  id: string
  created_at: string
}

/** The service worker's message to the open app when a notification is clicked. */
export const OPEN_SCREEN_MESSAGE = 'banter-arena:open-screen'

/** The header the service worker adds to an answer it served from its cache while offline. */
export const OFFLINE_SAVED_AT_HEADER = 'X-Banter-Offline-Saved-At'

/** The tournament page's tabs a notification can open (`?tab=` on /tournaments/{id}). */
export const TOURNAMENT_TABS = ['standings', 'winners', 'banter', 'community', 'settings'] as const
export type TournamentTab = (typeof TOURNAMENT_TABS)[number]

export const tournamentScreen = (tournamentId: number, tab: TournamentTab) => `/tournaments/${tournamentId}?tab=${tab}`

/** The service worker's message when the browser replaced the push subscription: re-sync it. */
export const PUSH_SUBSCRIPTION_CHANGED_MESSAGE = 'banter-arena:push-subscription-changed'
