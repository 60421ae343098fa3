import { useMutation } from '@tanstack/react-query'
import { parseResponse } from 'hono/client'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { normalizeEmail, PASSWORD_MIN_LENGTH, passwordLength, passwordMustContain } from '../../../../contract/account-rules'
import { EmailField, FormMessage, NewPasswordField, SubmitButton, TextField } from '../../components/forms'
import { analytics } from '../../lib/analytics'
import { ApiError, publicApi } from '../../lib/api'
import { errorText } from '../../lib/errors'
import { isStrongPassword, isValidEmail, parsePositiveId } from '../../lib/validation'
import { TeamConfirmation } from '../fpl-team/TeamConfirmation'
import { type RequiredLeague, useTeamConfirmation } from '../fpl-team/useTeamConfirmation'
import type { RegisterAnswer } from './types'

type Field = 'name' | 'email' | 'password' | 'fplTeamId'
type Values = Record<Field, string>
type Errors = Partial<Record<Field, string>>

const sendRegistration = (json: Parameters<typeof publicApi.auth.register.$post>[0]['json']) => parseResponse(publicApi.auth.register.$post({ json }))

function commonErrors(values: Values): Errors {
  const errors: Errors = {}
  const email = normalizeEmail(values.email)
  if (!values.name.trim()) errors.name = 'Name is required'
  if (!email) errors.email = 'Email is required'
  else if (!isValidEmail(email)) errors.email = 'Invalid email format'
  if (!values.password) errors.password = 'Password is required'
  return errors
}

/** The register panel's rules: a strong password; the team is optional. */
function registerErrors(values: Values): Errors {
  const errors = commonErrors(values)
  if (values.password && !isStrongPassword(values.password)) errors.password = passwordMustContain(values.password) ?? undefined
  const teamText = values.fplTeamId.trim()
  if (teamText && parsePositiveId(teamText) === null) errors.fplTeamId = 'FPL Team ID must be a positive number'
  return errors
}

/** The invite page's own rules: the team is required, the password only needs its length. */
export function inviteRegistrationErrors(values: Values): Errors {
  const errors = commonErrors(values)
  if (values.password && passwordLength(values.password) < PASSWORD_MIN_LENGTH) errors.password = 'Password must be at least 8 characters'
  if (!values.fplTeamId.trim()) errors.fplTeamId = 'FPL Team ID is required'
  else if (parsePositiveId(values.fplTeamId) === null) errors.fplTeamId = 'Please enter a valid FPL Team ID'
  return errors
}

export interface SignUpFormProps {
  /**
   * The invite being answered: the team is then required and must play in the invite's FPL
   * league, and the account joins the tournament as it is created.
   */
  invite?: { code: string; league: RequiredLeague | undefined }
  /** The account exists: what happens next is the caller's (`entered` fills what the answer leaves out). */
  onRegistered: (answer: RegisterAnswer, entered: { name: string; email: string }) => void
  /** Shown as a Cancel button under the form. */
  onCancel?: () => void
  /** The caller shows its own success message instead of the form. */
  done?: boolean
}

