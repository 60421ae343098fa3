/**
 * Whether a team's owner has proved it is theirs (the name-code check), as one badge wherever a
 * team id is shown. The titles say whose proof it is: "you" on the profile, "this member" to a
 * commissioner.
 */
export function VerifiedBadge({ verified, whose, className = '' }: { verified: boolean | undefined; whose: 'you' | 'member'; className?: string }) {
  const classes = (tone: string) => `badge badge--${tone}${className ? ` ${className}` : ''}`
  if (verified) {
    return (
      <span className={classes('primary')} title={whose === 'you' ? 'You proved this FPL team is yours' : 'This member proved the FPL team is theirs'}>
        <span aria-hidden="true">✓ </span>Verified
      </span>
    )
  }
  return (
    <span
      className={classes('neutral')}
      title={whose === 'you' ? 'Nobody has proved this FPL team is theirs yet' : 'This member has not proved the FPL team is theirs'}
    >
      Not verified
    </span>
  )
}
