/**
 * Serves a fetch handler over HTTP on loopback: the FPL simulator and the fake push service run
 * in-process in the worker tests (as a fetch handler) and as local servers for the dev stack, the
 * end-to-end tests and the benchmarks (through this).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost'])

export interface ServedFetch {
  /** http://127.0.0.1:8790 */
  origin: string
  port: number
  close(): Promise<void>
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function toHeaders(req: http.IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  return headers
}

async function handle(handler: (request: Request) => Promise<Response>, name: string, origin: string, req: http.IncomingMessage, res: http.ServerResponse) {
  // A client that gives up (timeout, abort) closes the socket: abort the request so that hangs end.
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const method = req.method ?? 'GET'
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req)
  const request = new Request(new URL(req.url ?? '/', origin), { method, headers: toHeaders(req), body, signal: controller.signal })
  let response: Response
  try {
    response = await handler(request)
  } catch (error) {
    if (controller.signal.aborted) return
    res.writeHead(500, { 'content-type': 'text/plain' }).end(`${name} error: ${error instanceof Error ? error.message : String(error)}`)
    return
  }
  const payload = Buffer.from(await response.arrayBuffer())
  const headers: Record<string, string> = {}
  response.headers.forEach((value, header) => {
    headers[header] = value
  })
  res.writeHead(response.status, headers)
  res.end(method === 'HEAD' ? undefined : payload)
}

export async function serveFetch(
  handler: (request: Request) => Promise<Response>,
  { name, port = 0, host = '127.0.0.1', onClose }: { name: string; port?: number; host?: string; onClose?: () => void },
): Promise<ServedFetch> {
  if (!LOOPBACK_HOSTS.has(host)) throw new Error(`The ${name} only binds loopback addresses, not ${host}`)
  let origin = ''
  const server = http.createServer((req, res) => {
    handle(handler, name, origin, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
  let closed: Promise<void> | null = null
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve) => {
      onClose?.()
      server.close(() => resolve())
      // Ends keep-alive sockets and hung requests (their abort signal fires).
      server.closeAllConnections()
    })
    return closed
  }
  return { origin, port: address.port, close }
}

/**
 * Runs a server script's `main` when the file is run directly (`node file.ts`), printing its
 * address; Ctrl-C or SIGTERM closes it.
 */
export function runAsScript(moduleUrl: string, main: () => Promise<{ close(): Promise<void>; banner: string }>) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return
  main().then(
    (running) => {
      console.log(running.banner)
      const stop = () => {
        running.close().then(
          () => process.exit(0),
          () => process.exit(1),
        )
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
