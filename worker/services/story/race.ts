import type { StoryContext } from './context'

// Issue 16 helper H1 replaces this: the month and season races of a snapshot.
export function raceDocument(_ctx: StoryContext): Record<string, unknown> | null {
  return null
}
