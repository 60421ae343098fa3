// Answers the worker wrote into the page for signed-out visitors (#page-answers, see
// worker/routes/tournament-page.ts and contract/page-answers.ts): API path → status and body. The
// app's query cache is seeded with them (app/query-client.ts) instead of asking the network.

import { PAGE_ANSWERS_ELEMENT_ID, type PageAnswer, type PageAnswers } from '../../../contract/page-answers'

const isPageAnswer = (value: unknown): value is PageAnswer =>
  Boolean(value) && typeof value === 'object' && typeof (value as PageAnswer).status === 'number' && 'body' in (value as object)

/** Takes the page's answers out of the document (once: the element is removed); none when it has none or a broken block. */
export function readPageAnswers(): PageAnswers {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID)
  if (!element) return {}
  element.remove()
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '')
    if (!parsed || typeof parsed !== 'object') return {}
    return Object.fromEntries(Object.entries(parsed).filter(([, answer]) => isPageAnswer(answer)))
  } catch {
    // A broken block only means the app asks the network.
    return {}
  }
}
