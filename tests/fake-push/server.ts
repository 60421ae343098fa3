/**
 * Serves the fake push service (service.ts) on loopback for the dev stack and the end-to-end
 * tests, with a small control API for tests in another process:
 *
 *   POST /__push/subscriptions   a new browser subscription on this service (JSON)
 *   GET  /__push/received        what the worker sent, decrypted: [{ endpoint, headers, vapid, bytes, payload }]
 *   POST /__push/clear           forget what was received
 *
 *   node tests/fake-push/server.ts --port 8791
 */
import { parseArgs } from 'node:util'
import { runAsScript, serveFetch } from '../stack/serve-fetch.ts'
import { createFakePushService, type FakePushService } from './service.ts'

export interface RunningFakePush {
  origin: string
  service: FakePushService
  close(): Promise<void>
}

export async function startFakePushService({ port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {}): Promise<RunningFakePush> {
  const service = createFakePushService()
  let origin = ''
  const control = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url)
    if (request.method === 'POST' && pathname === '/__push/subscriptions') return Response.json(await service.subscribe(origin))
    if (request.method === 'GET' && pathname === '/__push/received') {
      const received = await Promise.all(
        service.received.map(async (push) => ({
          endpoint: push.endpoint,
          headers: push.headers,
          vapid: push.vapid,
          bytes: push.body.byteLength,
          payload: await service.decryptJson(push),
        })),
      )
      return Response.json(received)
    }
    if (request.method === 'POST' && pathname === '/__push/clear') {
      service.clear()
      return new Response(null, { status: 204 })
    }
    return service.fetch(request)
  }
  const served = await serveFetch(control, { name: 'fake push service', port, host })
  origin = served.origin
  return { origin, service, close: served.close }
}

runAsScript(import.meta.url, async () => {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8791' }, host: { type: 'string', default: '127.0.0.1' } } })
  const running = await startFakePushService({ port: Number(values.port), host: values.host })
  return { close: running.close, banner: `Fake push service listening on ${running.origin}` }
})
