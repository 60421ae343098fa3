import { type InputHTMLAttributes, type ReactNode, type Ref, useEffect, useId, useState } from 'react'
import { PASSWORD_RULES } from '../../../contract/account-rules'
import { isStrongPassword, loadCommonPasswordCheck } from '../lib/validation'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id?: string
  label: ReactNode
  /** Shown under the field and announced with it (aria-describedby). */
  hint?: ReactNode
  /** Marks the field invalid (aria-invalid) and is announced with it. */
  error?: string | null
  /** Extra ids for aria-describedby (e.g. a checklist). */
  describedBy?: string
  /** Rendered inside the input's box, at its end (e.g. a show/hide button). */
  end?: ReactNode
  /** Text after the label, e.g. "(optional)". */
  labelNote?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/** A labelled input with its hint and error wired up for assistive tech. */
export function TextField({ id, label, hint, error, describedBy, end, labelNote, ref, className, ...input }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const described = [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field ${className ?? ''}`.trim()}>
      <label htmlFor={inputId} className="field__label">
        {label}
        {labelNote ? <span className="field__note"> {labelNote}</span> : null}
      </label>
      <div className={end ? 'input-wrap input-wrap--end' : 'input-wrap'}>
        <input {...input} ref={ref} id={inputId} className="input" aria-invalid={error ? true : undefined} aria-describedby={described} />
        {end}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** An FPL id (a team's or a league's): digits only, whatever is typed or pasted. */
export function IdField({
  onDigits,
  ...props
}: Omit<TextFieldProps, 'onChange' | 'inputMode' | 'pattern' | 'maxLength'> & { onDigits: (digits: string) => void }) {
  return <TextField {...props} inputMode="numeric" pattern="[0-9]*" maxLength={10} onChange={(e) => onDigits(e.target.value.replace(/\D/g, ''))} />
}

export type EmailFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode'> & { label?: ReactNode }

/** An email input: the email keyboard, autofill, and no autocapitalisation or spell check. */
export function EmailField({ label = 'Email', ...props }: EmailFieldProps) {
  return <TextField {...props} label={label} type="email" name="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'end'>

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [shown, setShown] = useState(false)
  const name = typeof props.label === 'string' ? props.label.toLowerCase() : 'password'
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      end={
        <button type="button" className="input-toggle" aria-label={`Show ${name}`} aria-pressed={shown} onClick={() => setShown((v) => !v)}>
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  )
}

type CommonPasswordCheck = Awaited<ReturnType<typeof loadCommonPasswordCheck>>

/** The common-password check, loaded once a password is typed (null until then). */
function useCommonPasswordCheck(password: string): CommonPasswordCheck | null {
  const [check, setCheck] = useState<CommonPasswordCheck | null>(null)
  useEffect(() => {
    if (!password || check) return
    let live = true
    // Offline or failed: the server refuses a common password all the same.
    loadCommonPasswordCheck().then(
      (module) => live && setCheck(module),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [password, check])
  return check
}

/**
 * A new password's field, followed (when `checklist`) by the live list of the rules it must meet,
 * which then describes the field.
 */
export function NewPasswordField({
  label = 'New Password',
  checklist = true,
  value,
  ...props
}: Omit<PasswordFieldProps, 'label' | 'name' | 'autoComplete' | 'describedBy' | 'value'> & { label?: string; value: string; checklist?: boolean }) {
  const rulesId = useId()
  return (
    <>
      <PasswordField {...props} label={label} name="new-password" autoComplete="new-password" value={value} describedBy={checklist ? rulesId : undefined} />
      {checklist ? <PasswordChecklist id={rulesId} password={value} /> : null}
    </>
  )
}

/**
 * The five password rules, each ticked as it is met; and, once they all are, a warning when the
 * password is one of the most common ones (which the server refuses).
 */
export function PasswordChecklist({ password, id, extra }: { password: string; id?: string; extra?: ReactNode }) {
  const common = useCommonPasswordCheck(password)
  const tooCommon = !!common && isStrongPassword(password) && common.isCommonPassword(password)
  return (
    <ul id={id} className="checklist" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password)
        return (
          <li key={rule.id} className="checklist__item" data-met={met}>
            <span className="checklist__mark" aria-hidden="true">
              {met ? '✓' : '○'}
            </span>
            {rule.label}
            <span className="visually-hidden">{met ? ' (done)' : ' (missing)'}</span>
          </li>
        )
      })}
      {tooCommon ? (
        <li className="checklist__item" data-met={false} role="alert">
          <span className="checklist__mark" aria-hidden="true">
            ✗
          </span>
          {common.COMMON_PASSWORD_MESSAGE}
        </li>
      ) : null}
      {extra}
    </ul>
  )
}

/** A form-level message: errors are alerts, successes and notes are polite status messages. */
export function FormMessage({ tone, children, id }: { tone: 'error' | 'success' | 'info'; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}

/** A button that shows a spinner and its busy text while `busy`. */
export function SubmitButton({
  busy,
  busyText,
  children,
  disabled,
  className = 'button button--primary button--block',
}: {
  busy: boolean
  busyText: string
  children: ReactNode
  disabled?: boolean
  className?: string
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
      {busy ? busyText : children}
    </button>
  )
}

/** A dialog's or an editor's Cancel and its submit button, which shows a spinner and `busyText` while busy. */
export function FormActions({
  busy,
  busyText,
  disabled = false,
  onCancel,
  className = 'button-row dialog-actions',
  children,
}: {
  busy: boolean
  busyText: string
  /** The submit button is off (it always is while busy). */
  disabled?: boolean
  onCancel: () => void
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button button--primary" disabled={busy || disabled} aria-busy={busy || undefined}>
        {busy ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
        {busy ? busyText : children}
      </button>
    </div>
  )
}
