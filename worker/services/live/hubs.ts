import type { Bindings } from '../../env'

// How the worker addresses the live Durable Objects: the one poller by a fixed name, a
// tournament's hub by a name made of its id (each tournament's reads and sockets land on one
// object, and the hub reads its id back from that name: `tournamentOfHub`).

const HUB_NAME = 'tournament:'

export const pollerOf = (env: Pick<Bindings, 'LIVE_POLLER'>) => env.LIVE_POLLER.get(env.LIVE_POLLER.idFromName('poller'))

export const hubOf = (env: Pick<Bindings, 'LIVE_HUB'>, tournamentId: number) => env.LIVE_HUB.get(env.LIVE_HUB.idFromName(`${HUB_NAME}${tournamentId}`))

/** The tournament of a hub named by `hubOf`; undefined when the runtime gave the object no name. */
export const tournamentOfHub = (name: string | undefined): number | undefined => (name?.startsWith(HUB_NAME) ? Number(name.slice(HUB_NAME.length)) : undefined)
