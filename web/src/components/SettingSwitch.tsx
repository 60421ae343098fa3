import { useId } from 'react'

/** A setting's on/off switch with its label and hint (the dashboard's settings cards). */
export function SettingSwitch({
  label,
  hint,
  checked,
  disabled = false,
  busy = false,
  onToggle,
}: {
  label: string
  hint: string
  checked: boolean
  disabled?: boolean
  busy?: boolean
  onToggle: () => void
}) {
  const id = useId()
  return (
    <div className="switch-row">
      <div>
        <p id={`${id}-label`} className="switch-row__label">
          {label}
        </p>
        <p id={`${id}-desc`} className="switch-row__desc">
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-desc`}
        disabled={disabled}
        aria-busy={busy || undefined}
        onClick={onToggle}
      >
        <span className="switch__thumb" aria-hidden="true" />
        <span className="switch__text" aria-hidden="true">
          {checked ? 'On' : 'Off'}
        </span>
      </button>
    </div>
  )
}
