import { ApiError, NetworkError } from './api'

// The product's message texts for failures that have no server detail (decision 181, R8).
const NETWORK_TRY_AGAIN = 'Network error. Please try again.'
export const NETWORK_CHECK_CONNECTION = 'Network error. Please check your connection and try again.'

/**
 * The text to show for a failed call: the server's `detail` (or `message`), else `fallback`;
 * `network` when the request never got an answer. A failure on our side (5xx) adds its request id.
 */
export function errorText(error: unknown, fallback: string, network: string = NETWORK_TRY_AGAIN): string {
  if (error instanceof NetworkError) return network
  if (error instanceof ApiError) return withReference(error.detail ?? fallback, error)
  return fallback
}

/** Our own failures name the request, so a user can quote it and we can find its log lines. */
function withReference(text: string, error: ApiError): string {
  return error.status >= 500 && error.requestId ? `${text} (Reference: ${error.requestId})` : text
}
