import { useLayoutEffect } from 'react'
import { useAuth } from '../features/auth/AuthProvider'
import { useAuthDialog } from '../features/auth/auth-dialog-context'
import { useToast } from '../features/toast/ToastProvider'
import { registerApiHandlers } from '../lib/api-handlers'

/**
 * Connects lib/api.ts to the providers: the token comes from the auth session, and a 401 on a
 * call that carried a token logs out, opens the sign-in tab and shows the toast of decision 181, R4
 * ("Authentication Required" / "Please login again to continue").
 * Renders nothing; must sit inside AuthProvider, AuthDialogProvider and ToastProvider.
 */
export function ApiBridge() {
  const { getToken, logout } = useAuth()
  const { open } = useAuthDialog()
  const { toast } = useToast()

  // A layout effect registers before any page's passive effect can start a request.
  // All four functions are stable, so this registers once per mount.
  useLayoutEffect(
    () =>
      registerApiHandlers({
        getToken,
        onUnauthorized: () => {
          logout()
          open('login')
          toast({
            title: 'Authentication Required',
            description: 'Please login again to continue',
            variant: 'destructive',
          })
        },
      }),
    [getToken, logout, open, toast],
  )
  return null
}
