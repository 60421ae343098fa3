import { createExecutionContext } from 'cloudflare:test'
import OgRenderer from '../../../worker/og/index'
import type { CardInput } from '../../../worker/og/protocol'

/**
 * The real share-image renderer (worker/og's RPC entrypoint) in the test's isolate, standing in
 * for the OG_RENDERER service binding. The card is structured-cloned as RPC would; `onCard` sees
 * each one first and may throw to make the call fail.
 */
export function ogRenderer(onCard?: (card: CardInput) => void): Env['OG_RENDERER'] {
  // The renderer reads no bindings.
  const entrypoint = new OgRenderer(createExecutionContext(), {} as Cloudflare.Env)
  const render = async (card: CardInput) => {
    const sent = structuredClone(card)
    onCard?.(sent)
    return entrypoint.render(sent)
  }
  // A plain object with the one method the API calls, in place of the service binding.
  return { render } as unknown as Env['OG_RENDERER']
}
