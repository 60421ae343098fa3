/**
 * Runs `task` just after the browser has painted the current document: a requestAnimationFrame
 * callback runs before the frame's paint, a task queued from it runs after. A hidden tab never
 * paints (and throttles animation frames), so there the task runs straight away.
 */
export function afterFirstPaint(task: () => void) {
  if (document.visibilityState !== 'visible') {
    setTimeout(task, 0)
    return
  }
  requestAnimationFrame(() => setTimeout(task, 0))
}