/** The sign-up form of the register panel and of the invite page. */
export function SignUpForm({ invite, onRegistered, onCancel, done = false }: SignUpFormProps) {
  const inviting = invite !== undefined
  const [values, setValues] = useState<Values>({ name: '', email: '', password: '', fplTeamId: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [passwordTouched, setPasswordTouched] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const team = useTeamConfirmation(invite?.league)
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    fplTeamId: useRef<HTMLInputElement>(null),
  }

  // The dialog focuses its `data-autofocus` field; the invite page's form opens in the page.
  const nameRef = refs.name
  useEffect(() => {
    if (inviting) nameRef.current?.focus()
  }, [inviting, nameRef])

  const teamText = values.fplTeamId.trim()
  const teamId = teamText ? parsePositiveId(teamText) : null
  const name = values.name.trim()
  const email = normalizeEmail(values.email)

  const teamError = (error: string) => {
    setErrors((e) => ({ ...e, fplTeamId: error }))
    refs.fplTeamId.current?.focus()
  }

  const registration = useMutation({
    mutationFn: () =>
      sendRegistration({
        name,
        email,
        password: values.password,
        ...(teamId !== null ? { fpl_team_id: teamId } : {}),
        ...(invite ? { invite_code: invite.code } : {}),
      }),
    onSuccess: (answer) => {
      analytics.signUp()
      onRegistered(answer, { name, email })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'team_not_in_league') {
        team.reset()
        teamError(errorText(error, 'This team is not in the league you were invited to. Check your FPL Team ID.'))
        return
      }
      setFormError(errorText(error, 'Registration failed'))
    },
  })
  const busy = registration.isPending
  const register = () => registration.mutate()

  // A field's error clears when the user edits it.
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
    if (field === 'fplTeamId') team.reset()
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || done) return
    const next = inviting ? inviteRegistrationErrors(values) : registerErrors(values)
    setErrors(next)
    setFormError(null)
    const order = inviting ? (['name', 'email', 'fplTeamId', 'password'] as const) : (['name', 'email', 'password', 'fplTeamId'] as const)
    const firstInvalid = order.find((f) => next[f])
    if (firstInvalid) return refs[firstInvalid].current?.focus()
    // Nothing is created until the team is confirmed as the user's (and, for an invite, in its league).
    if (teamId === null) return register()
    const result = await team.check(teamId)
    if (result === 'confirmed') register()
    else if (result !== 'wait') teamError(result.error)
  }

  const passwordOk = isStrongPassword(values.password)
  // Live: once the user has left the field (or tried to submit), say what is still missing.
  const passwordProblem = errors.password ?? (passwordTouched && values.password ? passwordMustContain(values.password) : null)
  const password = (
    <NewPasswordField
      ref={refs.password}
      label="Password"
      value={values.password}
      checklist={!inviting}
      error={passwordProblem}
      hint={inviting ? 'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.' : undefined}
      onChange={(e) => set('password', e.target.value)}
      onBlur={inviting ? undefined : () => setPasswordTouched(true)}
    />
  )
  const teamField = (
    <TextField
      ref={refs.fplTeamId}
      label="FPL Team ID"
      labelNote={inviting ? undefined : '(optional)'}
      name="fpl_team_id"
      inputMode="numeric"
      autoComplete="off"
      value={values.fplTeamId}
      error={errors.fplTeamId}
      hint={`The number in your FPL Points page address: fantasy.premierleague.com/entry/1234567/.${inviting ? '' : " We'll find your leagues."}`}
      onChange={(e) => set('fplTeamId', e.target.value)}
    />
  )

  return (
    <form
      className={inviting ? 'form text-left' : 'form'}
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy || undefined}
      aria-label={inviting ? 'Sign up to join' : undefined}
      hidden={done}
    >
      <TextField
        ref={refs.name}
        label="Name"
        name="name"
        autoComplete="name"
        maxLength={50}
        data-autofocus={inviting ? undefined : true}
        value={values.name}
        error={errors.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <EmailField ref={refs.email} value={values.email} error={errors.email} onChange={(e) => set('email', e.target.value)} />
      {inviting ? teamField : password}
      {inviting ? password : teamField}
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      {team.state.status === 'asking' ? (
        <TeamConfirmation
          check={team}
          confirmLabel={inviting ? 'Yes, create my account & join' : 'Yes, create my account'}
          onConfirmed={register}
          returnFocusTo={refs.fplTeamId}
        />
      ) : (
        <SubmitButton
          busy={busy || team.state.status === 'checking'}
          busyText={busy ? 'Creating Account...' : 'Checking team...'}
          disabled={inviting ? undefined : !passwordOk}
        >
          {inviting ? 'Create Account & Join' : 'Create Account'}
        </SubmitButton>
      )}
      {onCancel ? (
        <button type="button" className="button button--ghost button--block" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      ) : null}
    </form>
  )
}
