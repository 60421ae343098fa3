// B8: Lighthouse (mobile, simulated throttling) with the installed Chrome or Chromium; the median
// of a few runs per page (a single run moves by a couple of hundred milliseconds of LCP).
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { browserPath } from '../support/browser-path.ts'
import { add, fmt, ratio } from './table.ts'

interface LighthouseFigures {
  score: number
  lcp: number
  tbt: number
  cls: number
}

// Lighthouse now and then fails to record a trace (NO_NAVSTART) on a cold Chromium: one retry.
async function once(url: string): Promise<LighthouseFigures> {
  try {
    return await attempt(url)
  } catch (error) {
    console.warn(`  Lighthouse run failed (${String(error)}); once more`)
    return attempt(url)
  }
}

async function attempt(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: browserPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
    const lhr = result?.lhr
    if (!lhr) throw new Error('no report')
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message)
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    }
  } finally {
    await chrome.kill()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

export async function lighthouseRun(url: string, label: string, runs = 3) {
  const all: LighthouseFigures[] = []
  for (let i = 0; i < runs; i++) all.push(await once(url))
  const m = (key: keyof LighthouseFigures) => median(all.map((f) => f[key]))
  const spread = (key: keyof LighthouseFigures, digits: number) => (runs > 1 ? ` (runs: ${all.map((f) => fmt(f[key], digits)).join(', ')})` : '')
  const of = `median of ${runs}`
  add(`Lighthouse ${label}: mobile performance score (${of})`, `${fmt(m('score'), 0)}${spread('score', 0)}`, '100', ratio(m('score'), 100), '≥ 95')
  add(`Lighthouse ${label}: LCP (ms, ${of})`, `${fmt(m('lcp'), 0)}${spread('lcp', 0)}`, '2,500 ms (good)', ratio(m('lcp'), 2500), '≤ 1,800 ms')
  add(`Lighthouse ${label}: TBT (ms, ${of})`, fmt(m('tbt'), 0), '200 ms (good)', ratio(m('tbt'), 200), '≤ 100 ms')
  add(`Lighthouse ${label}: CLS (${of})`, `${fmt(m('cls'), 3)}${spread('cls', 3)}`, '0.1 (good)', ratio(m('cls'), 0.1), '≤ 0.02')
}
