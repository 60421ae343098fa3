// B8: Lighthouse (mobile, simulated throttling) with Debian's Chromium, one run per page.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { add, fmt, ratio } from './table.ts'

export async function lighthouseRun(url: string, label: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
    const lhr = result?.lhr
    if (!lhr) throw new Error('no report')
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message)
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const score = (lhr.categories.performance?.score ?? Number.NaN) * 100
    add(`Lighthouse ${label}: mobile performance score`, fmt(score, 0), '100', ratio(score, 100), '≥ 95')
    add(`Lighthouse ${label}: LCP (ms)`, fmt(audit('largest-contentful-paint'), 0), '2,500 ms (good)', ratio(audit('largest-contentful-paint'), 2500), '≤ 1,800 ms')
    add(`Lighthouse ${label}: TBT (ms)`, fmt(audit('total-blocking-time'), 0), '200 ms (good)', ratio(audit('total-blocking-time'), 200), '≤ 100 ms')
    add(`Lighthouse ${label}: CLS`, fmt(audit('cumulative-layout-shift'), 3), '0.1 (good)', ratio(audit('cumulative-layout-shift'), 0.1), '≤ 0.02')
  } finally {
    await chrome.kill()
  }
}
