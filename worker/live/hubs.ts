import type { Bindings } from '../env'

// How the worker addresses the live Durable Objects: the one poller by a fixed name, a
// tournament's hub by its id (each tournament's reads and sockets land on one object).

export const pollerOf = (env: Pick<Bindings, 'LIVE_POLLER'>) => env.LIVE_POLLER.get(env.LIVE_POLLER.idFromName('poller'))

export const hubOf = (env: Pick<Bindings, 'LIVE_HUB'>, tournamentId: number) => env.LIVE_HUB.get(env.LIVE_HUB.idFromName(`tournament:${tournamentId}`))
