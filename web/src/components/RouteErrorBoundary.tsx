import { Component, type ErrorInfo, type ReactNode } from 'react'
import { reportClientError } from '../lib/report-error'
import { HomeLink } from './ButtonLink'

interface Props {
  /** Changing it (the pathname) clears the error, so navigating away recovers. */
  resetKey: string
  children: ReactNode
}

interface State {
  error: Error | null
  resetKey: string
}

/**
 * Catches a page that failed to render or whose code failed to load (e.g. an old tab asking for
 * a chunk that a new deploy replaced) and offers a reload instead of a blank screen.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack)
    reportClientError(error)
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <div className="container page page--narrow" role="alert">
        <h1>This page didn&apos;t load</h1>
        <p className="page-lede">Something went wrong on our side or the connection dropped. Reloading usually sorts it.</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            Reload page
          </button>
          <HomeLink />
        </div>
      </div>
    )
  }
}
