// /proc readings of the stack's processes (Linux only): CPU time and memory of workerd.
import { readdirSync, readFileSync } from 'node:fs'

const CLK_TCK = 100 // USER_HZ on Linux

function pids(): number[] {
  return readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(Number)
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
