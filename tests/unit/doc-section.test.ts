import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeDocSection } from '../reporters/doc-section.ts'

describe('writeDocSection (the generated tables of docs/)', () => {
  const page = (text: string) => {
    const root = mkdtempSync(path.join(tmpdir(), 'doc-section-'))
    writeFileSync(path.join(root, 'page.md'), text)
    return { root, read: () => readFileSync(path.join(root, 'page.md'), 'utf8') }
  }

  it('replaces only its own block and keeps the prose around it', () => {
    const { root, read } = page('# Title\n\nBefore.\n\n<!-- bench:start -->\nold table\n<!-- bench:end -->\n\nAfter.\n')
    writeDocSection('page.md', 'bench', '| a |\n|---|\n| 1 |\n\n', root)
    expect(read()).toBe('# Title\n\nBefore.\n\n<!-- bench:start -->\n| a |\n|---|\n| 1 |\n<!-- bench:end -->\n\nAfter.\n')
    writeDocSection('page.md', 'bench', 'second run', root)
    expect(read()).toBe('# Title\n\nBefore.\n\n<!-- bench:start -->\nsecond run\n<!-- bench:end -->\n\nAfter.\n')
  })

  it('refuses a page without the block rather than appending somewhere', () => {
    const { root, read } = page('# Title\n\n<!-- security:start -->\n')
    expect(() => writeDocSection('page.md', 'security', 'x', root)).toThrow('page.md has no <!-- security:start --> ... <!-- security:end --> block')
    expect(read()).toBe('# Title\n\n<!-- security:start -->\n')
  })
})
