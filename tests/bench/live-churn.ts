// The live bench's connect-disconnect loops in a worker thread (live-viewers.ts, churn): they run
// until the main thread says "stop", then answer their counts.
import { parentPort, workerData } from 'node:worker_threads'
import { type ChurnOrder, churnLoops } from './live-viewers.ts'

let running = true
parentPort?.once('message', () => {
  running = false
})
parentPort?.postMessage(await churnLoops(workerData as ChurnOrder, () => running))
