// `npm run dev`: the whole app locally and offline. Builds the SPA, migrates and seeds the local
// D1, starts the FPL simulator and `wrangler dev`, prints where to go. Ctrl-C, SIGTERM or SIGHUP
// stops everything.

import { NOTIFICATION_TYPES } from '../../contract/notifications.ts'
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed.ts'
import { refreshData, startStack, stopWhenAsked } from './stack.ts'

const port = Number(process.env.PORT ?? 8787)
const simPort = Number(process.env.FPL_SIMULATOR_PORT ?? 8790)
const pushPort = Number(process.env.FAKE_PUSH_PORT ?? 8791)

console.log('Building the SPA, preparing the local database and starting the FPL simulator...')
const started = Date.now()
const starting = startStack({ port, simPort, pushPort, verbose: process.argv.includes('--verbose') })
// Asked to stop at any point, even while the stack starts or the first refresh runs: this must
// watch from the start, or a parent gone before then is never noticed and wrangler serves on.
stopWhenAsked(async () => {
  console.log('\nStopping...')
  await (await starting.catch(() => null))?.stop()
  process.exit(0)
})
const stack = await starting
const refreshed = await refreshData(stack.url).catch((error: Error) => ({ error: error.message }))
const dataLine =
  'error' in refreshed
    ? `FPL data:       refresh failed (${refreshed.error}); POST ${stack.url}/api/dev/refresh to retry`
    : `FPL data:       gameweek ${refreshed.gameweek}, ${refreshed.done} tournaments refreshed${refreshed.failed ? `, ${refreshed.failed} failed` : ''}`

console.log(`
  Banter Arena is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)

  App:            ${stack.url}
  API health:     ${stack.url}/api/health
  Dev outbox:     ${stack.url}/api/dev/outbox   (emails land here without RESEND_API_KEY)
  Metrics:        ${stack.url}/api/dev/metrics  (what Analytics Engine would get; docs/operations.md)
  FPL simulator:  ${stack.simulator.url}   (control: ${stack.simulator.url.replace(/\/api$/, '')}/__sim/state)

  ${dataLine}
  Next gameweek:  curl -X POST ${stack.simulator.url.replace(/\/api$/, '')}/__sim/advance && curl -X POST ${stack.url}/api/dev/refresh

  Live match day: curl -X POST ${stack.simulator.origin}/__sim/matchday   (the next gameweek, from its deadline; first kick-off 89 minutes on)
    step on:      curl -X POST ${stack.simulator.origin}/__sim/step -d '{"minutes": 95}'
    or run it:    curl -X POST ${stack.simulator.origin}/__sim/speed -d '{"factor": 60}'   (a match minute a second; 0 stops)
    score a goal: curl -X POST ${stack.simulator.origin}/__sim/goal -d '{"element": ID}'   (ID: a player on the pitch, see ${stack.simulator.url}/event/GW/live/)

  Notifications:  curl -X POST ${stack.url}/api/dev/notify -H 'content-type: application/json' -d '{"email": "${DEMO_EMAIL}", "type": "gazette"}'
                  (types: ${NOTIFICATION_TYPES.join(', ')}; pushes to a browser's real push service need the internet;
                  offline, subscriptions made on the fake push service ${stack.push.origin}/__push/subscriptions record them at /__push/received)

  Demo login:     ${DEMO_EMAIL} / ${DEMO_PASSWORD}

  Press Ctrl-C to stop.
`)
