// The two share toasts the tournament page may show before the dialog (and its chunk) loads.

import type { ToastOptions } from '../toast/toast-types'

export const LOGIN_REQUIRED: ToastOptions = {
  title: 'Login Required',
  description: 'Please log in to create shareable links.',
  variant: 'destructive',
}

export const LEAGUE_ACCESS_REQUIRED: ToastOptions = {
  title: 'League Access Required',
  description: 'You must be a member of this league to share its content',
  variant: 'destructive',
}
