import { parseResponse } from 'hono/client'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../components/ButtonLink'
import { ApiError, publicApi } from '../lib/api'
import { useDocumentTitle } from '../lib/useDocumentTitle'

/**
 * The weekly digest's unsubscribe link (decisions 139 and 152): works signed out. A click, not the visit,
 * unsubscribes: mail scanners open links in emails, and must not switch anyone's digest off.
 */
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<'ready' | 'working' | 'done'>('ready')
  const [problem, setProblem] = useState<string | null>(null)

  const unsubscribe = async () => {
    setState('working')
    setProblem(null)
    try {
      await parseResponse(publicApi.notifications.unsubscribe.$post({ form: { token } }))
      setState('done')
    } catch (error) {
      setProblem(error instanceof ApiError && error.detail ? error.detail : 'Something went wrong. Please try again.')
      setState('ready')
    }
  }

  return (
    <div className="container page page--narrow">
      <header className="page-header">
        <p className="eyebrow">Email</p>
        <h1>Unsubscribe from the weekly email digest</h1>
      </header>
      {state === 'done' ? (
        <div className="card" role="status">
          <p>You’re unsubscribed. You won’t get the weekly digest any more. You can turn it back on in your dashboard.</p>
          <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
        </div>
      ) : (
        <div className="card">
          <p>One click and the weekly digest stops. Your other notifications stay as they are.</p>
          {problem ? (
            <>
              <p className="form-message form-message--error" role="alert">
                {problem}
              </p>
              {/* An old or retired link: the dashboard's settings still turn the digest off. */}
              <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
            </>
          ) : null}
          <button type="button" className="button button--primary" disabled={state === 'working' || !token} onClick={() => void unsubscribe()}>
            {state === 'working' ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
          {!token ? <p className="form-message form-message--error">This unsubscribe link is not valid.</p> : null}
        </div>
      )}
    </div>
  )
}
