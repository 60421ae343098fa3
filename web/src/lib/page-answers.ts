// Answers the worker wrote into the page for anonymous visitors (#page-answers, see
// worker/routes/tournament-page.ts): API path → status and body. apiFetch uses each one once,
// for the first anonymous GET of that path, instead of asking the network.

export interface PageAnswer {
  status: number
  body: unknown
}

const ELEMENT_ID = 'page-answers'
const pending = new Map<string, PageAnswer>()

const isPageAnswer = (value: unknown): value is PageAnswer =>
  Boolean(value) && typeof value === 'object' && typeof (value as PageAnswer).status === 'number' && 'body' in (value as object)

/** Moves the page's answers (once) out of the document into `pending`. */
function collect() {
  const element = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID)
  if (!element) return
  element.remove()
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '')
    if (!parsed || typeof parsed !== 'object') return
    for (const [path, answer] of Object.entries(parsed)) if (isPageAnswer(answer)) pending.set(path, answer)
  } catch {
    // A broken block only means the app asks the network.
  }
}

/** Whether the page came with an answer for `path` still unused. */
export function hasPageAnswer(path: string): boolean {
  collect()
  return pending.has(path)
}

/** The page's answer for `path`, if it has one still unused; it is used up. */
export function takePageAnswer(path: string): PageAnswer | undefined {
  collect()
  const answer = pending.get(path)
  pending.delete(path)
  return answer
}

/** Server side (worker/pages): the answers a page is rendered from, as the browser would read them. */
export function providePageAnswers(answers: Record<string, PageAnswer>) {
  pending.clear()
  for (const [path, answer] of Object.entries(answers)) if (isPageAnswer(answer)) pending.set(path, answer)
}
