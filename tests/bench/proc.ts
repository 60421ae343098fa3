// /proc readings of the stack's processes (Linux only): CPU time and memory of workerd; and a
// `wrangler dev` of the bench's own, started and stopped as one process group.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from '../stack/commands.ts'

const CLK_TCK = 100 // USER_HZ on Linux

function pids(): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number)
}

function stat(pid: number): string[] | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return s.slice(s.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
  } catch {
    return []
  }
}

/** The `wrangler dev` listening on this port (its pid is its process group: spawned detached). */
export function wranglerGroup(port: number): number {
  for (const pid of pids()) {
    const cmd = cmdline(pid)
    if (cmd.some((a) => a.endsWith('wrangler') || a.endsWith('wrangler.js') || a.endsWith('cli.js')) && cmd.includes('dev') && cmd.includes(String(port))) {
      return Number(stat(pid)?.[2] ?? pid)
    }
  }
  throw new Error(`wrangler dev on port ${port} not found`)
}

/** workerd processes in that process group. */
export function workerdPids(group: number): number[] {
  return pids().filter((pid) => Number(stat(pid)?.[2]) === group && cmdline(pid).some((a) => a.includes('workerd')))
}

/** utime+stime in ms, summed over the processes. */
export function cpuMs(list: number[]): number {
  let ticks = 0
  for (const pid of list) {
    const s = stat(pid)
    if (s) ticks += Number(s[11]) + Number(s[12]) // fields 14 and 15 (utime, stime), 0-based after the name
  }
  return (ticks * 1000) / CLK_TCK
}

/** Current and peak resident memory (MB) summed over the processes. */
export function memoryMb(list: number[]): { now: number; peak: number } {
  let now = 0
  let peak = 0
  for (const pid of list) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8')
      peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
      now += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
    } catch {
      // gone
    }
  }
  return { now: Math.round(now), peak: Math.round(peak) }
}

/** `wrangler dev` with these arguments, detached in a process group of its own. */
export function spawnWranglerDev(args: string[]) {
  const bin = path.join(ROOT, 'node_modules/.bin')
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, WRANGLER_SEND_METRICS: 'false', CI: 'true' }
  const child = spawn(path.join(bin, 'wrangler'), args, { cwd: ROOT, env, stdio: 'ignore', detached: true })
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // gone
    }
  }
  return {
    /** The workerd processes it runs. */
    workerd: () => workerdPids(child.pid!),
    /** Resolves at the first 2xx of `url` (GET, or POST with `body`). */
    async ready(url: string, body?: string, timeoutMs = 90_000) {
      for (const deadline = Date.now() + timeoutMs; ; ) {
        if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode})`)
        try {
          if ((await fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body })).ok) return
        } catch {
          // not yet
        }
        if (Date.now() > deadline) throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      signal('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (child.exitCode === null) signal('SIGKILL')
    },
  }
}

/**
 * Waits until these processes use less than `thresholdMsPerS` of CPU per second (or `maxMs` has
 * passed) and returns the last reading: browser timings taken while the queue still works
 * through a refresh would measure that work, not the page.
 */
export async function waitForQuiet(list: number[], thresholdMsPerS = 30, maxMs = 120_000): Promise<number> {
  const deadline = Date.now() + maxMs
  for (;;) {
    const before = cpuMs(list)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const used = cpuMs(list) - before
    if (used < thresholdMsPerS || Date.now() > deadline) return used
  }
}
