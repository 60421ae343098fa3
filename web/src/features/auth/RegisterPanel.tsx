import { parseResponse } from 'hono/client'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { normalizeEmail, passwordMustContain } from '../../../../contract/account-rules'
import { EmailField, FormMessage, PasswordChecklist, PasswordField, SubmitButton, TextField } from '../../components/forms'
import { analytics } from '../../lib/analytics'
import { publicApi } from '../../lib/api'
import { errorText } from '../../lib/errors'
import { plural } from '../../lib/format'
import { PRODUCT_NAME } from '../../lib/product'
import { isStrongPassword, isValidEmail, parsePositiveId } from '../../lib/validation'
import { TeamConfirmation } from '../fpl-team/TeamConfirmation'
import { useTeamConfirmation } from '../fpl-team/useTeamConfirmation'
import { useAuth } from './AuthProvider'
import { useAuthDialog } from './auth-dialog-context'
import { userFromAuthAnswer } from './session'

export interface RegisterPanelProps {
  /** Id for the panel's heading: the dialog is labelled by it. */
  titleId: string
}

/** Spec: after registering, go to the verification screen after 2 s, or 3 s when leagues were found. */
const REGISTER_REDIRECT_MS = 2000
const REGISTER_REDIRECT_WITH_LEAGUES_MS = 3000

type Field = 'name' | 'email' | 'password' | 'fplTeamId'
type Errors = Partial<Record<Field, string>>

/** Create Account tab of the auth dialog. */
export function RegisterPanel({ titleId }: RegisterPanelProps) {
  const { setTab, close } = useAuthDialog()
  const { login } = useAuth()
  const navigate = useNavigate()
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '', fplTeamId: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [passwordTouched, setPasswordTouched] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [success, setSuccess] = useState<string | null>(null)
  const team = useTeamConfirmation()
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    fplTeamId: useRef<HTMLInputElement>(null),
  }
  const checklistId = useId()
  const successRef = useRef<HTMLDivElement>(null)
  // The form hides on success: move focus to the message so it is not lost.
  useEffect(() => {
    if (success) successRef.current?.focus()
  }, [success])

  const passwordOk = isStrongPassword(values.password)
  // Live: once the user has left the field (or tried to submit), say what is still missing.
  const passwordProblem = errors.password ?? (passwordTouched && values.password ? passwordMustContain(values.password) : null)

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
    if (field === 'fplTeamId') team.reset()
  }

  const teamText = values.fplTeamId.trim()
  const teamId = teamText ? parsePositiveId(teamText) : null
  const name = values.name.trim()
  const email = normalizeEmail(values.email)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || success) return
    const next: Errors = {}
    if (!name) next.name = 'Name is required'
    if (!email) next.email = 'Email is required'
    else if (!isValidEmail(email)) next.email = 'Invalid email format'
    if (!values.password) next.password = 'Password is required'
    else if (!passwordOk) next.password = passwordMustContain(values.password) ?? undefined
    if (teamText && teamId === null) next.fplTeamId = 'FPL Team ID must be a positive number'
    setErrors(next)
    setFormError(null)
    const firstInvalid = (['name', 'email', 'password', 'fplTeamId'] as const).find((f) => next[f])
    if (firstInvalid) return refs[firstInvalid].current?.focus()
    // A team id is confirmed by its owner before the account is created with it.
    if (teamId !== null) {
      const result = await team.check(teamId)
      if (result !== 'confirmed') {
        if (result !== 'wait') {
          setErrors({ fplTeamId: result.error })
          refs.fplTeamId.current?.focus()
        }
        return
      }
    }
    await register()
  }

  const register = async () => {
    setBusy(true)
    try {
      const answer = await parseResponse(
        publicApi.auth.register.$post({ json: { name, email, password: values.password, ...(teamId !== null ? { fpl_team_id: teamId } : {}) } }),
      )
      analytics.signUp()
      if (answer.verification_required) {
        const discovered = answer.discovered_leagues ?? []
        const to = answer.email ?? email
        setSuccess(
          discovered.length > 0
            ? `Account created! We found ${plural(discovered.length, 'league')} with your FPL team. Check ${to} to verify your email.`
            : `Account created! Check ${to} to verify your email.`,
        )
        // Not cleared if the dialog closes meanwhile: the user still belongs on the verification screen.
        setTimeout(
          () => {
            close()
            navigate('/verification-pending', {
              state: { email: to, discoveredLeagues: discovered, hasDiscoveredLeagues: discovered.length > 0 },
            })
          },
          discovered.length > 0 ? REGISTER_REDIRECT_WITH_LEAGUES_MS : REGISTER_REDIRECT_MS,
        )
      } else if (answer.access_token) {
        login(answer.access_token, userFromAuthAnswer({ ...answer, email: answer.email ?? email, name: answer.name ?? name }))
        close()
      } else {
        setTab('login')
      }
    } catch (error) {
      setFormError(errorText(error, 'Registration failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="auth-panel" data-mode="register">
      <h2 id={titleId} className="auth-panel__title">
        Join {PRODUCT_NAME}
      </h2>
      <p className="auth-panel__lede">Create a free account. Add your FPL team ID and we&apos;ll find the mini-leagues you already play in.</p>
      {success ? (
        <div ref={successRef} tabIndex={-1} className="focus-target">
          <FormMessage tone="success">
            <strong>{success}</strong>
            <span className="form-message__sub">Taking you to the next step…</span>
          </FormMessage>
        </div>
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined} hidden={Boolean(success)}>
        <TextField
          ref={refs.name}
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={50}
          data-autofocus
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <EmailField ref={refs.email} value={values.email} error={errors.email} onChange={(e) => set('email', e.target.value)} />
        <PasswordField
          ref={refs.password}
          label="Password"
          name="new-password"
          autoComplete="new-password"
          value={values.password}
          error={passwordProblem}
          describedBy={checklistId}
          onChange={(e) => set('password', e.target.value)}
          onBlur={() => setPasswordTouched(true)}
        />
        <PasswordChecklist id={checklistId} password={values.password} />
        <TextField
          ref={refs.fplTeamId}
          label="FPL Team ID"
          labelNote="(optional)"
          name="fpl_team_id"
          inputMode="numeric"
          autoComplete="off"
          value={values.fplTeamId}
          error={errors.fplTeamId}
          hint="The number in your FPL Points page address: fantasy.premierleague.com/entry/1234567/. We'll find your leagues."
          onChange={(e) => set('fplTeamId', e.target.value)}
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        {team.state.status === 'asking' ? (
          <TeamConfirmation check={team} confirmLabel="Yes, create my account" onConfirmed={() => void register()} returnFocusTo={refs.fplTeamId} />
        ) : (
          <SubmitButton busy={busy || team.state.status === 'checking'} busyText={busy ? 'Creating Account...' : 'Checking team...'} disabled={!passwordOk}>
            Create Account
          </SubmitButton>
        )}
      </form>
      <div className="auth-panel__links">
        <button type="button" className="link-button" onClick={() => setTab('login')}>
          Already have an account? Sign in
        </button>
      </div>
    </section>
  )
}
