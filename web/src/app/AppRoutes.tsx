import { lazy } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import { lazyPage } from './lazy-page'
import { ShellLayout } from './ShellLayout'
import { StandaloneLayout } from './StandaloneLayout'

// Every page loads on demand. The landing is the page a first-time visitor opens: on "/" main.tsx
// starts its chunk beside the app's and mount.tsx waits for it, so the first render is the page
// (decision 168). Kept out of the page renderer's bundle, which never draws it (import.meta.glob,
// decision 119).
export const LandingPage = lazyPage(() => import.meta.glob<typeof import('../pages/LandingPage')>('../pages/LandingPage.tsx')['../pages/LandingPage.tsx']!())
const TournamentsPage = lazy(() => import('../pages/TournamentsPage'))
/** Shared links open here: mount.tsx loads it before the first render when the app opens on one. */
export const TournamentDetailPage = lazyPage(() => import('../pages/TournamentDetailPage'))
const AboutPage = lazy(() => import('../pages/AboutPage'))
const PrivacyPage = lazy(() => import('../pages/PrivacyPage'))
const TermsPage = lazy(() => import('../pages/TermsPage'))
const DashboardPage = lazy(() => import('../pages/DashboardPage'))
const CommissionerPage = lazy(() => import('../pages/CommissionerPage'))
const VerifyEmailPage = lazy(() => import('../pages/VerifyEmailPage'))
const VerificationPendingPage = lazy(() => import('../pages/VerificationPendingPage'))
const VerificationSuccessPage = lazy(() => import('../pages/VerificationSuccessPage'))
const VerificationErrorPage = lazy(() => import('../pages/VerificationErrorPage'))
const ResendVerificationPage = lazy(() => import('../pages/ResendVerificationPage'))
const ResetPasswordPage = lazy(() => import('../pages/ResetPasswordPage'))
const JoinInvitePage = lazy(() => import('../pages/JoinInvitePage'))
const SharedBanterPage = lazy(() => import('../pages/SharedBanterPage'))
// Only ever opened from an email: kept out of the page renderer's bundle (import.meta.glob, decision 119).
const UnsubscribePage = lazy(() =>
  import.meta.glob<typeof import('../pages/UnsubscribePage')>('../pages/UnsubscribePage.tsx')['../pages/UnsubscribePage.tsx']!(),
)

/** Redirects (replace) and keeps the navigation state, e.g. a message for the sign-in screen. */
function RedirectKeepingState({ to }: { to: string }) {
  const { state } = useLocation()
  return <Navigate to={to} replace state={state} />
}

/** The complete route table of both specs. */
export function AppRoutes() {
  return (
    <Routes>
      {/* Inside the shared shell: header and footer. */}
      <Route element={<ShellLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="tournaments" element={<TournamentsPage />} />
        <Route path="tournaments/:leagueId" element={<TournamentDetailPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="commissioner" element={<CommissionerPage />} />
      </Route>

      {/* Outside the shell: a slim bar with the logo and the theme toggle. */}
      <Route element={<StandaloneLayout />}>
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="verification-pending" element={<VerificationPendingPage />} />
        <Route path="verification-success" element={<VerificationSuccessPage />} />
        <Route path="verification-error" element={<VerificationErrorPage />} />
        <Route path="resend-verification" element={<ResendVerificationPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="join/:inviteCode" element={<JoinInvitePage />} />
        <Route path="share/banter/:shareId" element={<SharedBanterPage />} />
        <Route path="unsubscribe" element={<UnsubscribePage />} />
      </Route>

      {/*
        /login and /register: the product's rules use them only as link targets and leave how they
        open to us (decision 006): they open the auth dialog on the landing page, on the Sign In
        tab (/?signin=true) and the Create Account tab (/?register=true) respectively.
      */}
      <Route path="login" element={<RedirectKeepingState to="/?signin=true" />} />
      <Route path="register" element={<RedirectKeepingState to="/?register=true" />} />

      {/* Any other path goes home (decision 181, R6). */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  )
}
