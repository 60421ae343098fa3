/** Avatar text: initials of the user's name (first and last word), or "ME" without a name. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
  const first = words[0]
  if (!first) return 'ME'
  const last = words.length > 1 ? words[words.length - 1] : undefined
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '')
  return (letter(first) + letter(last)).toUpperCase()
}
