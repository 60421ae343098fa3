// The bench's one table: every figure with the baseline it is compared with in the same run.
interface Row {
  metric: string
  value: string
  baseline: string
  ratio: string
  target: string
}

const rows: Row[] = []

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a')
export const ratio = (a: number, b: number, digits = 2) => (Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? `${(a / b).toFixed(digits)}×` : 'n/a')

export function add(metric: string, value: string, baseline = '', r = '', target = '') {
  rows.push({ metric, value, baseline, ratio: r, target })
  console.log(`  ${metric}: ${value}${baseline ? ` (baseline ${baseline}, ${r})` : ''}`)
}

/** Runs one section; on failure its metrics show as "n/a (reason)" and the run goes on. */
export async function section(name: string, metrics: string[], fn: () => Promise<void>, timeoutMs = 300_000) {
  console.log(`\n== ${name}`)
  const before = rows.length
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs)
      }),
    ])
  } catch (error) {
    const reason = ((error as Error).message ?? String(error)).split('\n')[0]!.slice(0, 120)
    console.log(`  ${name} failed: ${(error as Error).stack ?? error}`)
    const done = new Set(rows.slice(before).map((r) => r.metric))
    for (const m of metrics) if (!done.has(m)) add(m, `n/a (${reason})`)
  } finally {
    clearTimeout(timer)
  }
  console.log(`  (${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`)
}

export function markdown(header: string): string {
  const esc = (s: string) => s.replaceAll('|', '\\|')
  const lines = ['| metric | value | baseline | ratio | target |', '|---|---|---|---|---|']
  for (const r of rows) lines.push(`| ${esc(r.metric)} | ${esc(r.value)} | ${esc(r.baseline)} | ${esc(r.ratio)} | ${esc(r.target)} |`)
  return `${header}\n\n${lines.join('\n')}\n`
}

export function plain(): string {
  const cols: Array<keyof Row> = ['metric', 'value', 'baseline', 'ratio', 'target']
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')
  return [line(cols), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map((r) => line(cols.map((c) => r[c])))].join('\n')
}
